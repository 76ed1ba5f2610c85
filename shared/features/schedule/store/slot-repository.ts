import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CONDITION } from '../../../db/conditions';
import { fieldsOf, onlyIf, projecting, updateWhere, writtenIf } from '../../../db/expressions';
import { getItem } from '../../../db/items';
import * as keys from '../../../db/keys';
import { INDEX } from '../../../db/keys';
import { queryAll } from '../../../db/paging';
import type { TableHandle } from '../../../db/table-handle';
import { type TransactItem, TransactionRefused, transact } from '../../../db/transactions';
import type { SlotRecord } from '../domain/slot';
import type { ClosureSlots, SlotStore, SlotWrite, TimeOffMark, TimeOffSlots } from '../ports';

/** What a slot record is made of (toSlot): what a list of slots reads of each item. */
const SLOT_ATTRIBUTES = fieldsOf<SlotRecord>()([
  'slot_id',
  'calendar_id',
  'date',
  'start_time',
  'end_time',
  'status',
  'capacity',
  'taken',
  'created_at',
  'updated_at',
  'closed_by_closure',
  'closed_by_time_off',
]);

export const toSlot = (item: Record<string, unknown>): SlotRecord => ({
  slot_id: Number(item.slot_id),
  calendar_id: Number(item.calendar_id),
  date: String(item.date),
  start_time: String(item.start_time),
  end_time: String(item.end_time),
  status: item.status === 'closed' ? 'closed' : 'open',
  capacity: Number(item.capacity),
  taken: Number(item.taken),
  created_at: String(item.created_at),
  updated_at: String(item.updated_at),
  ...(item.closed_by_closure === true ? { closed_by_closure: true as const } : {}),
  ...(typeof item.closed_by_time_off === 'number' ? { closed_by_time_off: item.closed_by_time_off } : {}),
});

/** Largest number of slots written per transaction: two items each, plus the calendar's counters. */
const SLOTS_PER_TRANSACTION = 40;

/** A closure day's status change of one slot: `update` when `condition` holds. */
interface ClosureMark {
  entityId: string;
  slotId: number;
  update: string;
  condition: string;
  now: string;
}

export class SlotRepository implements SlotStore, ClosureSlots, TimeOffSlots {
  constructor(private readonly table: TableHandle) {}

  /** Item of a slot, with its calendar-date index keys. */
  item(entityId: string, slot: SlotRecord): Record<string, unknown> {
    return {
      ...toSlot(slot as unknown as Record<string, unknown>),
      type: 'slot',
      ...keys.slot(entityId, slot.slot_id),
      ...keys.slotByCalendarDate(entityId, {
        calendarId: slot.calendar_id,
        date: slot.date,
        startTime: slot.start_time,
        slotId: slot.slot_id,
      }),
    };
  }

  /** Pattern: get a slot by id (strongly consistent unless `consistent` is false). */
  async get(entityId: string, slotId: number, consistent = true): Promise<SlotRecord | null> {
    const item = await getItem(this.table, keys.slot(entityId, slotId), consistent);
    return item ? toSlot(item) : null;
  }

  /** Pattern: slots of a calendar from one date to another, by date and start time (calendar-date index). */
  async listRange(entityId: string, calendarId: number, from: string, to: string): Promise<SlotRecord[]> {
    const only = projecting(SLOT_ATTRIBUTES);
    const items = await queryAll(this.table, {
      IndexName: INDEX.calendarDate.name,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ProjectionExpression: only.ProjectionExpression,
      ExpressionAttributeNames: {
        '#pk': INDEX.calendarDate.pk,
        '#sk': INDEX.calendarDate.sk,
        ...only.ExpressionAttributeNames,
      },
      ExpressionAttributeValues: {
        ':pk': INDEX.calendarDate.partition(entityId, calendarId),
        ':from': INDEX.calendarDate.from('SLOT', from),
        ':to': INDEX.calendarDate.to('SLOT', to),
      },
    });
    return items.map(toSlot);
  }

  /**
   * Pattern: create slots. Each slot is put with a guard item on (calendar, date, start time), both
   * `attribute_not_exists`, and the calendar's slot counters move in the same transaction. Returns false
   * when a concurrent generation took one of the start times first (nothing of that batch is written).
   */
  async createMany(entityId: string, slots: SlotRecord[]): Promise<boolean> {
    for (let i = 0; i < slots.length; i += SLOTS_PER_TRANSACTION) {
      const batch = slots.slice(i, i + SLOTS_PER_TRANSACTION);
      const first = batch[0];
      if (!first) continue;
      const items: TransactItem[] = batch.flatMap((slot) => [
        {
          Put: {
            TableName: this.table.name,
            Item: this.item(entityId, slot),
            ConditionExpression: CONDITION.isNew,
          },
        },
        {
          Put: {
            TableName: this.table.name,
            Item: {
              ...keys.slotStart(entityId, slot.calendar_id, slot.date, slot.start_time),
              type: 'slot-start',
              slot_id: slot.slot_id,
            },
            ConditionExpression: CONDITION.isNew,
          },
        },
      ]);
      items.push({
        Update: {
          TableName: this.table.name,
          Key: keys.calendar(entityId, first.calendar_id),
          UpdateExpression: 'ADD slots_count :n, capacity_total :capacity',
          ConditionExpression: CONDITION.exists,
          ExpressionAttributeValues: {
            ':n': batch.length,
            ':capacity': batch.reduce((sum, s) => sum + s.capacity, 0),
          },
        },
      });
      try {
        await transact(this.table, items);
      } catch (error) {
        if (error instanceof TransactionRefused) return false;
        throw error;
      }
    }
    return true;
  }

