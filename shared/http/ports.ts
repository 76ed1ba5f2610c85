import type { EntityContext } from '../domain/entity';

/** Which API a route belongs to: its envelope, its token kind and its error vocabulary. */
export type Api = 'v1' | 'v2';

/** Recognises an API's token and names its entity; refuses a missing or unknown one with a 401 AppError. */
export type Authenticator = (token: string | undefined, api: Api) => Promise<EntityContext>;

/** An answer kept under an Idempotency-Key, replayed as it was. */
export interface RecordedAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** What claiming an Idempotency-Key found. */
export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: RecordedAnswer }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' };

/** Where the idempotency middleware keeps its keys: claim one, record its answer, or let it go. */
export interface IdempotencyStore {
  claim(
    entityId: string,
    route: string,
    key: string,
    bodyHash: string,
    nowSeconds: number,
    ttlSeconds: number,
  ): Promise<IdempotencyClaim>;
  complete(entityId: string, route: string, key: string, answer: RecordedAnswer): Promise<void>;
  release(entityId: string, route: string, key: string): Promise<void>;
}

/** What the shared stack needs from outside the HTTP layer; the wiring module provides it. */
export interface StackDeps {
  authenticate: Authenticator;
  idempotency: IdempotencyStore;
}
