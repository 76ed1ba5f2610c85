import type { Admission, EntityContext, IdempotencyStore, LimitedRequest } from '../features/access';

export type { Admission, IdempotencyStore } from '../features/access';

/** Which API a route belongs to: its envelope, its token kind and its error vocabulary. */
export type Api = 'v1' | 'v2';

/** Recognises an API's token and names its entity; refuses a missing or unknown one with a 401 AppError. */
export type Authenticator = (token: string | undefined, api: Api) => Promise<EntityContext>;

/** What the shared stack needs from outside the HTTP layer; the wiring module provides it. */
export interface StackDeps {
  authenticate: Authenticator;
  idempotency: IdempotencyStore;
  /** Counts a request against the limits that apply to it (shared/features/access/services/limit-service.ts). */
  admit: (entity: EntityContext, request: LimitedRequest) => Promise<Admission>;
  /**
   * A staff member's session (v2, its cookie's token): the entity, with `staff` set; 401 when the session
   * is unknown or over (shared/features/people/services/session-service.ts). Absent: no session is taken.
   */
  authenticateSession?: (token: string) => Promise<EntityContext>;
  /** The stage's public base URL (PUBLIC_BASE_URL): a session's change must come from its origin. */
  publicBase?: () => string | undefined;
}
