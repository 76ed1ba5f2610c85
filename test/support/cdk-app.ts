import { App } from 'aws-cdk-lib';
import { buildApp } from '../../infra/app';

/**
 * An app for the infra tests, synthesized the cheap way: no bundling (the `aws:cdk:bundling-stacks`
 * context set to [] gives every NodejsFunction a placeholder asset; real bundling: bundle.test.ts and
 * `npm run synth`) and no CloudFormation schema validation of CDK's own (two thirds of a synthesis,
 * measured; CI's `npm run lint:infra` runs cfn-lint on the real synth instead).
 */
export const testApp = (context: Record<string, unknown> = {}): App =>
  new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [], ...context } });

/**
 * Both stages on a test app. cdk-nag is off unless asked: deploy-settings.test.ts asks, and checks every
 * stack, nested ones included, with and without settings.
 */
export const testStages = (context: Record<string, unknown> = {}, options: { nag?: boolean } = {}) =>
  buildApp(testApp(context), { nag: options.nag ?? false });
