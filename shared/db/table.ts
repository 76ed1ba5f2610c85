import {
  type AttributeDefinition,
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { INDEX } from './keys';

/** The table's key schema and indexes, read by the local runtime, the tests and the CDK stack alike. */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: Object.values(INDEX),
} as const;

/** Creates the table with every index when it does not exist yet (local store, tests). */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
): Promise<'created' | 'existing'> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
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
      // The booking events are read from the table's stream (docs/EVENTS.md), locally as on AWS.
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  return 'created';
}
