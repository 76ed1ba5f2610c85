import { setNewest } from '../../../core/newest';
import type { CancelTokenRef } from '../domain/cancel-tokens';
import type { TokenRecord } from '../domain/tenant';
import type { TokenLookup } from '../ports';

/**
 * The longest a function instance keeps what it read of a token: the bound docs/CONTRACT.md states for a
 * rotated secret, a removed publishable key or a revoked cancel token to be refused, and for a settings
 * change to reach every request (TOKEN_CACHE_SECONDS may only shorten it: shared/config.ts).
 */
export const TOKEN_CACHE_BOUND_MS = 5_000;
/** A token found nowhere is remembered this long at most (a flood of wrong tokens reads once a second). */
export const UNKNOWN_TOKEN_MS = 1_000;
/** Tokens an instance remembers; the one read longest ago is forgotten past it. */
export const TOKEN_CACHE_SIZE = 1_000;

export interface TokenCacheOptions {
  /** How long an answer is kept, counted from before its read was sent (at most TOKEN_CACHE_BOUND_MS). */
  ttlMs: number;
  /** This instance's own time in milliseconds (only differences matter); tests move it. */
  uptime?: () => number;
  /** Tokens remembered at most (TOKEN_CACHE_SIZE unless given). */
  size?: number;
}

interface Entry {
  answer: Promise<TokenRecord | null>;
  /** Uptime before the read was sent, plus the time this answer may be kept. */
  until: number;
}

/**
 * A warm instance's memory of its token lookups, keyed by the token's SHA-256: a token read within the last
 * `ttlMs` is not read again, so a request pays for its credentials about once per token, instance and
 * `ttlMs` instead of every time. The bound holds because each answer's age counts from before its read was
 * sent and the read itself is strongly consistent (TokenRepository): a change committed at instant t is
 * seen by every read sent after t, and an answer read before t is dropped by t + `ttlMs`. A token found
 * nowhere is kept shorter (UNKNOWN_TOKEN_MS); a failed read is not kept; requests that ask for the same
 * token while its read is under way share that read.
 */
export class CachedTokenLookup implements TokenLookup {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly uptime: () => number;
  private readonly size: number;

  constructor(
    private readonly store: TokenLookup,
    options: TokenCacheOptions,
  ) {
    this.ttlMs = Math.min(Math.max(options.ttlMs, 0), TOKEN_CACHE_BOUND_MS);
    this.uptime = options.uptime ?? (() => performance.now());
    this.size = options.size ?? TOKEN_CACHE_SIZE;
  }

  findToken(tokenHash: string): Promise<TokenRecord | null> {
    return this.remembered(tokenHash, () => this.store.findToken(tokenHash));
  }

  /** A cancel token of the current shape, kept as any token is, by its SHA-256. */
  findCancelToken(ref: CancelTokenRef & { tokenHash: string }): Promise<TokenRecord | null> {
    return this.remembered(ref.tokenHash, () => this.store.findCancelToken(ref));
  }

  private remembered(
    tokenHash: string,
    read: () => Promise<TokenRecord | null>,
  ): Promise<TokenRecord | null> {
    if (this.ttlMs === 0) return read();
    const sent = this.uptime();
    const kept = this.entries.get(tokenHash);
    if (kept && kept.until > sent) return kept.answer;
    const answer = read();
    const entry: Entry = { answer, until: sent + this.ttlMs };
    setNewest(this.entries, tokenHash, entry, this.size);
    answer.then(
      (record) => {
        if (!record) entry.until = Math.min(entry.until, sent + UNKNOWN_TOKEN_MS);
      },
      () => {
        if (this.entries.get(tokenHash) === entry) this.entries.delete(tokenHash);
      },
    );
    return answer;
  }
}
