import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** The one table every repository reads and writes: the document client and the table's name. */
export interface TableHandle {
  doc: DynamoDBDocumentClient;
  name: string;
}
