import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { type BookingStacks, type BuiltApp, buildApp } from '../../infra/app';
import { featureFlags } from '../../infra/feature-flags';
import type { StageName } from '../../infra/stage/config';

/**
 * Where this file's test apps write their cloud assemblies. An App given no `outdir` outside the CDK CLI
 * makes a `cdk.outXXXX` folder in the system's temp folder and leaves it there (about 5 MB each, some twenty
 * a run); these are removed when the test file ends.
 */
const assemblies: string[] = [];
afterAll(() => {
  for (const dir of assemblies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * An app for the infra tests, synthesized the cheap way: no bundling (the `aws:cdk:bundling-stacks`
 * context set to [] gives every NodejsFunction a placeholder asset; real bundling: bundle.test.ts and
 * `npm run synth`), no stack trace kept per construct and no tree.json (nothing in the templates; a tenth
 * of a synthesis, measured). aws-cdk-lib's own template check is off in every test file (per-file-env.ts).
 * `stackTraces: false` covers metadata only: every CloudFormation resource also records the stack that
 * created it (the assembly's manifest, never a template) unless `aws:cdk:disable-creation-stack-traces` is
 * set, and under jest each of those traces goes through its source maps: 5.9 s of the deploy-settings tests'
 * 46 s and 3.5 s of stages.test.ts's 39 s in a profile of a whole run.
 */
export const testApp = (context: Record<string, unknown> = {}): App => {
  const outdir = mkdtempSync(join(tmpdir(), 'booking-test-cdk-'));
  assemblies.push(outdir);
  return new App({
    outdir,
    stackTraces: false,
    treeMetadata: false,
    context: {
      // CDK's feature flags as cdk.json sets them (the CLI reads them from there; a test app from here).
      ...featureFlags(),
      'aws:cdk:bundling-stacks': [],
      'aws:cdk:disable-creation-stack-traces': true,
      'aws:cdk:disable-asset-staging': true,
      ...context,
    },
  });
};

/**
 * Both stages on a test app. cdk-nag, half of a test synthesis (both stages: 4.3 s with it, 2.2 s without,
 * measured), is off unless asked: stages/deploy-settings.ts asks, and checks every stack, nested ones
 * included, with and without settings. Each set of settings is built once per test file and shared by
 * its callers (test/infra/stages.test.ts runs its subjects on one build): none may add constructs to it.
 * A caller that does not ask for cdk-nag gets the build with it when there is one: cdk-nag only reads
 * the constructs and adds annotations, so the templates are the same.
 */
type TestBuild = Omit<BuiltApp, 'stages'> & { stages: Record<StageName, BookingStacks> };
const built = new Map<string, TestBuild>();
/**
 * Production is built only with a mail domain and an alarm address, or each turned off on purpose
 * (infra/app.ts): the tests' builds turn off each their context does not give, so that production's
 * templates are checked with the fewest settings too. What no setting at all gives: deploy-settings.ts.
 */
export const PRODUCTION_OFF = { 'production.mail': 'off', 'production.alarms': 'off' } as const;
export const testStages = (
  context: Record<string, unknown> = {},
  options: { nag?: boolean } = {},
): TestBuild => {
  const key = JSON.stringify([context, options.nag ?? false]);
  const found = built.get(key) ?? built.get(JSON.stringify([context, true]));
  if (found) return found;
  const off = {
    ...(context['production.mailDomain'] ? {} : { 'production.mail': PRODUCTION_OFF['production.mail'] }),
    ...(context['production.alarmEmail'] ? {} : { 'production.alarms': PRODUCTION_OFF['production.alarms'] }),
  };
  const made = buildApp(testApp({ ...off, ...context }), {
    nag: options.nag ?? false,
    nagReports: false,
  });
  const { production } = made.stages;
  if (!production) throw new Error(`production was left out: ${made.leftOut.join('; ')}`);
  const build = { ...made, stages: { ...made.stages, production } };
  built.set(key, build);
  return build;
};

/**
 * A stack's template, parsed and checked for dependency cycles once per test file (Template.fromStack does
 * both on every call: a quarter of the infra tests' CPU, measured). For stacks built once and never changed
 * after (testStages' builds); a test that synthesizes again on purpose reads Template.fromStack itself.
 */
const templates = new WeakMap<Stack, Template>();
export const templateOf = (stack: Stack): Template => {
  const found = templates.get(stack);
  if (found) return found;
  const template = Template.fromStack(stack);
  templates.set(stack, template);
  return template;
};
