import { App } from 'aws-cdk-lib';
import { buildApp } from '../../infra/app';

/**
 * An app for the infra tests, synthesized the cheap way: no bundling (the `aws:cdk:bundling-stacks`
 * context set to [] gives every NodejsFunction a placeholder asset; real bundling: bundle.test.ts and
 * `npm run synth`). aws-cdk-lib's own template check is off in every test file (per-file-env.ts).
 */
export const testApp = (context: Record<string, unknown> = {}): App =>
  new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });

/**
 * Both stages on a test app. cdk-nag, half of a test synthesis (both stages: 4.3 s with it, 2.2 s without,
 * measured), is off unless asked: deploy-settings.test.ts asks, and checks every stack, nested ones
 * included, with and without settings.
 */
export const testStages = (context: Record<string, unknown> = {}, options: { nag?: boolean } = {}) =>
  buildApp(testApp(context), { nag: options.nag ?? false });
