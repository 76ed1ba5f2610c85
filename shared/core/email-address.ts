/**
 * An e-mail address as the limits compare it: trimmed, lower-cased, and without a `+tag` in its local part,
 * so that `Jo+a@x.fr`, `jo+b@x.fr` and `JO@x.fr` are one address (the per-address mail cap, the caps on a
 * contact's live bookings: docs/CONTRACT.md).
 */
export function comparableEmail(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  const local = at < 0 ? lower : lower.slice(0, at);
  const plus = local.indexOf('+');
  return plus < 0 ? lower : `${local.slice(0, plus)}${lower.slice(at)}`;
}
