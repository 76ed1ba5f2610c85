/** Dates as the console shows them: the business's days (its time zone), YYYY-MM-DD, Monday first. */

/** Today in a time zone, YYYY-MM-DD. */
export function todayIn(timezone: string, at = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '01';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const utc = (date: string): Date => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
};

/** The date `days` after a date. */
export const addDays = (date: string, days: number): string => {
  const at = utc(date);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** The Monday of a date's week. */
export const weekStart = (date: string): string => addDays(date, -((utc(date).getUTCDay() + 6) % 7));

/** "Monday 30 November 2026" (or the locale's way). */
export const longDate = (date: string, locale = 'en-GB'): string =>
  utc(date).toLocaleDateString(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "Mon 30 Nov". */
export const shortDate = (date: string, locale = 'en-GB'): string =>
  utc(date).toLocaleDateString(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** HH:MM of HH:MM:SS. */
export const hhmm = (time: string | null | undefined): string => (time ?? '').slice(0, 5);
