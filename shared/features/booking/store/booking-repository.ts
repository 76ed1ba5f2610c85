import { CONDITION } from '../../../db/conditions';
import { CounterUpdates } from '../../../db/counters';
import { onlyIf } from '../../../db/expressions';
import type { Key } from '../../../db/keys';
import * as keys from '../../../db/keys';
import type { TableHandle } from '../../../db/table-handle';
import {
  MAX_TRANSACTION_ITEMS,
  type TransactItem,
  TransactionRefused,
  transact,
} from '../../../db/transactions';
import { idempotencyCommitItem } from '../../access';
import { movePlaceItem, roomCheckItem, toSlot } from '../../schedule';
import { heldSlots, takesPlace } from '../domain/appointment';
import { type ClientDayState, dayEffects, noDays, withAppointment } from '../domain/day-stats';
import type { BookingPlan, TransitionPlan, WriteOutcome } from '../ports';
import { appointmentItem } from './appointment-repository';
import { clientItem, clientPhoneItem, searchTextOf } from './client-items';
import { renameMembers } from './client-renames';
import { clientBookingUpdate, clientTransitionUpdate, daysUpdate } from './client-updates';
import { countAppointment, countClientBooking, countClientDays } from './counter-repository';
import { linkDigestsKept } from './link-tokens';
import { liveCapItem } from './live-cap-repository';

/**
 * The two writes that change appointments: a booking and a transition (status change or move). Each is
 * one TransactWriteItems over the items of several aggregates, each item built by its own repository.
 */
export class BookingRepository {
  constructor(private readonly table: TableHandle) {}

  /**
   * Pattern: book. Take a place in the slot (exists, open, taken < capacity) — in every slot a service
   * covers, each with its own condition —, put the appointment (new; it keeps its cancel token's digest:
   * the token names it, no item of its own), put the client (new, or conditioned on the count read), and
   * move every statistics counter, with the calendar active.
   */
  async book(entityId: string, plan: BookingPlan): Promise<WriteOutcome> {
    const a = plan.appointment;
    const t = this.table.name;
    const isNew = plan.existing === null;
    const slots = heldSlots(a);
    // The client's days before and after: what the day statistics and memberships move.
    const read: ClientDayState = plan.existing?.day_state ?? { ...noDays(), version: 0, touch: 0 };
    const days = withAppointment(read, a, 1);
    const items: TransactItem[] = [
      ...slots.map((slotId) =>
        takesPlace(a.status)
          ? movePlaceItem({ tableName: t, entityId, slotId, delta: 1, now: a.created_at })
          : roomCheckItem(t, entityId, slotId),
      ),
      {
        Put: {
          TableName: t,
          Item: appointmentItem(entityId, a, plan.cancelTokenHash, {
            cancelToken: plan.mailCancelToken,
            viaKey: plan.viaKey,
          }),
          ConditionExpression: CONDITION.isNew,
        },
      },
      plan.existing === null
        ? {
            Put: {
              TableName: t,
              Item: clientItem(entityId, { ...plan.client, day_state: { ...days, version: 1, touch: 1 } }),
              ConditionExpression: CONDITION.isNew,
            },
          }
        : clientBookingUpdate({
            tableName: t,
            entityId,
            client: plan.client,
            read: plan.existing,
            days: daysUpdate(read, days),
            takesNames: plan.takesNames === true,
          }),
    ];
    if (isNew) {
      items.push({
        Put: {
          TableName: t,
          Item: clientPhoneItem(entityId, a.client_phone, plan.client.client_id),
          ConditionExpression: CONDITION.isNew,
        },
      });
    }
    const idempotencyIndex = plan.idempotency ? items.length : -1;
    if (plan.idempotency)
      items.push(idempotencyCommitItem(t, entityId, plan.idempotency.mark, plan.idempotency.result));
    // A publishable key's booking: its holders' lists of live bookings, on the versions read (live caps).
    for (const claim of plan.caps ?? []) items.push(liveCapItem(t, entityId, claim));
    const counters = new CounterUpdates();
    const calendarKey = keys.calendar(entityId, a.calendar_id);
    counters.require(calendarKey, CONDITION.calendarActive, { ':active': true });
    countAppointment(counters, entityId, a, 1);
    countClientBooking(counters, entityId, plan.existing?.appointments_count ?? null, plan.today);
    countClientDays(counters, entityId, dayEffects(read, days), {
      clientId: plan.client.client_id,
      lastName: plan.client.client_lastname,
      firstName: plan.client.client_firstname,
      searchText: searchTextOf(plan.client),
    });
    // A known client the business renames: its memberships of the calendars it had (docs/CONTRACT.md#clients).
    if (plan.existing)
      renameMembers(counters, entityId, {
        clientId: a.client_id,
        read: plan.existing,
        after: plan.client,
        days: read,
      });
    // A rename of a client in so many calendars that it does not fit one transaction: booked, names kept.
    const existing = plan.existing;
    if (existing && plan.takesNames && items.length + counters.items(t).length > MAX_TRANSACTION_ITEMS) {
      const { client_firstname, client_lastname, client_email } = existing;
      return this.book(entityId, {
        ...plan,
        takesNames: undefined,
        client: { ...plan.client, client_firstname, client_lastname, client_email },
      });
    }
    return this.commit(items, counters, {
      slotIndexes: slots.map((_, i) => i),
      calendarKey,
      idempotencyIndex,
    });
  }

