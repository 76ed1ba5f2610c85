import * as z from 'zod/mini';
import {
  DAYS_AHEAD_BOUNDS,
  DEFAULT_MAX_DAYS_AHEAD,
  DEFAULT_MIN_NOTICE,
  NOTICE_BOUNDS,
} from '../../../core/defaults';

/**
 * What a client (a publishable key, a cancel token) may book and change (docs/CONTRACT.md#booking-window):
 * the minimum notice, the booking window, and the time before a start within which the client's link
 * no longer moves or cancels it. The business's own token and sessions are bound by none of them.
 */
export interface WindowSettings {
  /** Minutes a start must be ahead of now (0 to 43,200; default 0); a service may have its own. */
  min_notice_minutes: number;
  /** Days a client may book ahead, today included (1 to 365; default 60); a service may have its own. */
  max_days_ahead: number;
  /** Minutes before a start within which a client's link answers 409 (0 to 10,080; default 0: none). */
  client_change_cutoff_minutes: number;
}

export const CUTOFF_BOUNDS = { min: 0, max: 10_080 } as const;
export const DEFAULT_WINDOW_SETTINGS: WindowSettings = {
  min_notice_minutes: DEFAULT_MIN_NOTICE,
  max_days_ahead: DEFAULT_MAX_DAYS_AHEAD,
  client_change_cutoff_minutes: 0,
};

const wholeNumber = (bounds: { min: number; max: number }) =>
  z.number().check(z.int(), z.gte(bounds.min), z.lte(bounds.max));

/** The fields of a settings change, spread into the entity's settings schema (built on first use). */
export const windowPatchShape = () => ({
  min_notice_minutes: wholeNumber(NOTICE_BOUNDS),
  max_days_ahead: wholeNumber(DAYS_AHEAD_BOUNDS),
  client_change_cutoff_minutes: wholeNumber(CUTOFF_BOUNDS),
});