  /**
   * Pattern: change a slot's status and capacity. Conditioned on the capacity and places taken that the
   * caller read (so the calendar's capacity total moves by the right delta) and on capacity >= taken.
   */
  async update(
    entityId: string,
    read: SlotRecord,
    change: { status: 'open' | 'closed'; capacity: number; statusByHand?: boolean },
    now: string,
  ): Promise<SlotWrite> {
    // A status set by hand is the hand's: a closure day's or time off's removal no longer reopens the slot.
    const unmark = change.statusByHand ? ' REMOVE closed_by_closure, closed_by_time_off' : '';
    try {
      await transact(this.table, [
        {
          Update: {
            TableName: this.table.name,
            Key: keys.slot(entityId, read.slot_id),
            ...updateWhere(
              `SET #status = :status, #capacity = :capacity, updated_at = :now${unmark}`,
              CONDITION.slotResizable,
            ),
            ExpressionAttributeValues: {
              ':status': change.status,
              ':capacity': change.capacity,
              ':readCapacity': read.capacity,
              ':readTaken': read.taken,
              ':now': now,
            },
          },
        },
        {
          Update: {
            TableName: this.table.name,
            Key: keys.calendar(entityId, read.calendar_id),
            UpdateExpression: 'ADD capacity_total :delta',
            ExpressionAttributeValues: { ':delta': change.capacity - read.capacity },
          },
        },
      ]);
      return { ok: true };
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      const item = error.failed(0)?.item;
      return { ok: false, current: item ? toSlot(item) : null };
    }
  }

  /** Pattern: close an open slot for a closure day, marked so that removing the closure reopens it. */
  closeForClosure(entityId: string, slotId: number, now: string): Promise<boolean> {
    return this.setClosureMark({
      entityId,
      slotId,
      update: 'SET #status = :closed, closed_by_closure = :yes, updated_at = :now',
      condition: CONDITION.slotOpen,
      now,
    });
  }

  /** Pattern: reopen a slot that a closure day closed (and nobody changed by hand since). */
  reopenAfterClosure(entityId: string, slotId: number, now: string): Promise<boolean> {
    return this.setClosureMark({
      entityId,
      slotId,
      update: 'SET #status = :open, updated_at = :now REMOVE closed_by_closure',
      condition: CONDITION.slotClosedByClosure,
      now,
    });
  }

  /** One conditional status change of a closure day's; false when the condition did not hold. */
  private setClosureMark({ entityId, slotId, update, condition, now }: ClosureMark) {
    return writtenIf(
      this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.slot(entityId, slotId),
          ...updateWhere(update, condition),
          ExpressionAttributeValues: { ':closed': 'closed', ':open': 'open', ':yes': true, ':now': now },
        }),
      ),
    );
  }

  /** Pattern: a time off's mark on a slot, set only when the slot is as `from` says (docs/CONTRACT.md#time-off). */
  markTimeOff({ entityId, slotId, from, to, now }: TimeOffMark): Promise<boolean> {
    const update =
      to === 'open'
        ? 'SET #status = :open, updated_at = :now REMOVE closed_by_time_off'
        : `SET ${from === 'open' ? '#status = :closed, ' : ''}#closed_by_time_off = :to, updated_at = :now`;
    const condition = from === 'open' ? CONDITION.slotOpen : CONDITION.slotClosedByTimeOff;
    const values: Record<string, unknown> = { ':now': now, ':open': 'open', ':closed': 'closed' };
    if (from !== 'open') values[':from'] = from;
    if (to !== 'open') values[':to'] = to;
    // Only the values the expressions use (DynamoDB refuses an unused one).
    const used = `${update} ${condition}`;
    const ExpressionAttributeValues = Object.fromEntries(
      Object.entries(values).filter(([name]) => new RegExp(`${name}\\b`).test(used)),
    );
    return writtenIf(
      this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.name,
          Key: keys.slot(entityId, slotId),
          ...updateWhere(update, condition),
          ExpressionAttributeValues,
        }),
      ),
    );
  }

  /** Pattern: delete an empty slot with its start-time guard; the calendar's slot counters move with it. */
  async delete(entityId: string, read: SlotRecord): Promise<SlotWrite> {
    try {
      await transact(this.table, [
        {
          Delete: {
            TableName: this.table.name,
            Key: keys.slot(entityId, read.slot_id),
            ...onlyIf(CONDITION.slotEmpty),
            ExpressionAttributeValues: { ':zero': 0, ':readCapacity': read.capacity },
          },
        },
        {
          Delete: {
            TableName: this.table.name,
            Key: keys.slotStart(entityId, read.calendar_id, read.date, read.start_time),
          },
        },
        {
          Update: {
            TableName: this.table.name,
            Key: keys.calendar(entityId, read.calendar_id),
            UpdateExpression: 'ADD slots_count :minusOne, capacity_total :minusCapacity',
            ExpressionAttributeValues: { ':minusOne': -1, ':minusCapacity': -read.capacity },
          },
        },
      ]);
      return { ok: true };
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      const item = error.failed(0)?.item;
      return { ok: false, current: item ? toSlot(item) : null };
    }
  }
}
