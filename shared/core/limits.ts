/**
 * The fair-use quotas an entity is held to (docs/CONTRACT.md#limits): each a count over a fixed window, 0
 * meaning no limit. The stage's defaults are read from its environment (shared/config.ts); the arithmetic
 * is the access feature's.
 */
export interface Limits {
  requests_per_minute: number;
  bookings_per_minute: number;
  public_requests_per_minute: number;
  public_bookings_per_minute: number;
  visitor_requests_per_minute: number;
  visitor_bookings_per_hour: number;
}

export const NO_LIMITS: Limits = {
  requests_per_minute: 0,
  bookings_per_minute: 0,
  public_requests_per_minute: 0,
  public_bookings_per_minute: 0,
  visitor_requests_per_minute: 0,
  visitor_bookings_per_hour: 0,
};
