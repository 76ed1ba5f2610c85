/**
 * Pages that cost what they return: the last page of 10,000 appointments and a page past the end,
 * against page 1. The appointments are written straight into the table with the repositories' own item
 * mapping (booking 10,000 through HTTP would dominate the run); the calendar's counters, which give the
 * list's total, move with them.
 */
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays } from '../../shared/core/dates';
import * as keys from '../../shared/db/keys';
import { appointmentItem } from '../../shared/features/booking/store/appointment-repository';
import { table } from '../../shared/wiring';
import { median, ms, quick, row, timed } from './table';
import { type Client, createTenant, today } from './tenants';

const COUNT = 10_000;
const PER_PAGE = 50;

async function seed(entityId: string): Promise<void> {
  const t = table();
  const now = new Date().toISOString();
  const items = Array.from({ length: COUNT }, (_, i) =>
    appointmentItem(
      entityId,
      {
        appointment_id: 1_000 + i,
        calendar_id: 1,
        slot_id: 500_000 + i,
        client_id: 900_000 + (i % 997),
        status: 'confirmed',
        date: addDays(today, -400 + Math.floor(i / 25)),
        start_time: `${String(8 + (i % 10)).padStart(2, '0')}:00:00`,
        end_time: `${String(9 + (i % 10)).padStart(2, '0')}:00:00`,
        client_firstname: 'Page',
        client_lastname: `Reader ${i % 997}`,
        client_email: null,
        client_phone: '+33612345678',
        contract_number: null,
        created_at: now,
        updated_at: now,
      },
      `bench-${i}`,
    ),
  );
  for (let i = 0; i < items.length; i += 25) {
    const batch = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    await t.doc.send(new BatchWriteCommand({ RequestItems: { [t.name]: batch } }));
  }
  await t.doc.send(
    new UpdateCommand({
      TableName: t.name,
      Key: keys.calendar(entityId, 1),
      UpdateExpression: 'ADD confirmed_count :n, places_taken :n',
      ExpressionAttributeValues: { ':n': COUNT },
    }),
  );
}

export async function pageRows(http: Client): Promise<void> {
  const tenant = await createTenant('bench-pages');
  await seed(tenant.accountId);
  const last = Math.ceil(COUNT / PER_PAGE);
  const pages: Array<[string, number]> = [
    ['page 1', 1],
    [`last page (${last})`, last],
    ['a page past the end', last + 5],
  ];
  const times = new Map<string, number>();
  for (const [name, page] of pages) {
    const path = `/api/appointments?per_page=${PER_PAGE}&page=${page}`;
    const answer = await http.call('GET', path, tenant.v1);
    if (answer.status !== 200 || answer.json.pagination.total !== COUNT)
      throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`);
    const samples: number[] = [];
    for (let i = 0; i < (quick ? 10 : 40); i++)
      samples.push(await timed(() => http.call('GET', path, tenant.v1)));
    times.set(name, median(samples));
  }
  const first = times.get('page 1') ?? 1;
  for (const [name] of pages.slice(1)) {
    const t = times.get(name) ?? 0;
    row(
      `appointments of ${COUNT}: ${name} vs page 1 (p50)`,
      `${ms(t)} vs ${ms(first)} (×${(t / first).toFixed(2)})`,
      'goal ratio ≤ 1.5',
    );
  }
}
