import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../../../shared/config';
import { documentClient } from '../../../../shared/wiring';
import { recountService, seedService } from '../../../../shared/wiring/operations';
import { viaHandler as call } from '../../../support/api';
import { mobile, newEntity } from '../../../support/fixtures';
import { counterDrift, partition } from '../../../support/invariants';

/**
 * `npm run admin -- recount-stats` (docs/design/data-model.md, "Statistics that stay flat"): an entity
 * whose clients predate the flat statistics (no days on the clients, no day items, no latest-live days, no
 * indexed memberships) gets them all back from its appointments, and bookings after it keep them exact.
 */
test('a recount rebuilds the flat statistics of an entity written before them', async () => {
  const entity = await newEntity();
  const id = entity.entity_account_id;
  await seedService().seed({ accountId: id, appointments: 90, days: 20, calendars: 2, stage: 'local' });
  const before = await call('GET', '/api/statistics/clients', { headers: entity.v1 });

  // As an earlier version left it.
  const doc = documentClient();
  for (const item of await partition(id)) {
    const key = { pk: item.pk, sk: item.sk };
    if (item.type === 'day-stat' || item.type === 'last-live-day')
      await doc.send(new DeleteCommand({ TableName: config.tableName, Key: key }));
    if (item.type === 'client')
      await doc.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: key,
          UpdateExpression: 'REMOVE days_all, days_live, days_version, days_touch',
        }),
      );
    if (item.type === 'calendar')
      await doc.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: key,
          UpdateExpression: 'REMOVE clients_count',
        }),
      );
    if (item.type === 'calendar-client')
      await doc.send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: key,
          UpdateExpression: 'REMOVE gsi4pk, gsi4sk',
        }),
      );
  }
  expect((await counterDrift(id)).length).toBeGreaterThan(0);

  const summary = await recountService().recount(id);
  expect(summary).toMatchObject({ account: id, appointments: 90, clients: 36 });
  expect(await counterDrift(id)).toEqual([]);
  const after = await call('GET', '/api/statistics/clients', { headers: entity.v1 });
  expect(after.json.data).toEqual(before.json.data);

  // A booking by a known client after it, and its cancellation, move the rebuilt counters exactly.
  const client = (await partition(id)).find((i) => i.type === 'client');
  const today = new Date().toISOString().slice(0, 10);
  const slot = (await partition(id)).find(
    (i) => i.type === 'slot' && String(i.date) > today && Number(i.taken) < Number(i.capacity),
  );
  const booked = await call('POST', '/api/v2/appointments', {
    headers: entity.v2,
    body: {
      client_name: 'Someone Else',
      client_phone: String(client?.client_phone ?? mobile(1)),
      slot_id: slot?.slot_id,
    },
  });
  expect(booked.status).toBe(200);
  expect(await counterDrift(id)).toEqual([]);
  // Its cancellation too (the client may be left with no live appointment: no empty map is stored).
  const cancelled = await call('POST', '/api/v2/appointments/cancel', {
    headers: entity.v2,
    body: { cancel_token: booked.json.data.cancel_token },
  });
  expect(cancelled.status).toBe(200);
  expect(await counterDrift(id)).toEqual([]);
}, 180_000);
