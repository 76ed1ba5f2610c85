/** The access feature's public face: what other features may use of it (docs/design/features.md). */

export type { CalendarScope } from './domain/calendar-scope';
export { calendarScopeOf, inScope, refuseOutsideScope } from './domain/calendar-scope';
export type { CancelTokenRef } from './domain/cancel-tokens';
export {
  cancelTokenRef,
  emailCancelToken,
  keepsDigest,
  LINK_TOKENS_KEPT,
  newCancelToken,
} from './domain/cancel-tokens';
export type { IdempotencyMark, StoredAnswer } from './domain/idempotency';
export { idempotencyCaller } from './domain/idempotency';
export type { Admission, LimitedRequest, Limits, PolicyState, Visitor } from './domain/limits';
export { NO_LIMITS, rateLimitHeaders } from './domain/limits';
export type { PublishableKey } from './domain/publishable-keys';
export { checkKeyUse, ownOriginOf } from './domain/publishable-keys';
export type { EntityContext, EntityRecord, StaffIdentity } from './domain/tenant';
export { changedByOf } from './domain/tenant';
export type { TokenKind } from './domain/tokens';
export { randomToken, sha256Hex, v1Token, v2Token } from './domain/tokens';
export { requestVisitor, VIEWER_ADDRESS_HEADER, visitorOf } from './domain/visitor-address';
export type { IdempotencyStore, LimitStore, PublishableKeyStore } from './ports';
export { KeyService } from './services/key-service';
export { LimitService } from './services/limit-service';
export { idempotencyCommitItem } from './store/idempotency-repository';
