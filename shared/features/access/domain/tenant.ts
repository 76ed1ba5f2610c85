/** Who a request acts for: the tenant (from its token, never from input) and the tokens that name it. */
import type { EntitySettings } from '../../settings';
import type { KeyCredential } from './publishable-keys';
import type { TokenKind } from './tokens';

/** The authenticated tenant a request acts on. It comes from the token, never from input. */
export interface EntityContext {
  entityId: string;
  settings: EntitySettings;
  /** Set when a publishable key made the request: its scope and origins bound what it may do. */
  credential?: KeyCredential | undefined;
  /** Set when a staff member's session made the request (v2 only): who, their role and their calendars. */
  staff?: StaffIdentity | undefined;
}

/**
 * A staff member signed in (docs/CONTRACT.md#staff-and-sessions): an `owner` may do what the v2 token does;
 * a `staff` member reads and changes only the calendars of `calendarIds`.
 */
export interface StaffIdentity {
  email: string;
  role: 'owner' | 'staff';
  calendarIds: number[];
}

/**
 * Who made a change, as records keep it (`changed_by`): the staff member's e-mail for a session, `key` for
 * a publishable key, `client` for a cancel token (the client's own link), `token` for the secret tokens.
 */
export const changedByOf = (entity: Pick<EntityContext, 'credential' | 'staff'>): string =>
  entity.staff
    ? entity.staff.email
    : entity.credential?.kind === 'publishable'
      ? 'key'
      : entity.credential?.kind === 'cancel'
        ? 'client'
        : 'token';

/** What the store keeps of an entity: never its secret, only the hashes that recognise its tokens. */
export interface EntityRecord {
  entity_account_id: string;
  name: string;
  token_hashes: Record<TokenKind, string>;
  created_at: string;
  updated_at: string;
}

/** A token or publishable key as stored: only its hash, the entity it acts for, and a copy of the settings. */
export interface TokenRecord {
  entity_id: string;
  /** An API's secret token, or a publishable key (v2 booking routes only). */
  kind: TokenKind | 'publishable' | 'cancel';
  token_hash: string;
  /** Publishable keys: the key's id and the origins it may be used from. */
  key_id?: string;
  allowed_origins?: string[];
  /** Publishable keys: the key also opens the hosted booking page. */
  hosted_page?: boolean;
  /** A copy of the entity's settings, so that one read authenticates a request and gives its settings. */
  settings?: EntitySettings;
}
