import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailMessage } from '../services/ports';

/** A message as MIME (RFC 5322), text and HTML alternatives and the attachments, built by nodemailer. */
export function mimeOf(message: MailMessage): Promise<Buffer> {
  return new MailComposer({
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  })
    .compile()
    .build();
}
