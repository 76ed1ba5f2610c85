import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { MailMessage, MailTransport } from '../ports';

/**
 * Client e-mails on AWS: Amazon SES (v2 API), a simple message (SES builds the MIME: text and HTML
 * alternatives, the calendar file attached) from the stage's verified identity, under the configuration
 * set that counts deliveries, bounces and complaints (infra/mail.ts). No MIME library rides in the bundle.
 * The SDK's module is required at the first send, as the wiring requires its client: a function that
 * never sends (most import this file through the wiring) does not load it at its cold start.
 */
export interface SesTransportDeps {
  ses: SESv2Client;
  /** The configuration set that counts deliveries, bounces and complaints, if any. */
  configurationSet: string | undefined;
}

export class SesTransport implements MailTransport {
  constructor(private readonly deps: SesTransportDeps) {}

  async send(message: MailMessage): Promise<string> {
    const { SendEmailCommand } = require('@aws-sdk/client-sesv2') as typeof import('@aws-sdk/client-sesv2');
    const answer = await this.deps.ses.send(
      new SendEmailCommand({
        FromEmailAddress: message.from,
        Destination: { ToAddresses: [message.to] },
        ...(message.replyTo ? { ReplyToAddresses: [message.replyTo] } : {}),
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: message.text, Charset: 'UTF-8' },
              Html: { Data: message.html, Charset: 'UTF-8' },
            },
            Attachments: message.attachments.map((a) => ({
              FileName: a.filename,
              ContentType: a.contentType,
              ContentDisposition: 'ATTACHMENT',
              ContentTransferEncoding: 'BASE64',
              RawContent: new TextEncoder().encode(a.content),
            })),
          },
        },
        ...(this.deps.configurationSet ? { ConfigurationSetName: this.deps.configurationSet } : {}),
      }),
    );
    return `ses ${answer.MessageId ?? ''}`.trim();
  }
}

/**
 * Keeps one process's sends at least `intervalMs` apart (the mail function's share of the account's SES
 * rate, infra/mail.ts mailPace): a send waits for the previous one's slot. 0: no wait.
 */
export interface PacedTransportDeps {
  inner: MailTransport;
  intervalMs: number;
  /** The clock and the wait (tests give theirs); the process's by default. */
  clock?: { now: () => number; sleep: (ms: number) => Promise<void> };
}

const PROCESS_CLOCK: Required<PacedTransportDeps>['clock'] = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class PacedTransport implements MailTransport {
  private next = 0;
  private readonly inner: MailTransport;
  private readonly intervalMs: number;
  private readonly clock: Required<PacedTransportDeps>['clock'];

  constructor(deps: PacedTransportDeps) {
    this.inner = deps.inner;
    this.intervalMs = deps.intervalMs;
    this.clock = deps.clock ?? PROCESS_CLOCK;
  }

  async send(message: MailMessage): Promise<string> {
    const now = this.clock.now();
    const at = Math.max(now, this.next);
    this.next = at + this.intervalMs;
    if (at > now) await this.clock.sleep(at - now);
    return this.inner.send(message);
  }
}
