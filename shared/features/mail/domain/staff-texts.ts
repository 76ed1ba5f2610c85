/**
 * What the business and its staff read (docs/NOTIFICATIONS.md#the-business-hears): the e-mail of each booking,
 * move and cancellation, and the staff feed's entries, each wholly in the business's language.
 */
import type { Language } from '../../settings';
import type { MailAppointment, MailKind } from './notifications';

type Notice = Exclude<MailKind, 'reminder'>;
type Words =
  | Notice
  | 'byClient'
  | 'byBusiness'
  | 'when'
  | 'was'
  | 'service'
  | 'staff'
  | 'client'
  | 'phone'
  | 'email'
  | 'icsAdds'
  | 'icsUpdates'
  | 'icsRemoves'
  | 'cancelledEntry';

/** `{x}` is replaced by the value of x. */
const TEXTS: Record<Language, Record<Words, string>> = {
  en: {
    created: 'New booking: {client}, {date} at {start}',
    updated: 'Booking changed: {client}, {date} at {start}',
    cancelled: 'Booking cancelled: {client}, {date} at {start}',
    byClient: 'By: the client, online',
    byBusiness: 'By: {entity}',
    when: 'When: {date}, {start} to {end} ({zone})',
    was: 'Was: {date}, {start} to {end}',
    service: 'Service: {service}',
    staff: 'With: {calendar}',
    client: 'Client: {client}',
    phone: 'Phone: {phone}',
    email: 'E-mail: {email}',
    icsAdds: 'The attached appointment.ics adds it to your calendar.',
    icsUpdates: 'The attached appointment.ics updates it in your calendar.',
    icsRemoves: 'The attached appointment.ics removes it from your calendar.',
    cancelledEntry: 'Cancelled: {client}',
  },
  fr: {
    created: 'Nouveau rendez-vous : {client}, {date} à {start}',
    updated: 'Rendez-vous modifié : {client}, {date} à {start}',
    cancelled: 'Rendez-vous annulé : {client}, {date} à {start}',
    byClient: 'Par : le client, en ligne',
    byBusiness: 'Par : {entity}',
    when: 'Quand : {date}, de {start} à {end} ({zone})',
    was: 'Avant : {date}, de {start} à {end}',
    service: 'Prestation : {service}',
    staff: 'Avec : {calendar}',
    client: 'Client : {client}',
    phone: 'Téléphone : {phone}',
    email: 'E-mail : {email}',
    icsAdds: 'Le fichier appointment.ics joint l’ajoute à votre agenda.',
    icsUpdates: 'Le fichier appointment.ics joint le met à jour dans votre agenda.',
    icsRemoves: 'Le fichier appointment.ics joint le retire de votre agenda.',
    cancelledEntry: 'Annulé : {client}',
  },
};

/** The status after a change, per language. */
const STATUS: Record<Language, Record<MailAppointment['status'], string>> = {
  en: {
    pending: 'Status: pending',
    confirmed: 'Status: confirmed',
    cancelled: 'Status: cancelled',
    completed: 'Status: completed',
    no_show: 'Status: missed (no-show)',
  },
  fr: {
    pending: 'Statut : en attente',
    confirmed: 'Statut : confirmé',
    cancelled: 'Statut : annulé',
    completed: 'Statut : terminé',
    no_show: 'Statut : manqué (absence)',
  },
};

const statusLine = (language: Language, status: MailAppointment['status']): string =>
  STATUS[language][status];

const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A date and times as people read them (see whenOf in mail-content.ts). */
export interface When {
  date: string;
  start: string;
  end: string;
  zone: string;
}

export interface NoticeContext {
  language: Language;
  entityName: string;
  /** The appointment's date and times, and for a move where it was. */
  when: When;
  was?: When | undefined;
  /** The calendar (the staff member) the appointment is with. */
  calendarName?: string | null | undefined;
  /** Made with a publishable key or a cancel token (the client), else by the business. */
  byClient: boolean;
  /** The staff member's copy: it carries the calendar file, which `icsLine` says adds, updates or removes. */
  ics?: 'icsAdds' | 'icsUpdates' | 'icsRemoves' | undefined;
}

const clientName = (a: Pick<MailAppointment, 'client_firstname' | 'client_lastname'>): string =>
  `${a.client_firstname} ${a.client_lastname}`.trim();

/** The lines that say what and who: the service, the staff member, the client's contact. */
function detailLines(a: MailAppointment, t: Record<Words, string>, calendarName?: string | null) {
  return [
    ...(a.service_name ? [fill(t.service, { service: a.service_name })] : []),
    ...(calendarName ? [fill(t.staff, { calendar: calendarName })] : []),
    fill(t.client, { client: clientName(a) }),
    fill(t.phone, { phone: a.client_phone }),
    ...(a.client_email ? [fill(t.email, { email: a.client_email })] : []),
  ];
}

/** The subject, plain text and HTML of the business's e-mail of one change. */
export function noticeContent(kind: Notice, a: MailAppointment, c: NoticeContext) {
  const t = TEXTS[c.language];
  const subject = fill(t[kind], { client: clientName(a), ...c.when });
  const lines = [
    fill(c.byClient ? t.byClient : t.byBusiness, { entity: c.entityName }),
    fill(t.when, { ...c.when }),
    ...(c.was ? [fill(t.was, { ...c.was })] : []),
    ...detailLines(a, t, c.calendarName),
    ...(kind === 'updated' ? [statusLine(c.language, a.status)] : []),
    ...(c.ics ? [t[c.ics]] : []),
  ];
  const html = [
    `<!doctype html><html lang="${c.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    `<p><strong>${escapeHtml(subject)}</strong></p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(c.entityName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text: `${[subject, ...lines, c.entityName].join('\n\n')}\n`, html };
}

/**
 * A staff entry (the feed's, a staff member's calendar file) of a service names it in its title, and its
 * description adds the service and, when given, the calendar (the staff member), in the entry's language.
 */
export function withService(
  text: { summary: string; description: string },
  a: Pick<MailAppointment, 'service_name'>,
  language: Language,
  calendarName?: string | null,
): { summary: string; description: string } {
  const t = TEXTS[language];
  const details = [
    ...(a.service_name ? [fill(t.service, { service: a.service_name })] : []),
    ...(calendarName ? [fill(t.staff, { calendar: calendarName })] : []),
  ];
  return {
    summary: a.service_name ? `${text.summary}: ${a.service_name}` : text.summary,
    description: [text.description, ...details].join('\n'),
  };
}
