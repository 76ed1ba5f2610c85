import { App, Aspects, Tags } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api-stack';
import { STAGES } from './config';
import { StatefulStack } from './stateful-stack';

/** Builds both stages: each a stateful stack (table) and an API stack, with distinct tables and keys. */
export function buildApp(app = new App()): App {
  const env =
    process.env.CDK_DEFAULT_ACCOUNT && process.env.CDK_DEFAULT_REGION
      ? { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION }
      : undefined;
  for (const stage of Object.values(STAGES)) {
    const prefix = `Booking-${stage.name.charAt(0).toUpperCase()}${stage.name.slice(1)}`;
    const data = new StatefulStack(app, `${prefix}-Data`, stage, { env });
    // The API stack references the table, so CDK deploys the data stack first.
    const api = new ApiStack(app, `${prefix}-Api`, { stage, table: data.table, env });
    Tags.of(data).add('stage', stage.name);
    Tags.of(api).add('stage', stage.name);
  }
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  return app;
}

if (require.main === module) buildApp().synth();
