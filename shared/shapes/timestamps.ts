/** A record whose times are kept as instants (`toISOString()`: UTC, with milliseconds). */
interface Stamped {
  created_at: string;
  updated_at?: string;
}

/** An instant to the second with its offset, in UTC: 2026-11-29T09:01:42+00:00. */
const toSecond = (instant: string): string => `${new Date(instant).toISOString().slice(0, 19)}+00:00`;

/**
 * A record's `created_at` (and `updated_at`) as the API answers such fields: ISO 8601 to the second with
 * the offset (docs/CONTRACT.md#time). Publishable keys, staff members and passkeys name no calendar and are
 * kept as instants; they are shown in UTC (`+00:00`), which needs no time-zone rules in their functions.
 */
export const toTheSecond = <T extends Stamped>(record: T): T => ({
  ...record,
  created_at: toSecond(record.created_at),
  ...(record.updated_at === undefined ? {} : { updated_at: toSecond(record.updated_at) }),
});
