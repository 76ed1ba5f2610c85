/** What a handler returns: domain data plus the few envelope facts only the handler knows. */
export interface Reply {
  data: unknown;
  message?: string;
  /** v2 verdict endpoints answer 200 with success false (docs/CONTRACT.md#envelopes). */
  success?: boolean;
  /** v1 list endpoints. */
  pagination?: Pagination;
  /** v1: calendar_id on calendar-specific lists; {} otherwise. */
  meta?: Record<string, unknown>;
  /** v1 lists: the columns every item has, the header row of a CSV answer whose page has no item. */
  columns?: readonly string[];
  /** Only for answers that are neither plain success nor a domain error (health: 503 degraded). */
  status?: number;
  errorCode?: string;
  /** Headers of the answer only the handler knows (v2: a session's Set-Cookie). */
  headers?: Record<string, string>;
}

export interface Pagination {
  total: number;
  page: number;
  per_page: number;
  total_pages: number;
  has_more: boolean;
  /** The next page's cursor (docs/CONTRACT.md#cursors); absent on the last page. */
  next_cursor?: string;
}

/** A count in a message, in English: `1 calendar`, `2 calendars` (the plural given when it is not `s` added). */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** What closing a day or a time off did, for its message: `1 slot closed, 2 booked appointments kept`. */
export const closedAndKept = (added: { closedSlots: number; bookedAppointments: number }): string =>
  `${counted(added.closedSlots, 'slot')} closed, ${counted(added.bookedAppointments, 'booked appointment')} kept`;

/** A reply with data and, optionally, a message and other envelope facts. */
export const reply = (data: unknown, extra: Omit<Reply, 'data'> = {}): Reply => ({ data, ...extra });

/** Builds the pagination object of a v1 list. */
export function paginate(total: number, page: number, perPage: number, nextCursor?: string): Pagination {
  const totalPages = Math.ceil(total / perPage);
  return {
    total,
    page,
    per_page: perPage,
    total_pages: totalPages,
    has_more: page < totalPages,
    ...(nextCursor ? { next_cursor: nextCursor } : {}),
  };
}
