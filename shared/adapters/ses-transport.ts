import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { MailMessage, MailTransport } from '../services/mail/ports';

/**
 * Client e-mails on AWS: Amazon SES (v2 API), a simple message (SES builds the MIME: text and HTML
 * alternatives, the calendar file attached) from the stage's verified identity, under the configuration
 * set that counts deliveries, bounces and complaints (infra/mail.ts). No MIME library rides in the bundle.
 */
export class SesTransport implements MailTransport {
  constructor(
    private readonly ses: SESv2Client,
    private readonly configurationSet: string | undefined,
  ) {}

  async send(message: MailMessage): Promise<string> {
    const answer = await this.ses.send(
      new SendEmailCommand({
        FromEmailAddress: message.from,
        Destination: { ToAddresses: [message.to] },
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
        ...(this.configurationSet ? { ConfigurationSetName: this.configurationSet } : {}),
      }),
    );
    return `ses ${answer.MessageId ?? ''}`.trim();
  }
}
