import { Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TABLE_SCHEMA } from '../shared/db/table';
import type { StageConfig } from './config';

/** The stage's table: kept apart from the API so the API can be replaced without touching data. */
export class StatefulStack extends Stack {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, stage: StageConfig, props?: StackProps) {
    super(scope, id, props);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE_SCHEMA.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_SCHEMA.sortKey, type: AttributeType.STRING },
      // The same indexes as the local table, from the one declaration (shared/db/table.ts).
      globalSecondaryIndexes: TABLE_SCHEMA.indexes.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.pk, type: AttributeType.STRING },
        sortKey: { name: index.sk, type: AttributeType.STRING },
      })),
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryptionV2.awsManagedKey(),
      timeToLiveAttribute: 'expires_at',
      deletionProtection: stage.tableDeletionProtection,
      removalPolicy: stage.tableRemovalPolicy,
    });
  }
}
