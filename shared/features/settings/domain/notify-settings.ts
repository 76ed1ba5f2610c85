import * as z from 'zod/mini';
import { isValidEmail } from '../../contact';

/**
 * Who at the business hears of every booking, move and cancellation (docs/NOTIFICATIONS.md#the-business-hears):
 * up to five addresses, beside each calendar's own `email` (its staff member).
 */
export interface NotifySettings {
  /** The business's addresses told of every change; [] = none. */
  notify_emails: string[];
}

export const NOTIFY_EMAILS_MAX = 5;

/**
 * The addresses as stored: each trimmed, a repeat (compared lower-cased) dropped, in the order given. Null
 * or [] clears them.
 */
export function notifyEmailsOf(list: string[] | null): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list ?? []) {
    const address = raw.trim();
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    out.push(address);
  }
  return out;
}

/** The field of a settings change, spread into the entity's settings schema (built on first use). */
export const notifyPatchShape = () => ({
  notify_emails: z.pipe(
    z.nullable(z.array(z.string())).check(
      z.refine((list) => (list ?? []).length <= NOTIFY_EMAILS_MAX, {
        message: `must be a list of at most ${NOTIFY_EMAILS_MAX} e-mail addresses`,
      }),
      z.refine((list) => (list ?? []).every((a) => isValidEmail(a.trim())), {
        message: 'must hold valid e-mail addresses only',
      }),
    ),
    z.transform(notifyEmailsOf),
  ),
});
