/**
 * One person cannot fill a day (docs/CONTRACT.md#live-caps): per entity, one visitor (an address or an IPv6
 * /64, as the limits see it) and one client contact (an e-mail lower-cased without its `+tag`, or an E.164
 * phone) hold at most so many future live bookings made with publishable keys. Pure rules: who holds a
 * booking, and what a holder's list becomes when one more is added.
 */
import { comparableEmail } from '../../../core/email-address';
import { type LiveCapSettings, liveCapsOf } from '../../settings';

export type LiveCapScope = 'visitor' | 'contact';

/** One holder of bookings: a visitor or a contact, by what it is compared as, and its cap. */
export interface LiveCapHolder {
  scope: LiveCapScope;
  /** The visitor's address or /64, the normalized e-mail, or the E.164 phone. */
  who: string;
  cap: number;
}

/** The e-mail as the caps compare it: the same as the mail cap's (core/email-address.ts). */
export const contactEmail = comparableEmail;

/** Who holds a publishable key's booking, each with a cap above 0: the visitor, the phone, the e-mail. */
export function holdersOf(
  settings: LiveCapSettings,
  booking: { visitor?: string | undefined; phone: string; email: string | null },
): LiveCapHolder[] {
  const caps = liveCapsOf(settings);
  const holders: LiveCapHolder[] = [];
  if (caps.visitor > 0 && booking.visitor)
    holders.push({ scope: 'visitor', who: booking.visitor, cap: caps.visitor });
  if (caps.contact > 0) {
    holders.push({ scope: 'contact', who: `phone:${booking.phone}`, cap: caps.contact });
    if (booking.email)
      holders.push({ scope: 'contact', who: `email:${contactEmail(booking.email)}`, cap: caps.contact });
  }
  return holders;
}

/** A holder's list as stored: the ids of the bookings it made, and the version its writes are conditioned on. */
export interface LiveList {
  ids: number[];
  version: number;
}

/** What one booking writes of a holder's list: the live ids and its own, on the version read (0: none yet). */
export interface LiveCapClaim {
  scope: LiveCapScope;
  who: string;
  ids: number[];
  readVersion: number;
}
