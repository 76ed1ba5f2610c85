import {
  LIMIT_BOUNDS,
  LIMIT_NAMES,
  type LimitedRequest,
  type Limits,
  policiesFor,
} from '../../domain/access/limits';
import type { EntityContext } from '../../domain/entity';
import { invalidField } from '../../domain/errors';
import { type BusinessMetrics, NO_METRICS } from '../operations/ports';
import type { Admission, LimitStore } from './ports';

/** How long a function instance keeps an entity's limits before reading them again. */
export const LIMITS_CACHE_MS = 5_000;

/**
 * Fair limits (docs/CONTRACT.md#limits): the stage's defaults, overridden per entity by an operator; every
 * request is counted in the table, so the limits hold across every running function instance.
 */
export class LimitService {
  private readonly cache = new Map<string, { limits: Limits; until: number }>();

  constructor(
    private readonly store: LimitStore,
    private readonly defaults: Readonly<Limits>,
    private readonly now: () => number = () => Date.now(),
    private readonly metrics: BusinessMetrics = NO_METRICS,
  ) {}

  /** The limits in force for an entity: its own where set, else the stage's (read at most every 5 s). */
  async limitsOf(entityId: string): Promise<Limits> {
    const cached = this.cache.get(entityId);
    if (cached && cached.until > this.now()) return cached.limits;
    const limits = { ...this.defaults, ...(await this.store.get(entityId)) };
    this.cache.set(entityId, { limits, until: this.now() + LIMITS_CACHE_MS });
    return limits;
  }

  /** Counts the request against every policy that applies; a refusal counts nothing. */
  async admit(entity: EntityContext, request: LimitedRequest): Promise<Admission> {
    const policies = policiesFor(await this.limitsOf(entity.entityId), request);
    const admission = await this.store.admit(entity.entityId, policies, this.now());
    if (!admission.ok && request.booking) this.metrics.bookingRefused('limit');
    return admission;
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
