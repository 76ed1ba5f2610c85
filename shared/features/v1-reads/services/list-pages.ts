import type { EntityContext } from '../../access';
import type { Page, PagedList, PageRequest } from '../../booking';
import type { CursorScope, Cursors, Position } from './cursors';

/** What one page read gives: its items, the list's total, and where the next page starts. */
export interface PageRead<T, A> {
  items: T[];
  total: number;
  after?: A | undefined;
  /** The total, when it was counted rather than read from counters (a cursor carries it on). */
  counted?: number | undefined;
}

/** A page of a store's list: the list, its filter, the position and size, and each item's place. */
export interface StorePage<Filter, Place, Item> {
  list: PagedList<Filter, Place, Item>;
  entity: EntityContext;
  filter: Filter;
  at: Position<Place>;
  page: PageRequest;
  total: number | undefined;
  placeOf: (item: Item) => Place;
}

/**
 * The page a position points at, and the place of its last item (where a cursor reads on from). With the
 * list's total, the store may read the page from the nearer end.
 */
export async function readPage<Filter, Place, Item>(
  read: StorePage<Filter, Place, Item>,
): Promise<{ items: Item[]; after: Place | undefined }> {
  const { list, entity, filter, at, page, total, placeOf } = read;
  const items = await list.list({
    entityId: entity.entityId,
    filter,
    offset: at.offset,
    limit: page.perPage,
    total,
    after: at.after,
  });
  const last = items.at(-1);
  return { items, after: last && placeOf(last) };
}

/** A list as a cursor knows it (the entity, the list's name, its query), the page asked, and its read. */
export interface ListRead<T, A> {
  entity: EntityContext;
  list: string;
  query: unknown;
  request: PageRequest;
  read: (at: Position<A>) => Promise<PageRead<T, A>>;
}

export interface ListPagesDeps {
  cursors: Cursors;
}

/** Pages of the v1 lists, by number or by cursor (docs/CONTRACT.md#cursors). */
export class ListPages {
  constructor(private readonly deps: ListPagesDeps) {}

  /**
   * A page of a list: the cursor is opened against the list's scope (entity, list, query), the page read
   * from its position, the next cursor sealed.
   */
  async paged<T, A>({ entity, list, query, request, read }: ListRead<T, A>): Promise<Page<T>> {
    const scope: CursorScope = { entityId: entity.entityId, list, query };
    const at = await this.deps.cursors.open<A>(scope, request);
    const got = await read(at);
    const nextCursor = await this.deps.cursors.next({
      scope,
      request,
      at,
      shown: got.items.length,
      total: got.total,
      after: got.after,
      counted: got.counted,
    });
    return { items: got.items, total: got.total, page: at.page, ...(nextCursor ? { nextCursor } : {}) };
  }

  /** A page of a list held in memory. */
  inMemory<T>({
    all,
    ...list
  }: Omit<ListRead<T, never>, 'read'> & { all: () => Promise<T[]> }): Promise<Page<T>> {
    return this.paged<T, never>({
      ...list,
      read: async (at) => {
        const items = await all();
        return { items: items.slice(at.offset, at.offset + list.request.perPage), total: items.length };
      },
    });
  }
}
