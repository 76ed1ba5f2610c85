/** The booking window the pages show a month at a time (docs/CONTRACT.md#widget-and-manage-page). */
import { addDays, nowIn } from './api';

/** The days a client may book: from today (in the business's zone) to its last day, both inclusive. */
export interface BookingWindow {
  first: string;
  last: string;
}

/** The window of `days` days from today in `zone` (the business's `max_days_ahead`). */
export const windowOf = (zone: string, days: number): BookingWindow => {
  const first = nowIn(zone).date;
  return { first, last: addDays(first, Math.max(1, days) - 1) };
};

/** The months (YYYY-MM) a window touches, in order. */
export function monthsOf(window: BookingWindow): string[] {
  const months: string[] = [];
  for (let month = window.first.slice(0, 7); month <= window.last.slice(0, 7); month = nextMonth(month))
    months.push(month);
  return months;
}

const nextMonth = (month: string): string => addDays(`${month}-28`, 4).slice(0, 7);

/** The days of `month` inside the window: what one month's view asks for (at most 31 days). */
export function monthRange(window: BookingWindow, month: string): string {
  const start = `${month}-01`;
  const end = addDays(`${nextMonth(month)}-01`, -1);
  return `from=${start > window.first ? start : window.first}&to=${end < window.last ? end : window.last}`;
}
