import { Annotations, App, Aspects, type Environment, Tags } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { NotifyEveryAlarm } from './observability';
import { ApiStack } from './stacks/api-stack';
import { EdgeStack } from './stacks/edge-stack';
import { EventsStack } from './stacks/events-stack';
import { StatefulStack } from './stacks/stateful-stack';
import type { StageConfig, StageName } from './stage/config';
import { missingSettings, stageConfig, unreadyLine } from './stage/stage-settings';

export interface BookingStacks {
  data: StatefulStack;
  api: ApiStack;
  events: EventsStack;
  /** CloudFront and its web ACL (us-east-1), when the stage's edge is `cloudfront`. */
  edge?: EdgeStack | undefined;
}

/**
 * The account and region of a stage: its own (`<stage>.account`, `<stage>.region`), else the CLI's; with
 * neither the stacks synthesize environment-agnostic.
 */
export function envOf(stage: StageConfig): Environment | undefined {
  const account = stage.account ?? process.env.CDK_DEFAULT_ACCOUNT;
  const region = stage.region ?? process.env.CDK_DEFAULT_REGION;
  return account && region ? { account, region } : undefined;
}

export interface BuildOptions {
  /** cdk-nag's AwsSolutions checks on synth; on unless turned off (the infra tests check them in one file). */
  nag?: boolean;
  /**
   * cdk-nag's compliance reports (cdk.out/AwsSolutions-*-NagReport.csv, docs/DEPLOY.md); on unless turned
   * off. The infra tests read the checks' findings from the synthesis, not the reports: writing them, one
   * append to a file per rule and resource, was about 2 s of stages/deploy-settings.ts's 20 s (measured).
   */
  nagReports?: boolean;
}

/** The app's stages: staging always, production only when it can work (unreadyLine). */
export interface BuiltApp {
  app: App;
  stages: { staging: BookingStacks; production?: BookingStacks | undefined };
  /** Why a stage was left out, one line each (printed by `cdk synth` and `cdk deploy`). */
  leftOut: string[];
}

/**
 * Both stages, each a stateful stack (the table), an API stack and an events stack: distinct tables, so
 * distinct entities and keys. Settings come from the context (cdk.json, `-c`); each one a stage runs
 * without is one warning line of the synth. Production is built only with a mail domain and an alarm
 * address (or each turned off on purpose); otherwise it is left out, and `leftOut` says what to set.
 */
export function buildApp(app = new App(), options: BuildOptions = {}): BuiltApp {
  const context = (key: string): unknown => app.node.tryGetContext(key);

  const build = (stage: StageConfig): BookingStacks => {
    const env = envOf(stage);
    const data = new StatefulStack(app, `${stage.stackPrefix}-Data`, {
      env,
      stage,
      description: `Appointment booking: the table (${stage.name})`,
    });
    // CloudFront's web ACL lives in us-east-1 (its own stack); the distribution sits in the API stack.
    let edge: EdgeStack | undefined;
    if (stage.edge === 'cloudfront') {
      if (!env) {
        throw new Error(
          `${stage.name}.edge=cloudfront needs the stage's account and region (${stage.name}.account, ${stage.name}.region): the web ACL is in us-east-1`,
        );
      }
      edge = new EdgeStack(app, `${stage.stackPrefix}-Edge`, {
        env: { account: env.account, region: 'us-east-1' },
        stage,
        description: `Appointment booking: the AWS WAF web ACL of CloudFront in front of the API (${stage.name})`,
      });
    }
    // The API stack imports the table's name and ARN, so CDK deploys the data stack first.
    const api = new ApiStack(app, `${stage.stackPrefix}-Api`, {
      env,
      stage,
      table: data.table,
      ...(edge ? { webAclArn: edge.webAcl.attrArn, crossRegionReferences: true } : {}),
      description: `Appointment booking: HTTP API and functions (${stage.name})`,
    });
    const events = new EventsStack(app, `${stage.stackPrefix}-Events`, {
      env,
      stage,
      table: data.table,
      description: `Appointment booking: booking events, webhook deliveries and their queues (${stage.name})`,
    });
    for (const line of missingSettings(stage))
      Annotations.of(data).addWarningV2(`booking:${line.split(' ')[0]}`, line);
    for (const stack of [data, api, events, ...(edge ? [edge] : [])]) {
      // A dashboard takes no tags (CloudFormation's schema, as cfn-lint checks it, has none).
      const tagging = { excludeResourceTypes: ['AWS::CloudWatch::Dashboard'] };
      Tags.of(stack).add('app', 'booking-api', tagging);
      Tags.of(stack).add('stage', stage.name, tagging);
      // Every alarm of the stage, today's and tomorrow's, notifies the stage's topic.
      Aspects.of(stack).add(new NotifyEveryAlarm({ topic: data.alarmTopic }));
    }
    return { data, api, events, edge };
  };
  const leftOut: string[] = [];
  const stageOf = (name: StageName): BookingStacks | undefined => {
    const stage = stageConfig(name, context);
    const unready = unreadyLine(stage);
    if (unready) leftOut.push(unready);
    return unready ? undefined : build(stage);
  };
  const staging = stageOf('staging');
  if (!staging) throw new Error('staging synthesizes with no setting');
  const stages = { staging, production: stageOf('production') };

  // cdk-nag on every synth: an unsuppressed AwsSolutions error fails it.
  if (options.nag ?? true)
    Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true, reports: options.nagReports ?? true }));
  return { app, stages, leftOut };
}

if (require.main === module) {
  const built = buildApp();
  for (const line of built.leftOut) process.stderr.write(`${line}\n`);
  built.app.synth();
}
