import { tokenInvalid, tokenRequired } from '../../../core/errors';
import type { SettingsLookup } from '../../settings';
import { type EntitySettings, withDefaultSettings } from '../../settings';
import { cancelTokenRef, LEGACY_CANCEL_TOKEN_SHAPE } from '../domain/cancel-tokens';
import { PUBLISHABLE_KEY_SHAPE } from '../domain/publishable-keys';
import type { EntityContext } from '../domain/tenant';
import { sameDigest, sha256Hex, type TokenKind } from '../domain/tokens';
import type { TokenLookup } from '../ports';

const TOKEN_SHAPE: Record<TokenKind, RegExp> = { v1: /^[0-9a-f]{64}$/, v2: /^[0-9a-f]{40}$/ };

/** What the token check needs: the token items and the entity settings they carry. */
export interface AuthServiceDeps {
  tokens: TokenLookup;
  settings: SettingsLookup;
}

/** Recognises an API's access token and resolves the entity it identifies. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * 1. No token: AUTH_REQUIRED. 2. Not the shape of this API's token: AUTH_INVALID without a read.
   * 3. Look the token up by its SHA-256 (one read: the token item carries the settings) and compare the
   * digests in constant time. A cancel token of the current shape is looked up in the appointment it
   * names, which must keep its digest (docs/CONTRACT.md#cancel-tokens); one of the earlier shape by its
   * token item, as before.
   * 4. A token of the other API, or of a rotated secret, is AUTH_INVALID.
   */
  async authenticate(token: string | undefined, kind: TokenKind): Promise<EntityContext> {
    const trimmed = token?.trim() ?? '';
    if (trimmed === '') throw tokenRequired();
    // A publishable key (v2 only) is case-sensitive base64url; the secret tokens are hex, any case.
    const publishable = kind === 'v2' && PUBLISHABLE_KEY_SHAPE.test(trimmed);
    // A cancel token (v2 only) opens its appointment's routes, for the manage page.
    const ref = kind === 'v2' && !publishable ? cancelTokenRef(trimmed) : null;
    const cancel = kind === 'v2' && !publishable && (ref !== null || LEGACY_CANCEL_TOKEN_SHAPE.test(trimmed));
    const candidate = publishable || cancel ? trimmed : trimmed.toLowerCase();
    if (!publishable && !cancel && !TOKEN_SHAPE[kind].test(candidate)) throw tokenInvalid();
    const hash = sha256Hex(candidate);
    const record = ref
      ? await this.deps.tokens.findCancelToken({ ...ref, tokenHash: hash })
      : await this.deps.tokens.findToken(hash);
    const expected = publishable ? 'publishable' : cancel ? 'cancel' : kind;
    if (!record || record.kind !== expected || !sameDigest(record.token_hash, hash)) throw tokenInvalid();
    const credential =
      publishable || cancel
        ? {
            kind: expected as 'publishable' | 'cancel',
            keyId: cancel ? 'cancel' : (record.key_id ?? ''),
            allowedOrigins: record.allowed_origins ?? [],
            ...(record.hosted_page ? { hostedPage: true } : {}),
          }
        : undefined;
    // The token item carries a copy of the settings (kept by the transactions that change them).
    const settings = record.settings ?? (await this.deps.settings.get(record.entity_id));
    if (!settings) throw tokenInvalid();
    const { version: _version, ...plain } = settings as EntitySettings & { version?: number };
    return {
      entityId: record.entity_id,
      settings: withDefaultSettings(plain),
      ...(credential ? { credential } : {}),
    };
  }
}
