import { isoInZone } from '../core/dates';

/** A record whose times are kept as instants (`toISOString()`: UTC, with milliseconds). */
interface Stamped {
  created_at: string;
  updated_at?: string;
}

/**
 * A record's `created_at` (and `updated_at`) as the API answers every such field: to the second, with the
 * offset of the entity's time zone (docs/CONTRACT.md#time). Publishable keys, staff members and passkeys
 * keep the instant; this is how it is shown.
 */
export const inEntityTime = <T extends Stamped>(record: T, timezone: string): T => ({
  ...record,
  created_at: isoInZone(new Date(record.created_at), timezone),
  ...(record.updated_at === undefined
    ? {}
    : { updated_at: isoInZone(new Date(record.updated_at), timezone) }),
});
