/** Every word the widget and the manage page show, in English and French. */
export type Lang = 'en' | 'fr';

const EN = {
  loading: 'Loading…',
  chooseDay: 'Choose a day',
  chooseTime: 'Choose a time',
  chooseService: 'Choose a service',
  chooseStaff: 'Choose a person',
  anyone: 'Anyone',
  timesIn: 'Times are in {zone}, the business’s time zone.',
  noTimes: 'No time is free in the coming days.',
  noTimesMonth: 'No time is free in {month}.',
  prevMonth: 'Previous month',
  nextMonth: 'Next month',
  price: 'Price',
  service: 'Service',
  addToCalendar: 'Add to my calendar (.ics)',
  confirmCancel: 'Cancel this appointment? This cannot be undone.',
  confirmCancelYes: 'Yes, cancel it',
  confirmCancelNo: 'No, keep it',
  yourDetails: 'Your details',
  name: 'Name',
  phone: 'Phone',
  email: 'E-mail (optional)',
  book: 'Book {when}',
  booking: 'Booking…',
  change: 'Choose another time',
  confirmed: 'Your appointment is booked',
  confirmedAt: '{when} ({zone}).',
  manageLink: 'Cancel or change this appointment',
  full: 'This time was just taken. The free times are shown again: please choose another.',
  closed: 'This time is no longer offered. Please choose another.',
  past: 'This time has already started. Please choose another.',
  invalidPhone: 'This phone number is not valid.',
  invalidEmail: 'This e-mail address is not valid.',
  invalidName: 'Please enter your name.',
  limit: 'Too many requests for now. Please try again in {seconds} seconds.',
  origin: 'Booking is not allowed from this site ({origin}). The business must add it to its key.',
  badKey: 'This booking widget is not set up correctly (unknown key).',
  failed: 'Something went wrong. Please try again.',
  network: 'The booking service cannot be reached. Please try again.',
  myAppointment: 'Your appointment',
  business: 'Business',
  staff: 'With',
  date: 'Date',
  time: 'Time',
  status: 'Status',
  status_confirmed: 'Confirmed',
  status_cancelled: 'Cancelled',
  status_pending: 'Pending',
  status_completed: 'Completed',
  status_no_show: 'Missed',
  cancel: 'Cancel this appointment',
  reschedule: 'Change the time',
  cancelled: 'Your appointment is cancelled.',
  confirmedNow: 'Your appointment is confirmed.',
  rescheduled: 'Your appointment is moved.',
  moveTo: 'Move to {when}',
  noToken: 'This link is incomplete: open the link of your confirmation e-mail again.',
  unknownToken: 'No appointment matches this link.',
  alreadyCancelled: 'This appointment is already cancelled.',
  notManageable: 'This appointment has started or is over: it can no longer be changed here.',
  tooLate: 'It is too late to change this appointment here. To move or cancel it, contact {business}.',
  theBusiness: 'the business',
  sameTime: 'Your appointment is already at this time.',
};
export type Texts = typeof EN;

