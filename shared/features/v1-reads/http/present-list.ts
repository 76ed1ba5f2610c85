import { paginate, type Reply, reply } from '../../../shapes/reply';
import type { Page, PageRequest } from '../../booking';

/** A v1 list reply: the page's items presented, and its pagination (and meta, on calendar lists). */
export function present<T>(
  result: Page<T>,
  page: PageRequest,
  show: (item: T) => unknown,
  meta: Record<string, unknown> = {},
): Reply {
  return reply(result.items.map(show), {
    pagination: paginate(result.total, result.page ?? page.page, page.perPage, result.nextCursor),
    meta,
    message: `${result.items.length} of ${result.total}`,
  });
}
