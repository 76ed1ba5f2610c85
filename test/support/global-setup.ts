import { startLocalDynamo } from '../../shared/local/dynamodb-local';

/** One DynamoDB Local (in memory) for the whole run; workers inherit its endpoint through the environment. */
export default async function globalSetup(): Promise<void> {
  const dynamo = await startLocalDynamo({ kind: 'memory' });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  (globalThis as { __dynamo__?: typeof dynamo }).__dynamo__ = dynamo;
}
