import { STATUSES } from '../../domain/booking/appointment';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE } from '../../domain/core/defaults';
import { PERIODS } from '../../services/v1/statistics-service';
import { bool, date, id, int, oneOf, params, text } from '../input/fields';

/**
 * page, per_page and cursor of every v1 list (docs/CONTRACT.md#v1-in-short, #cursors): 400
 * INVALID_PARAMETER outside them. A cursor names the page instead of `page`.
 */
export const pagination = {
  page: int({ min: 1, max: 1_000_000 }).optional(),
  per_page: int({ min: 1, max: 1000 }).optional(),
  cursor: text(1024)
    .meta({
      description:
        "Opaque: a page's pagination.next_cursor. Gives the next page of the same query (the same filters and per_page) in place of `page`; another account's or query's cursor is 400 INVALID_PARAMETER.",
    })
    .optional(),
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
  status: oneOf(STATUSES).optional(),
  date_from: date().optional(),
  date_to: date().optional(),
};

export const periodQuery = {
  period: oneOf(PERIODS),
  date: date().optional(),
  start_date: date().optional(),
  end_date: date().optional(),
};

export const search = text(100).optional();
export { bool, date, id, params };
