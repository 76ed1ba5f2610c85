import { marshall } from '@aws-sdk/util-dynamodb';
import { appointmentChangeOf } from '../../../../shared/features/webhooks/adapters/stream-changes';
import { seedService } from '../../../../shared/wiring/operations';
import { viaHandler as call } from '../../../support/api';
import { newEntity } from '../../../support/fixtures';
import { counterDrift, partition } from '../../../support/invariants';

// biome-ignore lint/suspicious/noExplicitAny: answers are arbitrary JSON
type Json = Record<string, any>;

describe('npm run admin -- seed', () => {
  let entity: Awaited<ReturnType<typeof newEntity>>;
  let summary: Awaited<ReturnType<ReturnType<typeof seedService>['seed']>>;
  let before: Set<string>;
  const reports: Array<{ written: number; total: number }> = [];
  const keyOf = (item: Json) => `${item.pk}|${item.sk}`;

  beforeAll(async () => {
    entity = await newEntity();
    before = new Set((await partition(entity.entity_account_id)).map(keyOf));
    summary = await seedService().seed(
      { accountId: entity.entity_account_id, appointments: 120, days: 14, calendars: 2, stage: 'local' },
      (p) => reports.push(p),
    );
  }, 300_000);

  it('reports its progress to the whole, and counts the items it wrote', async () => {
    // Items made as the writes reach them: the total is told before they exist, and must hold.
    const written = (await partition(entity.entity_account_id))
      .filter((i) => !before.has(keyOf(i)))
      .filter((i) =>
        [
          'appointment',
          'cancel-token',
          'client',
          'client-phone',
          'slot',
          'slot-start',
          'calendar-client',
        ].includes(String(i.type)),
      );
    expect(summary.items_written).toBe(written.length);
    expect(reports.length).toBeGreaterThan(1);
    expect(reports.at(-1)).toEqual({ written: written.length, total: written.length });
    for (const [i, r] of reports.entries()) {
      expect(r.total).toBe(written.length);
      if (i > 0) expect(r.written).toBeGreaterThan(reports[i - 1]?.written ?? 0);
    }
  });

  it('leaves appointments, clients and every counter as bookings would', async () => {
    expect(summary).toMatchObject({ appointments: 120, clients: 48, calendars: [1, expect.any(Number)] });
    expect(await counterDrift(entity.entity_account_id)).toEqual([]);
    const items = await partition(entity.entity_account_id);
    const appointments = items.filter((i) => i.type === 'appointment');
    expect(appointments).toHaveLength(120);
    // Every slot holds what landed on it.
    const slots = items.filter((i) => i.type === 'slot');
    for (const slot of slots) expect(Number(slot.taken)).toBeLessThanOrEqual(Number(slot.capacity));
  });

  it('answers the v1 lists and statistics from what it wrote', async () => {
    const list = await call('GET', '/api/appointments?per_page=5', { headers: entity.v1 });
    expect(list.json.pagination.total).toBe(120);
    const clients = await call('GET', '/api/clients?per_page=5', { headers: entity.v1 });
    expect(clients.json.pagination.total).toBe(48);
    const calendars = await call('GET', '/api/calendars', { headers: entity.v1 });
    const sum = (calendars.json.data as Json[]).reduce((n, c) => n + c.total_appointments, 0);
    expect(sum).toBe(120);
  });

  it('gives the same slots whatever N: a second seed adds appointments, not slots', async () => {
    const again = await seedService().seed({
      accountId: entity.entity_account_id,
      appointments: 30,
      days: 14,
      calendars: 2,
      stage: 'local',
    });
    expect(again.slots_created).toBe(0);
    expect(again.slots).toBe(summary.slots);
    expect(await counterDrift(entity.entity_account_id)).toEqual([]);
  });

  it('marks its appointments: the stream dispatcher sends nothing for them', async () => {
    const seeded = (await partition(entity.entity_account_id)).find((i) => i.type === 'appointment');
    expect(seeded?.seeded).toBe(true);
    const record = { dynamodb: { SequenceNumber: '1', NewImage: marshall(seeded) } };
    expect(appointmentChangeOf(record as never)).toBeNull();
    const { seeded: _mark, ...booked } = seeded as Json;
    expect(
      appointmentChangeOf({ dynamodb: { SequenceNumber: '2', NewImage: marshall(booked) } } as never),
    ).not.toBeNull();
  });

  it('refuses the production stage', async () => {
    await expect(
      seedService().seed({
        accountId: entity.entity_account_id,
        appointments: 1,
        days: 1,
        calendars: 1,
        stage: 'production',
      }),
    ).rejects.toThrow(/production/);
  });
});
