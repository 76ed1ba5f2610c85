import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { StageConfig } from './stage/config';

/** The route that e-mails a staff member's sign-in link (docs/CONTRACT.md#staff-and-sessions). */
export const SIGN_IN_ENTRY = 'functions/v2/sessions/request-sign-in.ts';

/**
 * The sign-in links go out the client e-mails' way: SES, from the stage's sender, from its verified identity
 * only (in the SES sandbox, to its verified recipients). Without a mail domain MAIL_FROM is empty: no link
 * is sent, and the function has no SES right at all.
 */
export function grantSignInMail(fn: NodejsFunction, stage: StageConfig): void {
  fn.addEnvironment('MAIL_FROM', stage.mail.domain ? (stage.mail.from ?? '') : '');
  if (!stage.mail.domain) return;
  const { region, account } = Stack.of(fn);
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [
        `arn:aws:ses:${region}:${account}:identity/${stage.mail.domain}`,
        ...stage.mail.sandboxRecipients.map(
          (recipient) => `arn:aws:ses:${region}:${account}:identity/${recipient}`,
        ),
      ],
    }),
  );
}
