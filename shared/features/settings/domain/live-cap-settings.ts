import * as z from 'zod/mini';

/**
 * One person cannot fill a day (docs/CONTRACT.md#live-caps): how many future live bookings made with
 * publishable keys one visitor, and one client contact (an e-mail or a phone), may hold. 0: no cap.
 * Optional in a stored entity's settings (one made before them has none): the defaults apply.
 */
export interface LiveCapSettings {
  /** Per visitor (an address, an IPv6 /64; behind the edge the viewer): 0 to 100, default 3. */
  max_live_bookings_per_visitor?: number | undefined;
  /** Per client contact (e-mail lower-cased without its +tag, E.164 phone): 0 to 100, default 3. */
  max_live_bookings_per_contact?: number | undefined;
  /**
   * A publishable key's booking is `pending` until the client opens the link of its e-mail, and released
   * by itself when it is not confirmed in time (docs/CONTRACT.md#confirm-by-email). Absent: false.
   */
  confirm_by_email?: boolean | undefined;
}

export const LIVE_CAP_BOUNDS = { min: 0, max: 100 } as const;
export const DEFAULT_LIVE_CAPS = {
  max_live_bookings_per_visitor: 3,
  max_live_bookings_per_contact: 3,
} as const;

/** The caps in force: the entity's where set, else the defaults. */
export const liveCapsOf = (settings: LiveCapSettings) => ({
  visitor: settings.max_live_bookings_per_visitor ?? DEFAULT_LIVE_CAPS.max_live_bookings_per_visitor,
  contact: settings.max_live_bookings_per_contact ?? DEFAULT_LIVE_CAPS.max_live_bookings_per_contact,
});

const wholeNumber = (bounds: { min: number; max: number }) =>
  z.number().check(z.int(), z.gte(bounds.min), z.lte(bounds.max));

/** The fields of a settings change, spread into the entity's settings schema (built on first use). */
export const liveCapPatchShape = () => ({
  max_live_bookings_per_visitor: wholeNumber(LIVE_CAP_BOUNDS),
  max_live_bookings_per_contact: wholeNumber(LIVE_CAP_BOUNDS),
  confirm_by_email: z.boolean(),
});

/** Whether a publishable key's bookings wait for the client's confirmation by e-mail. */
export const confirmsByEmail = (settings: LiveCapSettings): boolean => settings.confirm_by_email === true;
