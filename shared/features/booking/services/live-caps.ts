/**
 * The caps on live bookings (docs/CONTRACT.md#live-caps), counted exactly: a publishable key's booking reads
 * each holder's list (its visitor, its phone, its e-mail), keeps the bookings of it still live (pending or
 * confirmed, not started, read now), refuses with 429 when one holder is at its cap, and otherwise writes
 * each list, its own id added, in the booking's own transaction on the version read: a concurrent booking
 * of the same holder fails that condition, and the booking tries again from the lists.
 */
import { AppError } from '../../../core/errors';
import type { EntityContext } from '../../access';
import { hasStarted } from '../../schedule';
import { isManageable } from '../domain/appointment';
import { holdersOf, type LiveCapClaim, type LiveCapHolder } from '../domain/live-caps';
import type { AppointmentReader, LiveCapStore } from '../ports';

export interface LiveCapServiceDeps {
  store: LiveCapStore;
  appointments: AppointmentReader;
  now?: () => Date;
}

const tooMany = (holder: LiveCapHolder): AppError =>
  new AppError(
    'rate_limited',
    'RATE_LIMITED',
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
    const live = new Set(await this.liveOf(entity, ids));
    return holders.map((holder, i) => {
      const list = lists[i];
      const kept = (list?.ids ?? []).filter((id) => live.has(id));
      if (kept.length >= holder.cap) throw tooMany(holder);
      return {
        scope: holder.scope,
        who: holder.who,
        ids: [...kept, appointmentId],
        readVersion: list?.version ?? 0,
      };
    });
  }

  /** The ids whose appointment is live: pending or confirmed, and not started (in the entity's zone). */
  private async liveOf(entity: EntityContext, ids: number[]): Promise<number[]> {
    const now = this.now();
    const found = await Promise.all(ids.map((id) => this.deps.appointments.get(entity.entityId, id)));
    return found
      .filter(
        (a) =>
          a && isManageable(a.status) && !hasStarted(a.date, a.start_time, entity.settings.timezone, now),
      )
      .map((a) => a?.appointment_id ?? 0);
  }
}
