import { DateTime } from 'luxon';
import type { AppointmentRecord } from '../../booking';
import type { Language } from '../../settings';
import type { MailAppointment, MailKind } from './notifications';

type Words =
  | MailKind
  | 'greeting'
  | 'when'
  | 'service'
  | 'price'
  | 'manage'
  | 'confirm'
  | 'confirmLink'
  | 'icsAdds'
  | 'icsUpdates'
  | 'icsRemoves'
  | 'signoff'
  | 'appointment';

/** What the e-mails say, per language (docs/NOTIFICATIONS.md). `{x}` is replaced by the value of x. */
const TEXTS: Record<Language, Record<Words, string>> = {
  en: {
    created: 'Your appointment with {entity} is confirmed',
    updated: 'Your appointment with {entity} has changed',
    cancelled: 'Your appointment with {entity} is cancelled',
    reminder: 'Reminder: your appointment with {entity}',
    greeting: 'Hello {name},',
    when: 'When: {date}, {start} to {end} ({zone})',
    service: 'What: {service}, with {calendar}',
    price: 'Price: {price}',
    manage: 'To see, change or cancel it, open this link: {link}',
    confirm: 'Please confirm your appointment with {entity}',
    confirmLink:
      'It is held for you for 30 minutes: confirm it within 30 minutes by opening this link, or it is released: {link}',
    icsAdds: 'The attached appointment.ics adds it to your calendar.',
    icsUpdates: 'The attached appointment.ics updates it in your calendar.',
    icsRemoves: 'The attached appointment.ics removes it from your calendar.',
    signoff: '{entity}',
    appointment: 'Appointment',
  },
  fr: {
    created: 'Votre rendez-vous avec {entity} est confirmé',
    updated: 'Votre rendez-vous avec {entity} a changé',
    cancelled: 'Votre rendez-vous avec {entity} est annulé',
    reminder: 'Rappel : votre rendez-vous avec {entity}',
    greeting: 'Bonjour {name},',
    when: 'Quand : {date}, de {start} à {end} ({zone})',
    service: 'Quoi : {service}, avec {calendar}',
    price: 'Prix : {price}',
    manage: 'Pour le consulter, le déplacer ou l’annuler, ouvrez ce lien : {link}',
    confirm: 'Merci de confirmer votre rendez-vous avec {entity}',
    confirmLink:
      'Il vous est réservé pendant 30 minutes : confirmez-le dans les 30 minutes en ouvrant ce lien, sinon il est libéré : {link}',
    icsAdds: 'Le fichier appointment.ics joint l’ajoute à votre agenda.',
    icsUpdates: 'Le fichier appointment.ics joint le met à jour dans votre agenda.',
    icsRemoves: 'Le fichier appointment.ics joint le retire de votre agenda.',
    signoff: '{entity}',
    appointment: 'Rendez-vous',
  },
};

/** What the calendar file attached to each kind of e-mail does to the client's calendar. */
const ICS_LINE: Record<MailKind, Words> = {
  created: 'icsAdds',
  reminder: 'icsAdds',
  updated: 'icsUpdates',
  cancelled: 'icsRemoves',
};

/** What the status line says after an update, per language and status. */
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

/** What the staff feed says of each appointment, per language (docs/NOTIFICATIONS.md#calendar-feed). */
const FEED_TEXTS: Record<Language, { cancelled: string; client: string; phone: string }> = {
  en: { cancelled: 'Cancelled: {client}', client: 'Client: {client}', phone: 'Phone: {phone}' },
  fr: { cancelled: 'Annulé : {client}', client: 'Client : {client}', phone: 'Téléphone : {phone}' },
};

