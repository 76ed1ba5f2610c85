import { sha256Hex } from '../../access';
import type { AppointmentRecord } from '../../booking';
import { businessName, type EntitySettings, localeOf } from '../../settings';
import type { AppointmentChange, EventType } from '../../webhooks';
import { appointmentIcs } from '../domain/ics';
import { feedEntryText, whenOf } from '../domain/mail-content';
import { calendarUid, type MailJob, mailAppointmentOf, type NoticeTarget } from '../domain/notifications';
import { businessSender, senderAddress } from '../domain/sender';
import { noticeContent, withService } from '../domain/staff-texts';
import type { MailLookup, MailMessage } from '../ports';

/**
 * The business hears (docs/NOTIFICATIONS.md#the-business-hears): every booking, move and cancellation is
 * told to each of its `notify_emails` and to the staff member of the appointment's calendar (its `email`;
 * after a move to another calendar, the previous one's too), one e-mail per address, in the business's
 * language; the staff member's carries the calendar file. Never capped: the business chose the addresses.
 */
const NOTICE_KIND: Record<EventType, MailJob['kind']> = {
  'appointment.created': 'created',
  'appointment.updated': 'updated',
  'appointment.cancelled': 'cancelled',
};

type Lookup = Pick<MailLookup, 'settings' | 'staffEmail'>;

/** The address as compared (a repeat gets one e-mail): trimmed and lower-cased. */
const same = (address: string): string => address.trim().toLowerCase();

/** The business notices one committed change makes: one job per address, none without addresses. */
export async function businessNotices(
  lookup: Lookup,
  change: AppointmentChange,
  type: EventType,
  eventId: string,
): Promise<MailJob[]> {
  const { after, before } = change;
  // A v1 booking made already cancelled is an administrative record: nothing to tell.
  if (!after || (type === 'appointment.created' && after.status === 'cancelled')) return [];
  const moved = before !== null && before.slot_id !== after.slot_id;
  // Marking it completed or a no-show is the business's own record, not news to it.
  if (
    type === 'appointment.updated' &&
    !moved &&
    (after.status === 'completed' || after.status === 'no_show')
  )
    return [];
  const settings = await lookup.settings(change.entityId);
  if (!settings) return [];
  const targets = new Map<string, Omit<NoticeTarget, 'byClient' | 'was'>>();
  for (const to of settings.notify_emails ?? []) targets.set(same(to), { to });
  const staffOf = async (calendarId: number) => {
    const to = lookup.staffEmail ? await lookup.staffEmail(change.entityId, calendarId) : null;
    // The staff member's copy wins over a notify_emails one at the same address: it carries the file.
    if (to) targets.set(same(to), { to, calendarId });
  };
  if (before && before.calendar_id !== after.calendar_id) await staffOf(before.calendar_id);
  await staffOf(after.calendar_id);
  const base = {
    entityId: change.entityId,
    kind: NOTICE_KIND[type],
    appointment: mailAppointmentOf(after),
    sequence: change.sequence ?? 0,
    attempt: 1,
  };
  return [...targets].map(([address, target]) => ({
    ...base,
    key: `${eventId}#notice#${sha256Hex(address).slice(0, 16)}`,
    notice: {
      ...target,
      byClient: change.byClient === true,
      ...(moved && before ? { was: wasOf(before) } : {}),
    },
  }));
}

const wasOf = (a: AppointmentRecord): NoticeTarget['was'] => ({
  date: a.date,
  start_time: a.start_time,
  end_time: a.end_time,
  calendar_id: a.calendar_id,
});

/** What a notice's message needs: the lookup, the job, the entity as read, the stage's sender. */
export interface NoticeParts {
  lookup: Pick<MailLookup, 'calendarName'>;
  job: MailJob;
  entity: { name: string; settings: EntitySettings };
  from: string;
}

/**
 * The e-mail of a business notice: who did what and when, with the client's contact, in the business's
 * language, a reply going to the client; a staff member's carries appointment.ics (the client's invite's
 * UID and SEQUENCE, so a calendar holding both keeps one event), which removes the event from the calendar
 * of a staff member the appointment left.
 */
export async function noticeMessage({ lookup, job, entity, from }: NoticeParts): Promise<MailMessage> {
  const { settings } = entity;
  const a = job.appointment;
  const notice = job.notice;
  if (!notice) throw new Error('not a business notice');
  const name = businessName(settings, entity.name);
  const locale = localeOf(settings);
  const calendarName = lookup.calendarName ? await lookup.calendarName(job.entityId, a.calendar_id) : null;
  const left = notice.calendarId !== undefined && notice.calendarId !== a.calendar_id;
  const removes = left || a.status === 'cancelled';
  const content = noticeContent(job.kind === 'reminder' ? 'created' : job.kind, a, {
    language: settings.language,
    entityName: name,
    when: whenOf(a, settings.timezone, locale),
    was: notice.was ? whenOf(notice.was, settings.timezone, locale) : undefined,
    calendarName,
    byClient: notice.byClient,
    ics:
      notice.calendarId === undefined
        ? undefined
        : removes
          ? 'icsRemoves'
          : job.kind === 'created'
            ? 'icsAdds'
            : 'icsUpdates',
  });
  const entry = withService(feedEntryText(a, settings.language), a, settings.language, calendarName);
  const attachments =
    notice.calendarId === undefined
      ? []
      : [
          {
            filename: 'appointment.ics',
            contentType: `text/calendar; charset=utf-8; method=${removes ? 'CANCEL' : 'REQUEST'}`,
            content: appointmentIcs(
              {
                uid: calendarUid(job.entityId, a.appointment_id),
                sequence: job.sequence,
                date: a.date,
                start_time: a.start_time,
                end_time: a.end_time,
                timezone: settings.timezone,
                summary: entry.summary,
                description: entry.description,
                cancelled: removes,
                stamp: new Date(a.updated_at),
                location: settings.address,
              },
              { name, email: senderAddress(from) },
            ),
          },
        ];
  return {
    from: businessSender(name, from),
    // A reply reaches the client, when the booking gave an address.
    ...(a.client_email ? { replyTo: a.client_email } : {}),
    to: notice.to,
    subject: content.subject,
    text: content.text,
    html: content.html,
    attachments,
  };
}
