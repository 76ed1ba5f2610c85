import { type EntityContext, type EntitySettings, withDefaultSettings } from '../domain/entity';
import { tokenInvalid, tokenRequired } from '../domain/errors';
import { sameDigest, sha256Hex, type TokenKind } from '../domain/tokens';
import type { SettingsLookup, TokenLookup } from './ports';

const TOKEN_SHAPE: Record<TokenKind, RegExp> = { v1: /^[0-9a-f]{64}$/, v2: /^[0-9a-f]{40}$/ };

/** Recognises an API's access token and resolves the entity it identifies. */
export class AuthService {
  constructor(
    private readonly tokens: TokenLookup,
    private readonly settings: SettingsLookup,
  ) {}

  /**
   * 1. No token: AUTH_REQUIRED. 2. Not the shape of this API's token: AUTH_INVALID without a read.
   * 3. Look the token up by its SHA-256 (one read: the token item carries the settings) and compare the
   * digests in constant time.
   * 4. A token of the other API, or of a rotated secret, is AUTH_INVALID.
   */
  async authenticate(token: string | undefined, kind: TokenKind): Promise<EntityContext> {
    const candidate = token?.trim().toLowerCase() ?? '';
    if (candidate === '') throw tokenRequired();
    if (!TOKEN_SHAPE[kind].test(candidate)) throw tokenInvalid();
    const hash = sha256Hex(candidate);
    const record = await this.tokens.findToken(hash);
    if (!record || record.kind !== kind || !sameDigest(record.token_hash, hash)) throw tokenInvalid();
    // The token item carries a copy of the settings (kept by the transactions that change them).
    const settings = record.settings ?? (await this.settings.get(record.entity_id));
    if (!settings) throw tokenInvalid();
    const { version: _version, ...plain } = settings as EntitySettings & { version?: number };
    return { entityId: record.entity_id, settings: withDefaultSettings(plain) };
  }
}
