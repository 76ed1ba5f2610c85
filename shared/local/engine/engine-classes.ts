import { type ClassArchive, prepareClassArchive } from './class-archive';
import { startLocalDynamo } from './dynamodb-local';

/**
 * Requests of every kind the API sends, on a table made as the API makes it (its indexes and stream): the
 * classes a throwaway engine loads while answering them are the ones its archive keeps.
 */
async function exercise(endpoint: string): Promise<void> {
  const dynamo = require('@aws-sdk/client-dynamodb') as typeof import('@aws-sdk/client-dynamodb');
  const doc = require('@aws-sdk/lib-dynamodb') as typeof import('@aws-sdk/lib-dynamodb');
  const { ensureTable, TABLE_SCHEMA } = require('../../db/table') as typeof import('../../db/table');
  const client = new dynamo.DynamoDBClient({
    endpoint,
    region: 'eu-west-3',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const documents = doc.DynamoDBDocumentClient.from(client);
  const TableName = 'classes';
  await ensureTable(client, TableName);
  const index = TABLE_SCHEMA.indexes[0];
  const item = (n: number) => ({
    pk: 'e#1',
    sk: `s#${n}`,
    ...(index ? { [index.pk]: 'x', [index.sk]: index.skType === 'N' ? n : `${n}` } : {}),
    count: n,
  });
  await documents.send(new doc.PutCommand({ TableName, Item: item(0) }));
  await documents.send(
    new doc.BatchWriteCommand({
      RequestItems: { [TableName]: [1, 2, 3].map((n) => ({ PutRequest: { Item: item(n) } })) },
    }),
  );
  await documents.send(
    new doc.TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName,
            Key: { pk: 'e#1', sk: 's#1' },
            UpdateExpression: 'ADD #c :one',
            ConditionExpression: 'attribute_exists(pk) AND #c < :max',
            ExpressionAttributeNames: { '#c': 'count' },
            ExpressionAttributeValues: { ':one': 1, ':max': 10 },
          },
        },
        {
          ConditionCheck: {
            TableName,
            Key: { pk: 'e#1', sk: 's#2' },
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        { Put: { TableName, Item: item(4), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Delete: { TableName, Key: { pk: 'e#1', sk: 's#3' } } },
      ],
    }),
  );
  await documents.send(
    new doc.UpdateCommand({
      TableName,
      Key: { pk: 'e#1', sk: 's#0' },
      UpdateExpression: 'SET #c = if_not_exists(#c, :zero) + :one',
      ExpressionAttributeNames: { '#c': 'count' },
      ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
      ReturnValues: 'ALL_NEW',
    }),
  );
  await documents.send(
    new doc.GetCommand({ TableName, Key: { pk: 'e#1', sk: 's#0' }, ConsistentRead: true }),
  );
  await documents.send(
    new doc.BatchGetCommand({
      RequestItems: {
        [TableName]: {
          Keys: [
            { pk: 'e#1', sk: 's#1' },
            { pk: 'e#1', sk: 's#2' },
          ],
        },
      },
    }),
  );
  await documents.send(
    new doc.QueryCommand({
      TableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
      FilterExpression: '#c > :zero',
      ExpressionAttributeNames: { '#c': 'count' },
      ExpressionAttributeValues: { ':pk': 'e#1', ':s': 's#', ':zero': 0 },
      Limit: 2,
      ScanIndexForward: false,
    }),
  );
  if (index)
    await documents.send(
      new doc.QueryCommand({
        TableName,
        IndexName: index.name,
        KeyConditionExpression: '#p = :p',
        ExpressionAttributeNames: { '#p': index.pk },
        ExpressionAttributeValues: { ':p': 'x' },
      }),
    );
  await documents.send(new doc.DeleteCommand({ TableName, Key: { pk: 'e#1', sk: 's#4' } }));
  await documents.send(new doc.ScanCommand({ TableName, Limit: 1 }));
  // A refused condition: the error path is loaded too.
  await documents
    .send(new doc.PutCommand({ TableName, Item: item(0), ConditionExpression: 'attribute_not_exists(pk)' }))
    .catch(() => undefined);
  await client.send(new dynamo.ListTablesCommand({}));
  await client.send(new dynamo.DeleteTableCommand({ TableName }));
  client.destroy();
}

/**
 * This machine's class-data archive for DynamoDB Local (class-archive.ts), made when missing: the test
 * run's set-up calls it before it starts the run's engine. Never throws; undefined when it cannot be made.
 */
export function prepareEngineClasses(): Promise<ClassArchive | undefined> {
  return prepareClassArchive(
    (dumpTo, jar) => startLocalDynamo({ kind: 'memory' }, undefined, 'quick', { jar, dumpTo }),
    exercise,
  );
}
