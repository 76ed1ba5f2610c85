import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../../core/errors';
import type { PageRequest } from '../../booking';

/** Where the secret that seals cursors comes from (one item of the table; shared by every function). */
export interface CursorKeySource {
  key(): Promise<Uint8Array>;
}

/** What a cursor is bound to: the entity, the list, and its query (filters and per_page). */
export interface CursorScope {
  entityId: string;
  list: string;
  query: unknown;
}

/**
 * Where a page starts: its number and offset, and, for lists read from an index, the last item of the
 * page before (`after`), so the next page reads from there instead of skipping the earlier items; the
 * total when it was counted (not read from counters), so later pages do not count again.
 */
export interface Position<A> {
  page: number;
  offset: number;
  after?: A | undefined;
  total?: number | undefined;
}

/** A page as read and shown: what the cursor to the page after it is made from. */
export interface ShownPage<A> {
  scope: CursorScope;
  request: PageRequest;
  at: Position<A>;
  /** How many items the page shows. */
  shown: number;
  total: number;
  /** The page's last item (for lists read from an index). */
  after?: A | undefined;
  /** The total when it was counted (not read from counters). */
  counted?: number | undefined;
}

interface Sealed<A> {
  p: number;
  a?: A;
  t?: number;
}

const IV = 12;
const TAG = 16;

const badCursor = () =>
  new AppError(
    'validation',
    'INVALID_PARAMETER',
    'cursor: not a cursor of this list (it belongs to another query or account, or was altered)',
  );

export interface CursorsDeps {
  /** The table's cursor key. */
  keys: CursorKeySource;
}

/**
 * Opaque cursors of the v1 lists (docs/CONTRACT.md#cursors): the next page's number and start, sealed
 * with AES-256-GCM under the table's cursor key, the scope (entity, list, query) as additional data. A
 * cursor from another account or another query fails authentication (400), and nothing in it can be read
 * or changed from outside, so it shows no key of the table.
 */
export class Cursors {
  constructor(private readonly deps: CursorsDeps) {}

  private static aad(scope: CursorScope, perPage: number): Buffer {
    return createHash('sha256')
      .update(JSON.stringify([scope.entityId, scope.list, scope.query, perPage]))
      .digest();
  }

  /** The position a request asks for: its cursor's, else its page number's. */
  async open<A>(scope: CursorScope, request: PageRequest): Promise<Position<A>> {
    if (request.cursor === undefined) {
      return { page: request.page, offset: (request.page - 1) * request.perPage };
    }
    const raw = Buffer.from(request.cursor, 'base64url');
    if (raw.length <= IV + TAG || raw.toString('base64url') !== request.cursor) throw badCursor();
    const key = await this.deps.keys.key();
    let sealed: Sealed<A>;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV));
      decipher.setAAD(Cursors.aad(scope, request.perPage));
      decipher.setAuthTag(raw.subarray(IV, IV + TAG));
      const text = Buffer.concat([decipher.update(raw.subarray(IV + TAG)), decipher.final()]).toString();
      sealed = JSON.parse(text) as Sealed<A>;
    } catch {
      throw badCursor();
    }
    if (!Number.isSafeInteger(sealed.p) || sealed.p < 2) throw badCursor();
    return {
      page: sealed.p,
      offset: (sealed.p - 1) * request.perPage,
      after: sealed.a,
      total: sealed.t,
    };
  }

  /** The cursor of the page after the one shown, when there is one. */
  async next<A>({
    scope,
    request,
    at,
    shown,
    total,
    after,
    counted,
  }: ShownPage<A>): Promise<string | undefined> {
    if (shown === 0 || at.offset + shown >= total) return undefined;
    const sealed: Sealed<A> = {
      p: at.page + 1,
      ...(after === undefined ? {} : { a: after }),
      ...(counted === undefined ? {} : { t: counted }),
    };
    const key = await this.deps.keys.key();
    const iv = randomBytes(IV);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Cursors.aad(scope, request.perPage));
    const body = Buffer.concat([cipher.update(JSON.stringify(sealed)), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }
}