export interface MailContext {
  /** The business's name (its `name` setting, else the name it was created with). */
  entityName: string;
  timezone: string;
  language: Language;
  /** The locale dates and times are written for (`en-GB`, `en-US`, `fr-FR`). */
  locale: string;
  /** The business's address, under its name at the end; none when null. */
  address?: string | null | undefined;
  /** A live appointment's link to manage it (the confirmation, a change, the reminder). */
  manageLink?: string | undefined;
  /** An appointment of a service: the name of its calendar (the member of staff). */
  calendarName?: string | undefined;
  /** An appointment of a priced service: its price written for the locale ("45,50 €"). */
  price?: string | undefined;
  /** A booking pending the client's confirmation by this e-mail's link (docs/CONTRACT.md#confirm-by-email). */
  confirming?: boolean | undefined;
  /** The business's look (docs/NOTIFICATIONS.md#sender): its `brand_color` and `logo_url` in the HTML part. */
  brand?: { color: string | null; logo: string | null } | undefined;
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

/** The appointment's date and times as the client reads them: in the entity's zone, written for its locale. */
export function whenOf(
  a: Pick<MailAppointment, 'date' | 'start_time' | 'end_time'>,
  timezone: string,
  locale: string,
) {
  const at = (time: string) => DateTime.fromISO(`${a.date}T${time}`, { zone: timezone }).setLocale(locale);
  const start = at(a.start_time);
  return {
    date: start.toLocaleString(DateTime.DATE_HUGE),
    start: start.toLocaleString(DateTime.TIME_SIMPLE),
    end: at(a.end_time).toLocaleString(DateTime.TIME_SIMPLE),
    zone: zoneName(timezone, locale),
  };
}

/**
 * A time zone named for people by its city, as the business's clients say it: "Paris time", "heure de
 * Paris", "New York time", "heure d’Amsterdam" (the IANA name's city, which is English: a French e-mail of
 * a London business says "heure de London"); a zone without a city (UTC, Etc/GMT+1) as Intl names it, else
 * its IANA name. The widget and the pages name it the same way (web/embed/i18n.ts, zoneLabel).
 */
export function zoneName(timezone: string, locale: string, at = new Date()): string {
  try {
    // Throws for a zone Intl does not know: its IANA name, as given.
    const parts = new Intl.DateTimeFormat(locale, { timeZone: timezone, timeZoneName: 'longGeneric' });
    const city = cityOf(timezone);
    if (city) return locale.toLowerCase().startsWith('fr') ? frenchZone(city) : `${city} time`;
    return parts.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timezone;
  } catch {
    return timezone;
  }
}

/** The city of an IANA zone name ("America/New_York": "New York"); none for Etc/ and bare names. */
const cityOf = (timezone: string): string | undefined => {
  const parts = timezone.split('/');
  if (parts.length < 2 || parts[0] === 'Etc') return undefined;
  return parts.at(-1)?.replace(/_/g, ' ');
};
const frenchZone = (city: string): string =>
  /^[aeiouyh]/i.test(city) ? `heure d’${city}` : `heure de ${city}`;

/** A live appointment's e-mails carry the manage link; the cancellation does not (nothing left to manage). */
const carriesLink = (kind: MailKind): boolean => kind !== 'cancelled';

/** The subject, plain text and HTML of one e-mail. */
export function mailContent(kind: MailKind, a: MailAppointment, context: MailContext): MailContent {
  const t = TEXTS[context.language];
  const name = `${a.client_firstname} ${a.client_lastname}`.trim();
  const values = { entity: context.entityName, name, ...whenOf(a, context.timezone, context.locale) };
  const link = carriesLink(kind) ? context.manageLink : undefined;
  // A booking held until the client confirms it: asked for, with the link that confirms it and its time.
  const confirming = kind === 'created' && a.status === 'pending' && context.confirming === true && !!link;
  const heading = confirming ? t.confirm : t[kind];
  const lines = [
    fill(t.greeting, values),
    fill(heading, values),
    fill(t.when, values),
    // An appointment of a service names it and who performs it (docs/CONTRACT.md#services-and-staff).
    ...(a.service_name
      ? [fill(t.service, { service: a.service_name, calendar: context.calendarName ?? '' })]
      : []),
    ...(context.price ? [fill(t.price, { price: context.price })] : []),
    // The status after a change, and at booking when it is not plain confirmed (a v1 `pending` booking).
    ...(kind === 'updated' || (kind === 'created' && a.status !== 'confirmed')
      ? [STATUS[context.language][a.status]]
      : []),
    ...(link ? [fill(confirming ? t.confirmLink : t.manage, { link })] : []),
    t[ICS_LINE[kind]],
  ];
  const footer = [fill(t.signoff, values), ...(context.address ? [context.address] : [])];
  const subject = fill(heading, values);
  const { top, linkStyle } = brandParts(context);
  const html = [
    `<!doctype html><html lang="${context.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    ...top,
    ...lines.map((line, i) => {
      if (link && line.endsWith(link)) {
        const label = line.slice(0, line.length - link.length);
        const href = escapeHtml(link);
        return `<p>${escapeHtml(label)}<a href="${href}"${linkStyle}>${href}</a></p>`;
      }
      return i === 1 ? `<p><strong>${escapeHtml(line)}</strong></p>` : `<p>${escapeHtml(line)}</p>`;
    }),
    `<p>${footer.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text: `${[...lines, footer.join('\n')].join('\n\n')}\n`, html };
}

/**
 * The business's look in an e-mail's HTML: its logo (named by its alt text) over a bar of its brand colour,
 * and links in that colour; nothing without them. Both settings are checked when set (#rrggbb, https).
 */
function brandParts(context: MailContext): { top: string[]; linkStyle: string } {
  const color = context.brand?.color ? escapeHtml(context.brand.color) : null;
  const logo = context.brand?.logo
    ? `<p><img src="${escapeHtml(context.brand.logo)}" alt="${escapeHtml(context.entityName)}" height="48"></p>`
    : null;
  return {
    top: [...(logo ? [logo] : []), ...(color ? [`<div style="border-top:4px solid ${color}"></div>`] : [])],
    linkStyle: color ? ` style="color:${color}"` : '',
  };
}

/**
 * An invite's SUMMARY: the service booked (or "Appointment" in the e-mails' language) and the business,
 * so that the client's calendar says what and where at a glance.
 */
export function inviteSummary(service: string | null | undefined, entityName: string, language: Language) {
  return `${service?.trim() || TEXTS[language].appointment} – ${entityName}`;
}

/** What the staff feed shows of one appointment, in the entity's language. */
export function feedEntryText(
  a: Pick<AppointmentRecord, 'client_firstname' | 'client_lastname' | 'client_phone' | 'status'>,
  language: Language,
): { summary: string; description: string } {
  const t = FEED_TEXTS[language];
  const client = `${a.client_firstname} ${a.client_lastname}`.trim();
  return {
    summary: a.status === 'cancelled' ? fill(t.cancelled, { client }) : client,
    description: [
      fill(t.client, { client }),
      fill(t.phone, { phone: a.client_phone }),
      STATUS[language][a.status],
    ].join('\n'),
  };
}