  /**
   * Pattern: change an appointment's status and/or slot, conditioned on the status, slot and change count
   * (`ics_sequence`) read, so a read a moment old is refused as stale whatever it shows: release
   * the old places, take the new ones (open, taken < capacity), move counters of both sides. A slot held
   * before and after (a service moved by less than its length) is left as it is.
   */
  async transition(entityId: string, plan: TransitionPlan): Promise<WriteOutcome> {
    const { before, after } = plan;
    const t = this.table.name;
    const held = takesPlace(before.status) ? heldSlots(before) : [];
    const holds = takesPlace(after.status) ? heldSlots(after) : [];
    const release = held.filter((id) => !holds.includes(id));
    const take = holds.filter((id) => !held.includes(id));
    // The e-mails' tokens as read go back on the item; one minted since fails the write (read again).
    const links = linkDigestsKept(before.link_hashes);
    // Every change since the read fails the write too (a read may be a moment old: BookingService).
    const sequence = before.ics_sequence ?? 0;
    const unchanged = `${CONDITION.appointmentUnchanged} AND ${sequence === 0 ? CONDITION.sequenceZero : CONDITION.sequenceAsRead}`;
    const items: TransactItem[] = [
      {
        Put: {
          TableName: t,
          Item: {
            ...appointmentItem(entityId, after, before.cancel_token_hash ?? '', {
              sequence: sequence + 1,
              viaKey: before.booked_via_key,
              changedViaKey: plan.viaKey,
            }),
            ...links.item,
          },
          ...onlyIf(`${unchanged} AND ${links.condition}`),
          ExpressionAttributeValues: {
            ':status': before.status,
            ':slot': before.slot_id,
            ':sequence': sequence,
            ...links.values,
          },
        },
      },
    ];
    const slotIndexes = take.map((_, i) => items.length + i);
    const move = (slotId: number, delta: 1 | -1) =>
      movePlaceItem({ tableName: t, entityId, slotId, delta, now: after.updated_at });
    for (const id of take) items.push(move(id, 1));
    // A move that takes no place (a cancelled appointment) still needs a free place in its new slots.
    const moved = after.slot_id !== before.slot_id;
    const checks =
      moved && !takesPlace(after.status) ? heldSlots(after).filter((id) => !held.includes(id)) : [];
    for (const id of checks) {
      slotIndexes.push(items.length);
      items.push(roomCheckItem(t, entityId, id));
    }
    for (const id of release) items.push(move(id, -1));
    const owner = plan.owner;
    const daysBefore = owner?.day_state ?? { ...noDays(), version: 0, touch: 0 };
    const daysAfter = withAppointment(withAppointment(daysBefore, before, -1), after, 1);
    const clientWrite = clientTransitionUpdate({
      tableName: t,
      entityId,
      clientId: before.client_id,
      change: plan.client,
      days: owner ? daysUpdate(daysBefore, daysAfter) : null,
      now: after.updated_at,
    });
    if (clientWrite) items.push(clientWrite);
    const counters = new CounterUpdates();
    countAppointment(counters, entityId, before, -1);
    countAppointment(counters, entityId, after, 1);
    if (owner) {
      countClientDays(counters, entityId, dayEffects(daysBefore, daysAfter), {
        clientId: owner.client_id,
        lastName: owner.client_lastname,
        firstName: owner.client_firstname,
        searchText: searchTextOf(owner),
      });
    }
    const changesCalendar = before.calendar_id !== after.calendar_id;
    const newCalendarKey = keys.calendar(entityId, after.calendar_id);
    if (changesCalendar) counters.require(newCalendarKey, CONDITION.calendarActive, { ':active': true });
    return this.commit(items, counters, {
      slotIndexes,
      calendarKey: changesCalendar ? newCalendarKey : undefined,
    });
  }

  /**
   * Sends the items and the merged counter updates as one TransactWriteItems, and says why it was
   * refused: a watched slot's condition (with the slot as it was), the calendar's, or anything else
   * (a concurrent change of the appointment or the client: read again and retry).
   */
  private async commit(
    items: TransactItem[],
    counters: CounterUpdates,
    watch: { slotIndexes: number[]; calendarKey?: Key | undefined; idempotencyIndex?: number },
  ): Promise<WriteOutcome> {
    const counterItems = counters.items(this.table.name);
    const calendarAt = watch.calendarKey
      ? counterItems.findIndex(
          (c) => c.key.sk === watch.calendarKey?.sk && c.key.pk === watch.calendarKey?.pk,
        )
      : -1;
    const calendarIndex = calendarAt >= 0 ? items.length + calendarAt : -1;
    try {
      await transact(this.table, [...items, ...counterItems.map((c) => c.item)]);
      return { ok: true };
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      const slot = watch.slotIndexes.map((i) => error.failed(i)).find((failed) => failed !== undefined);
      if (slot) return { ok: false, reason: 'slot', slot: slot.item ? toSlot(slot.item) : null };
      if (calendarIndex >= 0 && error.failed(calendarIndex)) return { ok: false, reason: 'calendar' };
      const idempotencyIndex = watch.idempotencyIndex ?? -1;
      if (idempotencyIndex >= 0 && error.failed(idempotencyIndex))
        return { ok: false, reason: 'idempotency' };
      return { ok: false, reason: 'stale' };
    }
  }
}
