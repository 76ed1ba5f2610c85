/**
 * The caps on live bookings (docs/CONTRACT.md#live-caps), counted exactly: a publishable key's booking reads
 * each holder's list (its visitor, its phone, its e-mail), keeps the bookings of it still live (pending or
 * confirmed, not started, read now), refuses with 429 when one holder is at its cap, and otherwise writes
 * each list, its own id added, in the booking's own transaction on the version read: a concurrent booking
 * of the same holder fails that condition, and the booking tries again from the lists.
 */
import { type AppError, RateLimited } from '../../../core/errors';
import type { EntityContext } from '../../access';
import { startInstant } from '../../schedule';
import { isManageable } from '../domain/appointment';
import { holdersOf, type LiveCapClaim, type LiveCapHolder } from '../domain/live-caps';
import type { AppointmentReader, LiveCapStore } from '../ports';

export interface LiveCapServiceDeps {
  store: LiveCapStore;
  appointments: AppointmentReader;
  now?: () => Date;
}

/**
 * The 429 of a holder at its cap: `Retry-After` the seconds until the soonest of its live bookings starts
 * (it no longer counts then; a cancellation frees a place sooner).
 */
const tooMany = (holder: LiveCapHolder, retryAfter: number): AppError =>
  new RateLimited(
    Math.max(1, retryAfter),
    holder.scope === 'visitor'
      ? `too many bookings: at most ${holder.cap} upcoming bookings from one visitor; cancel one or contact the business`
      : `too many bookings: at most ${holder.cap} upcoming bookings for one client; cancel one or contact the business`,
  );

export class LiveCapService {
  private readonly now: () => Date;

  constructor(private readonly deps: LiveCapServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * What a booking writes of its holders' lists (none for a secret token's booking, nor with both caps 0);
   * throws 429 TOO_MANY_LIVE_BOOKINGS when a holder already holds its cap of live bookings.
   */
  async claims(
    entity: EntityContext,
    appointmentId: number,
    booking: { phone: string; email: string | null },
  ): Promise<LiveCapClaim[] | undefined> {
    const credential = entity.credential;
    if (credential?.kind !== 'publishable') return undefined;
    const holders = holdersOf(entity.settings, {
      phone: booking.phone,
      email: booking.email,
      visitor: credential.visitor,
    });
    if (holders.length === 0) return undefined;
    const lists = await this.deps.store.lists(entity.entityId, holders);
    const ids = [...new Set(lists.flatMap((list) => list?.ids ?? []))];
    const live = await this.liveOf(entity, ids);
    return holders.map((holder, i) => {
      const list = lists[i];
      const kept = (list?.ids ?? []).filter((id) => live.has(id));
      if (kept.length >= holder.cap) {
        const soonest = Math.min(...kept.map((id) => live.get(id) ?? Number.POSITIVE_INFINITY));
        throw tooMany(holder, Math.ceil((soonest - this.now().getTime()) / 1000));
      }
      return {
        scope: holder.scope,
        who: holder.who,
        ids: [...kept, appointmentId],
        readVersion: list?.version ?? 0,
      };
    });
  }

  /** The live ones (pending or confirmed, not started, in the entity's zone), each with its start (ms). */
  private async liveOf(entity: EntityContext, ids: number[]): Promise<Map<number, number>> {
    const now = this.now().getTime();
    const { timezone } = entity.settings;
    const found = await Promise.all(ids.map((id) => this.deps.appointments.get(entity.entityId, id)));
    const live = new Map<number, number>();
    for (const a of found) {
      const start = a ? startInstant(a.date, a.start_time, timezone).getTime() : 0;
      if (a && isManageable(a.status) && start >= now) live.set(a.appointment_id, start);
    }
    return live;
  }
}
