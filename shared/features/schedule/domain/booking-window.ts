import { addDays, todayIn } from '../../../core/dates';
import { startInstant } from './slot-times';

/**
 * The booking window (docs/CONTRACT.md#booking-window): how soon a client may book or move to a start (the
 * minimum notice) and how far ahead (the last date: today + max_days_ahead − 1, in the calendar's zone).
 * It binds publishable keys and cancel tokens only; the business's own token and sessions are not bound.
 */
export interface BookingWindow {
  minNoticeMinutes: number;
  maxDaysAhead: number;
}

import {
  DAYS_AHEAD_BOUNDS,
  DEFAULT_MAX_DAYS_AHEAD,
  DEFAULT_MIN_NOTICE,
  NOTICE_BOUNDS,
} from '../../../core/defaults';

export { DAYS_AHEAD_BOUNDS, DEFAULT_MAX_DAYS_AHEAD, DEFAULT_MIN_NOTICE, NOTICE_BOUNDS };

/** The settings of the window, the entity's or a service's own (null there: the entity's applies). */
export interface WindowSettings {
  min_notice_minutes?: number | null | undefined;
  max_days_ahead?: number | null | undefined;
}

/** What a request is: a client's (a publishable key's or a cancel token's) or the business's own. */
export interface WindowCaller {
  credential?: unknown;
  staff?: unknown;
  settings: WindowSettings;
}

/** The window that binds a caller: null for the business's own token or a session; a service's own fields win. */
export function windowOf(caller: WindowCaller, service?: WindowSettings): BookingWindow | null {
  if (!caller.credential || caller.staff) return null;
  return {
    minNoticeMinutes: service?.min_notice_minutes ?? caller.settings.min_notice_minutes ?? DEFAULT_MIN_NOTICE,
    maxDaysAhead: service?.max_days_ahead ?? caller.settings.max_days_ahead ?? DEFAULT_MAX_DAYS_AHEAD,
  };
}

/** The last date a window lets a client book, in the calendar's zone. */
export const lastBookableDate = (window: BookingWindow, timezone: string, now: Date): string =>
  addDays(todayIn(timezone, now), window.maxDaysAhead - 1);

/** Why a start is outside the window (`too soon`, `too far ahead`), or null; no window: null. */
export function outsideWindow(
  start: { date: string; start_time: string },
  timezone: string,
  now: Date,
  window: BookingWindow | null,
): 'too soon' | 'too far ahead' | null {
  if (!window) return null;
  if (start.date > lastBookableDate(window, timezone, now)) return 'too far ahead';
  const earliest = now.getTime() + window.minNoticeMinutes * 60_000;
  if (startInstant(start.date, start.start_time, timezone).getTime() < earliest) return 'too soon';
  return null;
}
