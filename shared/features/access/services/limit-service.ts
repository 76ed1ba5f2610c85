import { type BusinessMetrics, NO_METRICS } from '../../../core/business-metrics';
import { invalidField } from '../../../core/errors';
import { setNewest } from '../../../core/newest';
import {
  type Admission,
  admissionOf,
  counterSteps,
  FEED_POLICY,
  feedCounterOwner,
  LIMIT_BOUNDS,
  LIMIT_NAMES,
  type LimitedRequest,
  type Limits,
  policiesFor,
  type SettledAdmission,
} from '../domain/limits';
import type { EntityContext } from '../domain/tenant';
import { sha256Hex } from '../domain/tokens';
import type { LimitStore } from '../ports';

/**
 * How long a function instance keeps an entity's limits before reading them again, unless told: the bound
 * docs/CONTRACT.md#credentials-in-force states for tokens (TOKEN_CACHE_SECONDS sets both: shared/config.ts).
 */
export const LIMITS_CACHE_MS = 5_000;
/** Entities whose limits an instance remembers; the one read longest ago is forgotten past it. */
export const LIMITS_CACHE_SIZE = 1_000;

export interface LimitServiceDeps {
  store: LimitStore;
  /** The stage's limits, for those an entity has not set. */
  defaults: Readonly<Limits>;
  /** The wall clock the windows are cut from (milliseconds since the epoch); tests fix it. */
  clock?: () => number;
  /**
   * This instance's own time (milliseconds, only differences matter), for how long it keeps an entity's
   * limits: apart from the wall clock, so that a fixed clock still sees an operator's change.
   */
  uptime?: () => number;
  /** How long an entity's limits are kept, counted from before their read was sent (LIMITS_CACHE_MS unless given). */
  cacheMs?: number;
  metrics?: BusinessMetrics;
}

/**
 * Fair limits (docs/CONTRACT.md#limits): the stage's defaults, overridden per entity by an operator; every
 * request is counted in the table, so the limits hold across every running function instance.
 */
export class LimitService {
  private readonly cache = new Map<string, { limits: Promise<Limits>; until: number }>();
  private readonly store: LimitStore;
  private readonly defaults: Readonly<Limits>;
  private readonly clock: () => number;
  private readonly uptime: () => number;
  private readonly cacheMs: number;
  private readonly metrics: BusinessMetrics;

  constructor(deps: LimitServiceDeps) {
    this.store = deps.store;
    this.defaults = deps.defaults;
    this.clock = deps.clock ?? (() => Date.now());
    this.uptime = deps.uptime ?? (() => performance.now());
    this.cacheMs = deps.cacheMs ?? LIMITS_CACHE_MS;
    this.metrics = deps.metrics ?? NO_METRICS;
  }

  /**
   * The limits in force for an entity: its own where set, else the stage's. Read at most once per `cacheMs`
   * and instance, as tokens are (services/token-cache.ts): each answer's age counts from before its strongly
   * consistent read was sent, so a change committed at t acts on every request from t + `cacheMs` on;
   * requests that ask while a read is under way share it, and a failed read is not kept.
   */
  limitsOf(entityId: string): Promise<Limits> {
    const read = () => this.store.get(entityId).then((own) => ({ ...this.defaults, ...own }));
    if (this.cacheMs <= 0) return read();
    const sent = this.uptime();
    const kept = this.cache.get(entityId);
    if (kept && kept.until > sent) return kept.limits;
    const entry = { limits: read(), until: sent + this.cacheMs };
    setNewest(this.cache, entityId, entry, LIMITS_CACHE_SIZE);
    entry.limits.catch(() => {
      if (this.cache.get(entityId) === entry) this.cache.delete(entityId);
    });
    return entry.limits;
  }

  /** Counts the request against every policy that applies; a refusal counts nothing. */
  async admit(entity: EntityContext, request: LimitedRequest): Promise<Admission> {
    const policies = policiesFor(await this.limitsOf(entity.entityId), request);
    if (policies.length === 0) return { ok: true, states: [] };
    const now = this.clock();
    const outcome = await this.store.count(entity.entityId, counterSteps(policies, now));
    const admission = admissionOf(policies, outcome, now);
    if (!admission.ok && request.booking) this.metrics.bookingRefused('limit');
    return admission;
  }

  /**
   * Counts one read of a staff-feed address against its 60 a minute (the address is its token: counted by
   * its digest, apart from every entity's limits).
   */
  async admitFeed(feedToken: string): Promise<SettledAdmission> {
    const policies = [FEED_POLICY];
    const now = this.clock();
    const outcome = await this.store.count(
      feedCounterOwner(sha256Hex(feedToken)),
      counterSteps(policies, now),
    );
    const admission = admissionOf(policies, outcome, now);
    return 'later' in admission ? { ok: true, states: await admission.later } : admission;
  }

  /** Sets some of an entity's limits (0 = no limit); answers the limits in force after. */
  async setLimits(entityId: string, patch: Partial<Record<keyof Limits, unknown>>): Promise<Limits> {
    const change: Partial<Limits> = {};
    for (const name of LIMIT_NAMES) {
      const value = patch[name];
      if (value === undefined) continue;
      if (
        typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value < LIMIT_BOUNDS.min ||
        value > LIMIT_BOUNDS.max
      ) {
        throw invalidField(name, `must be a whole number from ${LIMIT_BOUNDS.min} to ${LIMIT_BOUNDS.max}`);
      }
      change[name] = value;
    }
    await this.store.set(entityId, change);
    this.cache.delete(entityId);
    return this.limitsOf(entityId);
  }
}
