import { SlotRepository } from '../../../../shared/features/schedule/store/slot-repository';
import { table } from '../../../../shared/wiring';
import { newEntity } from '../../../support/fixtures';

/**
 * A range of slots reads only what a slot record is made of (a projection: no table or index keys), and
 * gives each slot as reading it alone does, a closure day's mark included.
 */
test('a range of slots gives each slot as reading it alone does', async () => {
  const entity = await newEntity();
  const entityId = entity.entity_account_id;
  const slots = new SlotRepository(table());
  const made = [1, 2, 3].map((n) => ({
    slot_id: 900_000 + n,
    calendar_id: 1,
    date: `2031-03-0${n}`,
    start_time: '09:00:00',
    end_time: '09:45:00',
    status: 'open' as const,
    capacity: 2 + n,
    taken: 0,
    created_at: '2031-01-01T10:00:00.000Z',
    updated_at: '2031-01-01T10:00:00.000Z',
  }));
  expect(await slots.createMany(entityId, made)).toBe(true);
  expect(await slots.closeForClosure(entityId, 900_002, '2031-01-02T08:00:00.000Z')).toBe(true);
  const listed = await slots.listRange(entityId, 1, '2031-03-01', '2031-03-03');
  const alone = await Promise.all(made.map((slot) => slots.get(entityId, slot.slot_id)));
  expect(listed).toEqual(alone);
  expect(listed[1]).toEqual({
    ...made[1],
    status: 'closed',
    closed_by_closure: true,
    updated_at: '2031-01-02T08:00:00.000Z',
  });
});
