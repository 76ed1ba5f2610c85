import * as z from 'zod/mini';

/** A URL variable that may be unset or empty (CloudFormation writes '' for an absent value). */
const optionalUrl = () =>
  z.pipe(
    z.transform((v: unknown) => (v === '' ? undefined : v)),
    z.optional(z.url()),
  );

/**
 * The client e-mails' environment (docs/NOTIFICATIONS.md), parsed on first use apart from shared/config.ts:
 * only the functions that plan or send e-mails carry it. Locally only MAIL_FROM matters. In zod's `mini`
 * flavour (docs/design/observability.md, "Cold starts as Lambda runs them").
 */
const MailEnvSchema = z.object({
  /**
   * The sender: an address of the stage's verified SES domain on AWS (infra/stage/config.ts). Empty: e-mails are
   * off (the stage has no mail domain), nothing is sent. Unset (locally): the local sender.
   */
  MAIL_FROM: z._default(
    z
      .string()
      .check(z.refine((v) => v === '' || v.length >= 3, 'a sender address, or empty for e-mails off')),
    'Booking <no-reply@booking.local>',
  ),
  /** The least time between two sends of one mail function (keeps the stage under its SES rate); 0: none. */
  MAIL_SEND_INTERVAL_MS: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  /** The stage's public base URL: the e-mails' manage links go to `<base>/manage#<token>`. */
  PUBLIC_BASE_URL: optionalUrl(),
  MAIL_QUEUE_URL: optionalUrl(),
  MAIL_DEAD_LETTER_QUEUE_URL: optionalUrl(),
  SES_CONFIGURATION_SET: z.optional(z.string()),
  /** Reminders on AWS: the schedule group, the mail queue's ARN and the role the schedules send with. */
  REMINDER_GROUP: z.optional(z.string()),
  REMINDER_TARGET_ARN: z.optional(z.string()),
  REMINDER_ROLE_ARN: z.optional(z.string()),
  REMINDER_DEAD_LETTER_ARN: z.optional(z.string()),
});

export interface MailConfig {
  /** The sender; undefined: e-mails are off. */
  from: string | undefined;
  sendIntervalMs: number;
  publicBaseUrl: string | undefined;
  queueUrl: string | undefined;
  deadLetterQueueUrl: string | undefined;
  configurationSet: string | undefined;
  reminders:
    | { group: string; queueArn: string; roleArn: string; deadLetterArn?: string | undefined }
    | undefined;
}

export function parseMailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const parsed = MailEnvSchema.parse(env);
  return {
    from: parsed.MAIL_FROM || undefined,
    sendIntervalMs: parsed.MAIL_SEND_INTERVAL_MS,
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
            deadLetterArn: parsed.REMINDER_DEAD_LETTER_ARN || undefined,
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
