import type { Stack } from 'aws-cdk-lib';
import { SIGN_IN_ENTRY } from '../../../infra/sign-in-mail';
import { stageConfig } from '../../../infra/stage/stage-settings';
import { ROUTES, routeName } from '../../../shared/routes';
import { templateOf, testStages } from '../../support/cdk-app';
import { GIVEN_SETTINGS } from './settings';

/**
 * The staff's sign-in links on AWS (docs/CONTRACT.md#staff-and-sessions): the function of POST
 * /api/v2/sessions sends them by SES from the stage's sender and identity, and no other route function may.
 */
const { stages } = testStages(GIVEN_SETTINGS);
const SIGN_IN = routeName(ROUTES.find((route) => route.entry === SIGN_IN_ENTRY) ?? ROUTES[0]!);

describe.each([
  ['staging', stages.staging],
  ['production', stages.production],
] as const)('%s sign-in links', (stageName, { api }) => {
  it('the sign-in function has the sender and SES on the stage identity only; no other route function has SES', () => {
    const config = stageConfig(stageName, (key) => GIVEN_SETTINGS[key]);
    const fn = api.routeFunctions.get(SIGN_IN);
    expect(fn).toBeDefined();
    const nested = (fn as unknown as { stack: Stack }).stack;
    const template = templateOf(nested).toJSON() as {
      Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
    };
    const own =
      template.Resources[
        nested.getLogicalId((fn as never as { node: { defaultChild: never } }).node.defaultChild)
      ];
    const env = own?.Properties.Environment as { Variables: Record<string, unknown> } | undefined;
    const vars = env?.Variables ?? {};
    expect(vars.MAIL_FROM).toBe(config.mail.from);
    const policies = Object.values(template.Resources).filter((r) => r.Type === 'AWS::IAM::Policy');
    const withSes = policies.filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes('ses:SendEmail'),
    );
    expect(withSes).toHaveLength(1);
    const text = JSON.stringify(withSes[0]?.Properties.PolicyDocument);
    expect(text).toContain(`:identity/${config.mail.domain}`);
    expect(text).not.toMatch(/identity\/\*/);
    for (const other of api.functionStacks.filter((s) => s !== nested)) {
      expect(JSON.stringify(templateOf(other).toJSON())).not.toContain('ses:SendEmail');
    }
  });
});
