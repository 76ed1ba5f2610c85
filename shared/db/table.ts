import {
  type AttributeDefinition,
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  ResourceInUseException,
  ResourceNotFoundException,
  type TableDescription,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { INDEX } from './keys';

/** The table's key schema and indexes, read by the local runtime, the tests and the CDK stack alike. */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: Object.values(INDEX),
} as const;

/**
 * A table kept from an earlier version (a local data folder): its stream is turned on when it was off
 * (booking events read it); an index whose keys changed since cannot be fixed in place, so that is said
 * in one line rather than answered wrongly later.
 */
async function upToDate(
  client: DynamoDBClient,
  tableName: string,
  table: TableDescription | undefined,
  stream: boolean,
) {
  for (const index of TABLE_SCHEMA.indexes) {
    const found = table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === index.name);
    const keys = found?.KeySchema?.map((k) => k.AttributeName).join(',');
    if (keys !== `${index.pk},${index.sk}`) {
      throw new Error(
        `table ${tableName} was made by an earlier version (index ${index.name} changed): remove its data folder or use another LOCAL_DB`,
      );
    }
  }
  if (stream && !table?.StreamSpecification?.StreamEnabled) await enableStream(client, tableName);
}

/** Turns the table's stream on (a table made without it: a test's that reads no events). */
export async function enableStream(client: DynamoDBClient, tableName: string): Promise<void> {
  await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: STREAM }));
}

/** The booking events are read from the table's stream (docs/EVENTS.md), locally as on AWS. */
const STREAM = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } as const;

/**
 * Creates the table with every index when it does not exist yet (local store, tests), with its stream
 * unless `stream: false` (a test file that reads no events: every write to a table with a stream also
 * writes a stream record, about a fifth of DynamoDB Local's work per write).
 */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
  { stream = true }: { stream?: boolean } = {},
): Promise<'created' | 'existing'> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await upToDate(client, tableName, Table, stream);
    return 'existing';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const attributeNames = new Set<string>([TABLE_SCHEMA.partitionKey, TABLE_SCHEMA.sortKey]);
  const indexes: GlobalSecondaryIndex[] = TABLE_SCHEMA.indexes.map((index) => {
    attributeNames.add(index.pk);
    attributeNames.add(index.sk);
    return {
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.pk, KeyType: 'HASH' },
        { AttributeName: index.sk, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    };
  });
  const numeric = new Set<string>(TABLE_SCHEMA.indexes.filter((i) => i.skType === 'N').map((i) => i.sk));
  const attributes: AttributeDefinition[] = [...attributeNames].map((name) => ({
    AttributeName: name,
    AttributeType: numeric.has(name) ? 'N' : 'S',
  }));
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
        ],
        AttributeDefinitions: attributes,
        GlobalSecondaryIndexes: indexes,
        ...(stream ? { StreamSpecification: STREAM } : {}),
      }),
    );
  } catch (error) {
    // Another process sharing the engine created it between the two calls: it exists.
    if (error instanceof ResourceInUseException) return 'existing';
    throw error;
  }
  return 'created';
}
