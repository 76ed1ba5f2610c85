import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { MailMessage, MailTransport } from '../services/ports';
import { mimeOf } from './mime';

/**
 * Client e-mails on AWS: Amazon SES (v2 API), the raw MIME message from the stage's verified identity,
 * under the configuration set that counts deliveries, bounces and complaints (infra/mail.ts).
 */
export class SesTransport implements MailTransport {
  constructor(
    private readonly ses: SESv2Client,
    private readonly configurationSet: string | undefined,
  ) {}

  async send(message: MailMessage): Promise<string> {
    const raw = await mimeOf(message);
    const answer = await this.ses.send(
      new SendEmailCommand({
        FromEmailAddress: message.from,
        Destination: { ToAddresses: [message.to] },
        Content: { Raw: { Data: raw } },
        ...(this.configurationSet ? { ConfigurationSetName: this.configurationSet } : {}),
      }),
    );
    return `ses ${answer.MessageId ?? ''}`.trim();
  }
}
