import { DateTime } from 'luxon';
import type { Language } from './notification-settings';
import type { MailAppointment, MailKind } from './notifications';

/** What the e-mails say, per language (docs/NOTIFICATIONS.md). `{x}` is replaced by the value of x. */
const TEXTS: Record<
  Language,
  Record<MailKind | 'greeting' | 'when' | 'service' | 'cancel' | 'ics' | 'signoff', string>
> = {
  en: {
    created: 'Your appointment with {entity} is confirmed',
    updated: 'Your appointment with {entity} has changed',
    cancelled: 'Your appointment with {entity} is cancelled',
    reminder: 'Reminder: your appointment with {entity}',
    greeting: 'Hello {name},',
    when: 'When: {date}, {start} to {end} ({zone})',
    service: 'What: {service}, with {calendar}',
    cancel: 'To cancel it, open this link: {link}',
    ics: 'The attached appointment.ics adds it to your calendar.',
    signoff: '{entity}',
  },
  fr: {
    created: 'Votre rendez-vous avec {entity} est confirmé',
    updated: 'Votre rendez-vous avec {entity} a changé',
    cancelled: 'Votre rendez-vous avec {entity} est annulé',
    reminder: 'Rappel : votre rendez-vous avec {entity}',
    greeting: 'Bonjour {name},',
    when: 'Quand : {date}, de {start} à {end} ({zone})',
    service: 'Quoi : {service}, avec {calendar}',
    cancel: 'Pour l’annuler, ouvrez ce lien : {link}',
    ics: 'Le fichier appointment.ics joint l’ajoute à votre agenda.',
    signoff: '{entity}',
  },
};

/** What the status line says after an update, per language and status. */
const STATUS: Record<Language, Record<MailAppointment['status'], string>> = {
  en: {
    pending: 'Status: pending',
    confirmed: 'Status: confirmed',
    cancelled: 'Status: cancelled',
    completed: 'Status: completed',
  },
  fr: {
    pending: 'Statut : en attente',
    confirmed: 'Statut : confirmé',
    cancelled: 'Statut : annulé',
    completed: 'Statut : terminé',
  },
};

export interface MailContext {
  entityName: string;
  timezone: string;
  language: Language;
  /** Creation only: the cancellation link. */
  cancelLink?: string | undefined;
  /** An appointment of a service: the name of its calendar (the member of staff). */
  calendarName?: string | undefined;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The appointment's date and times as the client reads them, in the entity's zone and language. */
export function whenOf(a: MailAppointment, timezone: string, language: Language) {
  const at = (time: string) => DateTime.fromISO(`${a.date}T${time}`, { zone: timezone }).setLocale(language);
  const start = at(a.start_time);
  return {
    date: start.toLocaleString(DateTime.DATE_HUGE),
    start: start.toLocaleString(DateTime.TIME_SIMPLE),
    end: at(a.end_time).toLocaleString(DateTime.TIME_SIMPLE),
    zone: timezone,
  };
}

/** The subject, plain text and HTML of one e-mail. */
export function mailContent(kind: MailKind, a: MailAppointment, context: MailContext): MailContent {
  const t = TEXTS[context.language];
  const name = `${a.client_firstname} ${a.client_lastname}`.trim();
  const values = { entity: context.entityName, name, ...whenOf(a, context.timezone, context.language) };
  const lines = [
    fill(t.greeting, values),
    fill(t[kind], values),
    fill(t.when, values),
    // An appointment of a service names it and who performs it (docs/CONTRACT.md#services-and-staff).
    ...(a.service_name
      ? [fill(t.service, { service: a.service_name, calendar: context.calendarName ?? '' })]
      : []),
    // The status after a change, and at booking when it is not plain confirmed (a v1 `pending` booking).
    ...(kind === 'updated' || (kind === 'created' && a.status !== 'confirmed')
      ? [STATUS[context.language][a.status]]
      : []),
    ...(kind === 'created' && context.cancelLink ? [fill(t.cancel, { link: context.cancelLink })] : []),
    t.ics,
    fill(t.signoff, values),
  ];
  const subject = fill(t[kind], values);
  const html = [
    `<!doctype html><html lang="${context.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    ...lines.map((line, i) => {
      if (kind === 'created' && context.cancelLink && line.endsWith(context.cancelLink)) {
        const label = line.slice(0, line.length - context.cancelLink.length);
        const href = escapeHtml(context.cancelLink);
        return `<p>${escapeHtml(label)}<a href="${href}">${href}</a></p>`;
      }
      return i === 1 ? `<p><strong>${escapeHtml(line)}</strong></p>` : `<p>${escapeHtml(line)}</p>`;
    }),
    '</body></html>',
  ].join('\n');
  return { subject, text: `${lines.join('\n\n')}\n`, html };
}
