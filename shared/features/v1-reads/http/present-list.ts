import { paginate, type Reply, reply } from '../../../shapes/reply';
import type { Page, PageRequest } from '../../booking';

/** What a list is: the columns every item has (V1_COLUMNS: a CSV page without items is its header) and its meta. */
export interface ListShape {
  columns: readonly string[];
  /** calendar_id on the calendar-specific lists; {} otherwise. */
  meta?: Record<string, unknown>;
}

/** A v1 list reply: the page's items presented, and its pagination (and meta, on calendar lists). */
export function present<T>(
  result: Page<T>,
  page: PageRequest,
  show: (item: T) => unknown,
  list: ListShape,
): Reply {
  return reply(result.items.map(show), {
    pagination: paginate(result.total, result.page ?? page.page, page.perPage, result.nextCursor),
    meta: list.meta ?? {},
    columns: list.columns,
    message: `${result.items.length} of ${result.total}`,
  });
}
