import { DEFAULT_PAGE, DEFAULT_PER_PAGE } from '../../../core/defaults';
import { bool, date, described, id, int, oneOf, optional, params, text } from '../../../shapes/fields';
import { STATUSES } from '../../booking';
import { PERIODS } from '../services/statistics-service';

/**
 * page, per_page and cursor of every v1 list (docs/CONTRACT.md#v1-in-short, #cursors): 400
 * INVALID_PARAMETER outside them. A cursor names the page instead of `page`.
 */
export const pagination = {
  page: optional(int({ min: 1, max: 1_000_000 })),
  per_page: optional(int({ min: 1, max: 1000 })),
  cursor: optional(
    described(text(1024), {
      description:
        "Opaque: a page's pagination.next_cursor. Gives the next page of the same query (the same filters and per_page) in place of `page`; another account's or query's cursor is 400 INVALID_PARAMETER.",
    }),
  ),
};
export const pageOf = (q: {
  page?: number | undefined;
  per_page?: number | undefined;
  cursor?: string | undefined;
}) => ({
  page: q.page ?? DEFAULT_PAGE,
  perPage: q.per_page ?? DEFAULT_PER_PAGE,
  cursor: q.cursor,
});

/** The `{id}` path parameter: a positive integer, else 400 INVALID_PARAMETER. */
export const idPath = params({ id: id() });

export const appointmentListQuery = {
  ...pagination,
  status: optional(oneOf(STATUSES)),
  date_from: optional(date()),
  date_to: optional(date()),
};

export const periodQuery = {
  period: oneOf(PERIODS),
  date: optional(date()),
  start_date: optional(date()),
  end_date: optional(date()),
};

export const search = optional(text(100));
export { bool, date, id, optional, params };
