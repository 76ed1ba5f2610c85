import type { LocalDynamo } from '../../shared/local/dynamodb-local';

/** Stops the run's DynamoDB Local: no Java process outlives the tests. */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __dynamo__?: LocalDynamo }).__dynamo__?.stop();
}
