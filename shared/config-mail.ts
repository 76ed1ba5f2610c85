import * as z from 'zod';
import { optionalUrl } from './config';

/**
 * The client e-mails' environment (docs/NOTIFICATIONS.md), parsed on first use apart from shared/config.ts:
 * only the functions that plan or send e-mails carry it. Locally only MAIL_FROM matters.
 */
const MailEnvSchema = z.object({
  /** The sender: the stage's verified SES identity on AWS (infra/config.ts). */
  MAIL_FROM: z.string().min(3).default('Booking <no-reply@booking.local>'),
  /** The stage's public base URL: the e-mails' manage links go to `<base>/manage#<token>`. */
  PUBLIC_BASE_URL: optionalUrl(),
  MAIL_QUEUE_URL: optionalUrl(),
  MAIL_DEAD_LETTER_QUEUE_URL: optionalUrl(),
  SES_CONFIGURATION_SET: z.string().optional(),
  /** Reminders on AWS: the schedule group, the mail queue's ARN and the role the schedules send with. */
  REMINDER_GROUP: z.string().optional(),
  REMINDER_TARGET_ARN: z.string().optional(),
  REMINDER_ROLE_ARN: z.string().optional(),
});

export interface MailConfig {
  from: string;
  publicBaseUrl: string | undefined;
  queueUrl: string | undefined;
  deadLetterQueueUrl: string | undefined;
  configurationSet: string | undefined;
  reminders: { group: string; queueArn: string; roleArn: string } | undefined;
}

export function parseMailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const parsed = MailEnvSchema.parse(env);
  return {
    from: parsed.MAIL_FROM,
    publicBaseUrl: parsed.PUBLIC_BASE_URL,
    queueUrl: parsed.MAIL_QUEUE_URL,
    deadLetterQueueUrl: parsed.MAIL_DEAD_LETTER_QUEUE_URL,
    configurationSet: parsed.SES_CONFIGURATION_SET || undefined,
    reminders:
      parsed.REMINDER_GROUP && parsed.REMINDER_TARGET_ARN && parsed.REMINDER_ROLE_ARN
        ? {
            group: parsed.REMINDER_GROUP,
            queueArn: parsed.REMINDER_TARGET_ARN,
            roleArn: parsed.REMINDER_ROLE_ARN,
          }
        : undefined,
  };
}

let parsed: MailConfig | undefined;
/** The mail config of this process, read once. */
export const mailConfig = (): MailConfig => {
  parsed ??= Object.freeze(parseMailConfig(process.env));
  return parsed;
};
