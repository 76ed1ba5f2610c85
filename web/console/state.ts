/** What the console knows and shows: who is signed in, the business, its staff and services, the view. */
import type { Business, Calendar, Me, Service } from './api';

export type View = 'day' | 'week' | 'setup';

export interface State {
  me: Me;
  business: Business;
  /** The staff members (calendars) this person may see: all for an owner, their own for staff. */
  calendars: Calendar[];
  services: Service[];
  view: View;
  /** The day shown (day view) or a day of the week shown (week view), in the business's time zone. */
  date: string;
  /** The staff member shown, or null for all of them. */
  calendarId: number | null;
}

/** What every part of the console may ask of it: the state, a fresh draw, a word to the user. */
export interface Shell {
  state: State;
  /** Reads the view's appointments again and draws it. */
  refresh(): Promise<void>;
  /** A line in the console's live region (and, for an error, shown as one). */
  notify(text: string, error?: boolean): void;
}

export const calendarName = (state: State, id: number): string =>
  state.calendars.find((c) => c.id === id)?.name ?? `Staff ${id}`;
