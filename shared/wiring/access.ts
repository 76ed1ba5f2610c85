/**
 * The composition root, access: the token check, the Idempotency-Key records, the fair limits and the
 * publishable keys (shared/features/access: its services and store).
 */
import { config } from '../config';
import { AuthService } from '../features/access/services/auth-service';
import { KeyService } from '../features/access/services/key-service';
import { LimitService } from '../features/access/services/limit-service';
import { CachedTokenLookup } from '../features/access/services/token-cache';
import { IdempotencyRepository } from '../features/access/store/idempotency-repository';
import { LimitRepository } from '../features/access/store/limit-repository';
import { PublishableKeyRepository } from '../features/access/store/publishable-key-repository';
import { TokenRepository } from '../features/access/store/token-repository';
import { SettingsRepository } from '../features/settings/store/entity-config-repository';
import { businessMetrics } from '../telemetry/business-metrics';
import { clock, once, readsTogetherTable, table, uptime } from './core';

export const authService = /* @__PURE__ */ once(
  () =>
    new AuthService({
      // Each token read at most once per TOKEN_CACHE_SECONDS and instance (docs/CONTRACT.md#credentials-in-force).
      tokens: new CachedTokenLookup(new TokenRepository(readsTogetherTable()), {
        ttlMs: config.tokenCacheMs,
        uptime,
      }),
      settings: new SettingsRepository(table()),
    }),
);
export const idempotencyStore = /* @__PURE__ */ once(() => new IdempotencyRepository(table()));
/** Fair limits: the stage's defaults and each entity's own, counted in the table. */
export const limitService = /* @__PURE__ */ once(
  () =>
    new LimitService({
      store: new LimitRepository(table()),
      defaults: config.defaultLimits,
      clock,
      uptime,
      // Read at most once per TOKEN_CACHE_SECONDS and instance, as tokens are (docs/CONTRACT.md#credentials-in-force).
      cacheMs: config.limitsCacheMs,
      metrics: businessMetrics,
    }),
);
/** Publishable keys, managed with the entity's secret v2 token. */
export const keyService = /* @__PURE__ */ once(
  () => new KeyService({ keys: new PublishableKeyRepository(table()) }),
);
