/**
 * The composition root, people (docs/CONTRACT.md#staff-and-sessions): staff accounts, sign-in by e-mailed
 * link, sessions as the v2 API's third credential (shared/features/people).
 */
import { config } from '../config';
import { tokenInvalid } from '../core/errors';
import type { EntityContext } from '../features/access';
import { SesTransport } from '../features/mail/adapters/ses-transport';
import { mailConfig } from '../features/mail/config';
import type { MailTransport } from '../features/mail/ports';
import { PasskeyService } from '../features/people/services/passkey-service';
import { SessionService } from '../features/people/services/session-service';
import { StaffService } from '../features/people/services/staff-service';
import { PasskeyRepository } from '../features/people/store/passkey-repository';
import { SessionRepository, SignInCounterRepository } from '../features/people/store/session-repository';
import { StaffRepository } from '../features/people/store/staff-repository';
import { CalendarRepository } from '../features/schedule/store/calendar-repository';
import { withDefaultSettings } from '../features/settings';
import { SettingsRepository } from '../features/settings/store/entity-config-repository';
import { clock, once, table } from './core';

export const staffService = /* @__PURE__ */ once(
  () =>
    new StaffService({
      staff: new StaffRepository(table()),
      calendars: {
        ids: async (entityId) =>
          (await new CalendarRepository(table()).list(entityId)).map((c) => c.calendar_id),
      },
      now: () => new Date(),
    }),
);

/**
 * The transport of the sign-in e-mails: the client e-mails' own. `npm start` hands over its SMTP or
 * outbox transport (shared/local/pipelines/local-events.ts); on AWS it is SES.
 */
let localTransport: MailTransport | undefined;
export const useSignInTransport = (transport: MailTransport | undefined): void => {
  localTransport = transport;
};
const awsTransport = /* @__PURE__ */ once((): MailTransport => {
  const { SESv2Client } = require('@aws-sdk/client-sesv2') as typeof import('@aws-sdk/client-sesv2');
  return new SesTransport({
    ses: new SESv2Client({ region: config.region }),
    configurationSet: mailConfig().configurationSet,
  });
});

/** The stage's public base URL (PUBLIC_BASE_URL, set by `npm start` to its own address unless given). */
export const publicBase = (): string | undefined => mailConfig().publicBaseUrl ?? process.env.PUBLIC_BASE_URL;

export const sessionService = /* @__PURE__ */ once(
  () =>
    new SessionService({
      staff: new StaffRepository(table()),
      sessions: new SessionRepository(table()),
      counter: new SignInCounterRepository(table()),
      mailer: {
        send: async (mail) => {
          const { from } = mailConfig();
          // A stage without a sender (MAIL_FROM empty) sends no e-mail: its sign-in links go nowhere.
          if (!from) return;
          await (localTransport ?? awsTransport()).send({ ...mail, from, attachments: [] });
        },
      },
      publicBase,
      now: () => new Date(),
      limitsNow: clock,
    }),
);

/** A session's credential as the HTTP stack takes it: the entity with its settings, and the staff member. */
export async function authenticateSession(token: string): Promise<EntityContext> {
  const signedIn = await sessionService().authenticate(token);
  const read = await new SettingsRepository(table()).get(signedIn.entityId);
  if (!read) throw tokenInvalid();
  const { version: _version, ...plain } = read;
  return { entityId: signedIn.entityId, settings: withDefaultSettings(plain), staff: signedIn.staff };
}

/** Passkeys (WebAuthn): their registration by a signed-in member and the sign-in with one. */
export const passkeyService = /* @__PURE__ */ once(
  () => new PasskeyService({ passkeys: new PasskeyRepository(table()), publicBase, now: () => new Date() }),
);
