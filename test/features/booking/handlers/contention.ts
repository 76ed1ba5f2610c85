import { logger } from '../../../../shared/logger';
import { viaHandler as call } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';
import { counterDrift, partition } from '../../../support/invariants';

/**
 * Internal contention is never an answer (issue: valid work is never refused): one client booking many
 * places of one slot at once (a company booking seats for its staff) gets every place while room remains,
 * through both APIs, and every counter is exact afterwards.
 */
const PER_API = 16;

test('32 concurrent v1 and v2 bookings by one client at one slot with room all succeed, counters exact', async () => {
  const entity = await newEntity({ hours: ALWAYS_OPEN });
  const generated = await call('POST', '/api/v2/calendar-slots/generate', {
    headers: entity.v2,
    body: { date: futureWorkingDate(30), duration: 60, max_appointments: 1000 },
  });
  expect(generated.status).toBe(200);
  const slotId: number = generated.json.data[0].id;
  const phone = mobile(7);

  const v2 = Array.from({ length: PER_API }, () =>
    call('POST', '/api/v2/appointments', {
      headers: entity.v2,
      body: { client_name: 'Acme Staff', client_phone: phone, slot_id: slotId },
    }),
  );
  const v1 = Array.from({ length: PER_API }, (_, i) =>
    call('POST', '/api/appointment', {
      headers: entity.v1,
      body: {
        calendar_id: 1,
        slot_id: slotId,
        client_firstname: 'Acme',
        client_lastname: 'Staff',
        client_email: 'staff@acme.fr',
        client_phone: phone,
        status: i % 2 ? 'pending' : 'confirmed',
      },
    }),
  );
  // A 500's cause is logged, not answered: keep it, so that a failure here says what went wrong.
  const causes: string[] = [];
  const errorLog = jest.spyOn(logger, 'error').mockImplementation((...args: unknown[]) => {
    const error = (args[1] as { error?: { name?: string; message?: string } } | undefined)?.error;
    causes.push(`${String(args[0])}: ${error?.name ?? ''} ${error?.message ?? ''}`);
  });
  const answers = await Promise.all([...v2, ...v1]);
  errorLog.mockRestore();
  const failures = answers.filter((a) => a.status >= 300).map((a) => `${a.status} ${a.text}`);
  expect({ failures, causes }).toEqual({ failures: [], causes: [] });

  const items = await partition(entity.entity_account_id);
  const clients = items.filter((i) => i.type === 'client');
  expect(clients).toHaveLength(1);
  expect(clients[0]?.appointments_count).toBe(2 * PER_API);
  const slot = items.find((i) => i.type === 'slot' && i.slot_id === slotId);
  expect(slot?.taken).toBe(2 * PER_API);
  expect(await counterDrift(entity.entity_account_id)).toEqual([]);

  const report = await call('GET', '/api/statistics/clients', { headers: entity.v1 });
  expect(report.status).toBe(200);
  expect(report.json.data).toMatchObject({
    total_clients: 1,
    clients_with_appointments: 1,
    repeat_clients: 1,
  });
  expect(report.json.data.top_clients[0]).toMatchObject({ appointments_count: 2 * PER_API });
}, 300_000);
