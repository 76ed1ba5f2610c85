/**
 * CDK's feature flags: cdk.json sets every flag CDK recommends for a new project (aws-cdk-lib's
 * CURRENTLY_RECOMMENDED_FLAGS), with the recommended value but for the deliberate choices below
 * (test/infra/stages/first-deploy.ts checks both). Apps built outside the CDK CLI (the infra tests,
 * `npm run lint:infra`) take them from here, so they synthesize what `cdk synth` does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Flags whose value differs from CDK's recommendation, with the reason. */
export const FLAG_CHOICES: Readonly<Record<string, { value: unknown; reason: string }>> = {
  '@aws-cdk/core:target-partitions': {
    value: ['aws'],
    reason: 'the stages deploy to the commercial partition only: ARNs are written with its literal partition',
  },
  '@aws-cdk/core:defaultCrossStackReferences': {
    value: 'strong',
    reason:
      'the API and events stacks import the table from the data stack: a strong reference (an export) makes CloudFormation refuse to remove the table while they use it',
  },
};

/** The feature flags of cdk.json's context (every key of CDK's own, `@aws-cdk...`). */
export function featureFlags(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(__dirname, '..', 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return Object.fromEntries(Object.entries(cdkJson.context).filter(([key]) => key.startsWith('@aws-cdk')));
}
