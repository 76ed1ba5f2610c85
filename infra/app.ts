import { App, Aspects, type Environment, Tags } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api-stack';
import { type StageName, stageConfig } from './config';
import { EventsStack } from './events-stack';
import { NotifyEveryAlarm } from './observability';
import { StatefulStack } from './stateful-stack';

export interface BookingStacks {
  data: StatefulStack;
  api: ApiStack;
  events: EventsStack;
}

/**
 * Both stages, each a stateful stack (the table) and an API stack: distinct tables, so distinct entities
 * and keys. Stacks are environment-agnostic unless the CLI knows the account and region.
 */
export function buildApp(app = new App()): { app: App; stages: Record<StageName, BookingStacks> } {
  const env: Environment | undefined =
    process.env.CDK_DEFAULT_ACCOUNT && process.env.CDK_DEFAULT_REGION
      ? { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION }
      : undefined;
  const context = (key: string): unknown => app.node.tryGetContext(key);

  const build = (name: StageName): BookingStacks => {
    const stage = stageConfig(name, context);
    const data = new StatefulStack(app, `${stage.stackPrefix}-Data`, {
      env,
      stage,
      description: `Appointment booking: the table (${stage.name})`,
    });
    // The API stack imports the table's name and ARN, so CDK deploys the data stack first.
    const api = new ApiStack(app, `${stage.stackPrefix}-Api`, {
      env,
      stage,
      table: data.table,
      description: `Appointment booking: HTTP API and functions (${stage.name})`,
    });
    const events = new EventsStack(app, `${stage.stackPrefix}-Events`, {
      env,
      stage,
      table: data.table,
      description: `Appointment booking: booking events, webhook deliveries and their queues (${stage.name})`,
    });
    for (const stack of [data, api, events]) {
      // A dashboard takes no tags (CloudFormation's schema, as cfn-lint checks it, has none).
      const tagging = { excludeResourceTypes: ['AWS::CloudWatch::Dashboard'] };
      Tags.of(stack).add('app', 'booking-api', tagging);
      Tags.of(stack).add('stage', stage.name, tagging);
      // Every alarm of the stage, today's and tomorrow's, notifies the stage's topic.
      Aspects.of(stack).add(new NotifyEveryAlarm(data.alarmTopic));
    }
    return { data, api, events };
  };
  const stages = { staging: build('staging'), production: build('production') };

  // cdk-nag on every synth: an unsuppressed AwsSolutions error fails it.
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  return { app, stages };
}

if (require.main === module) buildApp().app.synth();
