import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, StreamViewType, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { TABLE_SCHEMA } from '../../shared/db/table';
import { addAlarmTopic, addTableAlarm } from '../observability';
import type { StageConfig } from '../stage/config';

/** The expiry of idempotency records, events and pending deliveries (docs/design/data-model.md). */
export const TTL_ATTRIBUTE = 'expires_at';

export interface StatefulStackProps extends StackProps {
  stage: StageConfig;
}

/** The stage's table, kept apart from the API so the API can be replaced without touching data. */
export class StatefulStack extends Stack {
  readonly table: TableV2;
  /** Every alarm of the stage notifies it (infra/observability.ts, NotifyEveryAlarm). */
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { stage } = props;
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE_SCHEMA.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_SCHEMA.sortKey, type: AttributeType.STRING },
      // The same indexes as the local table, from the one declaration (shared/db/table.ts).
      globalSecondaryIndexes: TABLE_SCHEMA.indexes.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.pk, type: AttributeType.STRING },
        sortKey: { name: index.sk, type: index.skType === 'N' ? AttributeType.NUMBER : AttributeType.STRING },
      })),
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryptionV2.awsManagedKey(),
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // Booking events are made from the table's changes (docs/EVENTS.md).
      dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES,
      deletionProtection: stage.table.deletionProtection,
      removalPolicy: stage.table.removalPolicy,
    });

    this.alarmTopic = addAlarmTopic(this, stage);
    addTableAlarm(this, this.table, stage);

    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alarmTopic.topicArn,
      description: 'Where every alarm of the stage goes: subscribe more endpoints to it',
    });
    new CfnOutput(this, 'TableName', {
      value: this.table.tableName,
      description: 'TABLE_NAME for `npm run admin -- --remote ...`',
    });
  }
}
