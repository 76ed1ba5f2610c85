/**
 * The composition root, access: the token check, the Idempotency-Key records, the fair limits and the
 * publishable keys (services/access, repositories/access).
 */
import { config } from '../config';
import { LimitRepository } from '../repositories/access/limit-repository';
import { PublishableKeyRepository } from '../repositories/access/publishable-key-repository';
import { TokenRepository } from '../repositories/access/token-repository';
import { IdempotencyRepository } from '../repositories/booking/idempotency-repository';
import { SettingsRepository } from '../repositories/settings/entity-config-repository';
import { AuthService } from '../services/access/auth-service';
import { KeyService } from '../services/access/key-service';
import { LimitService } from '../services/access/limit-service';
import { businessMetrics } from '../telemetry/business-metrics';
import { clock, once, readsTogetherTable, table, uptime } from './core';

export const authService = /* @__PURE__ */ once(
  () =>
    new AuthService({
      tokens: new TokenRepository(readsTogetherTable()),
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
      cacheMs: config.limitsCacheMs,
      metrics: businessMetrics,
    }),
);
/** Publishable keys, managed with the entity's secret v2 token. */
export const keyService = /* @__PURE__ */ once(
  () => new KeyService({ keys: new PublishableKeyRepository(table()) }),
);