const FR: Texts = {
  loading: 'Chargement…',
  chooseDay: 'Choisissez un jour',
  chooseTime: 'Choisissez une heure',
  chooseService: 'Choisissez une prestation',
  chooseStaff: 'Choisissez une personne',
  anyone: 'Peu importe',
  timesIn: 'Horaires en {zone}, le fuseau de l’établissement.',
  noTimes: 'Aucun horaire libre dans les prochains jours.',
  noTimesMonth: 'Aucun horaire libre en {month}.',
  prevMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  price: 'Prix',
  service: 'Prestation',
  addToCalendar: 'Ajouter à mon agenda (.ics)',
  confirmCancel: 'Annuler ce rendez-vous ? C’est définitif.',
  confirmCancelYes: 'Oui, l’annuler',
  confirmCancelNo: 'Non, le garder',
  yourDetails: 'Vos coordonnées',
  name: 'Nom',
  phone: 'Téléphone',
  email: 'E-mail (facultatif)',
  book: 'Réserver {when}',
  booking: 'Réservation…',
  change: 'Choisir un autre horaire',
  confirmed: 'Votre rendez-vous est réservé',
  confirmedAt: '{when} ({zone}).',
  manageLink: 'Annuler ou modifier ce rendez-vous',
  full: 'Cet horaire vient d’être pris. Les horaires libres sont affichés à nouveau : choisissez-en un autre.',
  closed: 'Cet horaire n’est plus proposé. Choisissez-en un autre.',
  past: 'Cet horaire a déjà commencé. Choisissez-en un autre.',
  invalidPhone: 'Ce numéro de téléphone n’est pas valide.',
  invalidEmail: 'Cette adresse e-mail n’est pas valide.',
  invalidName: 'Indiquez votre nom.',
  limit: 'Trop de demandes pour le moment. Réessayez dans {seconds} secondes.',
  origin:
    'La réservation n’est pas autorisée depuis ce site ({origin}). L’établissement doit l’ajouter à sa clé.',
  badKey: 'Ce module de réservation est mal configuré (clé inconnue).',
  failed: 'Une erreur est survenue. Réessayez.',
  network: 'Le service de réservation est injoignable. Réessayez.',
  myAppointment: 'Votre rendez-vous',
  business: 'Établissement',
  staff: 'Avec',
  date: 'Date',
  time: 'Heure',
  status: 'État',
  status_confirmed: 'Confirmé',
  status_cancelled: 'Annulé',
  status_pending: 'En attente',
  status_completed: 'Terminé',
  status_no_show: 'Manqué',
  cancel: 'Annuler ce rendez-vous',
  reschedule: 'Changer l’horaire',
  cancelled: 'Votre rendez-vous est annulé.',
  confirmedNow: 'Votre rendez-vous est confirmé.',
  rescheduled: 'Votre rendez-vous est déplacé.',
  moveTo: 'Déplacer au {when}',
  noToken: 'Ce lien est incomplet : ouvrez à nouveau le lien de votre e-mail de confirmation.',
  unknownToken: 'Aucun rendez-vous ne correspond à ce lien.',
  alreadyCancelled: 'Ce rendez-vous est déjà annulé.',
  notManageable: 'Ce rendez-vous a commencé ou est terminé : il ne peut plus être modifié ici.',
  tooLate:
    'Il est trop tard pour modifier ce rendez-vous ici. Pour le déplacer ou l’annuler, contactez {business}.',
  theBusiness: 'l’établissement',
  sameTime: 'Votre rendez-vous est déjà à cet horaire.',
};

export const TEXTS: Record<Lang, Texts> = { en: EN, fr: FR };

export const langOf = (value: string | null | undefined): Lang | null =>
  value === 'fr' || value?.startsWith('fr-')
    ? 'fr'
    : value === 'en' || value?.startsWith('en-')
      ? 'en'
      : null;

/** A text with its `{name}` places filled. */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

/** A date YYYY-MM-DD as words ("Tue 1 Dec"), whatever the visitor's zone (the date is the business's). */
export function dayLabel(date: string, lang: Lang, long = false): string {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12));
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    timeZone: 'UTC',
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: long ? 'long' : 'short',
    ...(long ? { year: 'numeric' } : {}),
  }).format(at);
}

/** HH:MM of a time HH:MM:SS (the business's clock time, shown as it is). */
export const hhmm = (time: string): string => time.slice(0, 5);

/** The locale of a page's dates and prices: the business's when it speaks the page's language, else the language's own. */
export const localeFor = (lang: Lang, businessLocale: string | null | undefined): string =>
  businessLocale && langOf(businessLocale) === lang ? businessLocale : lang === 'fr' ? 'fr-FR' : 'en-GB';

/**
 * A time zone named for people by its city, in the page's language: "Paris time", "heure de Paris",
 * "New York time" (the IANA name's city; the same rule as the e-mails, shared/features/mail/domain/
 * mail-content.ts); a zone without a city (UTC, Etc/GMT+1) as Intl names it, else its IANA name.
 */
export function zoneLabel(zone: string, lang: Lang): string {
  try {
    // Throws for a zone Intl does not know: its IANA name, as given.
    const named = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
      timeZone: zone,
      timeZoneName: 'longGeneric',
    });
    const parts = zone.split('/');
    const city = parts.length >= 2 && parts[0] !== 'Etc' ? parts.at(-1)?.replace(/_/g, ' ') : undefined;
    if (city && lang === 'fr') return /^[aeiouyh]/i.test(city) ? `heure d’${city}` : `heure de ${city}`;
    if (city) return `${city} time`;
    return named.formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

/** A price in a currency's minor units, written for a locale: 4550 EUR in fr-FR is "45,50 €". */
export function priceLabel(price: number, currency: string, locale: string): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    return format.format(price / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${price} ${currency}`;
  }
}

/** A month YYYY-MM as words ("December 2026", "décembre 2026"). */
export function monthLabel(month: string, lang: Lang): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    timeZone: 'UTC',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, 15)));
}
