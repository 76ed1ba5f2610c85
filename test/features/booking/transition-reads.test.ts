import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../../shared/config';
import * as keys from '../../../shared/db/keys';
import { documentClient } from '../../../shared/wiring';
import { viaHandler } from '../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../support/fixtures';
import { counterDrift } from '../../support/invariants';

/**
 * Issue 57, point 1: what a transition reads (here a cancel by its link, POST /api/v2/appointments/cancel,
 * through its handler on DynamoDB Local). Its first try reads the appointment, its slot and its client
 * eventually consistent (0.5 read unit each), the transaction being conditioned on what was read (status,
 * slot and change count of the appointment, the client's days); a refusal or a refused transaction on such
 * a read is read again strongly before it is answered or retried. DynamoDB Local's reads are always current,
 * so `stale` makes an eventually consistent read of an item answer a copy taken earlier, as a copy of the
 * store that has not yet seen the last writes would on AWS.
 */
type Read = { command: string; sk: string; consistent: boolean; units: number };
const reads: Array<Read> = [];
const stale = new Map<string, Record<string, unknown>>();
const RECORDER = 'transitionReads';
const READS = new Set(['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand']);

beforeAll(() => {
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName);
      if (!READS.has(command)) return next(args);
      const input = args.input as {
        Key?: { sk?: string };
        ConsistentRead?: boolean;
        ReturnConsumedCapacity?: string;
        RequestItems?: Record<string, { Keys: Array<{ sk: string }>; ConsistentRead?: boolean }>;
      };
      const batch = input.RequestItems?.[config.tableName];
      const consistent = (batch ? batch.ConsistentRead : input.ConsistentRead) === true;
      const sk = batch ? batch.Keys.map((k) => k.sk).join('+') : String(input.Key?.sk ?? 'query');
      const copy = command === 'GetItemCommand' && !consistent ? stale.get(sk) : undefined;
      if (copy) {
        reads.push({ command, sk, consistent, units: 0.5 });
        return { output: { Item: copy, $metadata: {} }, response: {} } as never;
      }
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      const units = (Array.isArray(consumed) ? consumed : [consumed]).reduce(
        (sum: number, c) => sum + Number((c as { CapacityUnits?: number } | undefined)?.CapacityUnits ?? 0),
        0,
      );
      reads.push({ command, sk, consistent, units });
      return result;
    },
    { step: 'initialize', name: RECORDER },
  );
});
afterAll(() => {
  documentClient().middlewareStack.remove(RECORDER);
});

/** The item as stored now (read strongly, not recorded as a read of the request). */
async function itemOf(key: { pk: string; sk: string }): Promise<Record<string, unknown>> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }),
  );
  if (!Item) throw new Error(`no item ${key.sk}`);
  return Item;
}

/** An entity with a day of slots, its client booked once (with the link's cancel token). */
async function booked(daysAhead: number) {
  const entity = await newEntity({ hours: ALWAYS_OPEN });
  const account = entity.entity_account_id;
  const v2 = (method: string, path: string, body?: unknown) =>
    viaHandler(method, `/api/v2${path}`, { headers: entity.v2, ...(body !== undefined ? { body } : {}) });
  const slots = (
    await v2('POST', '/calendar-slots/generate', { date: futureWorkingDate(daysAhead), max_appointments: 3 })
  ).json.data as Array<{ id: number }>;
  const book = async (slot: number) => {
    const answer = await v2('POST', '/appointments', {
      client_name: 'Ada Lovelace',
      client_phone: mobile(9),
      slot_id: slots[slot]?.id,
    });
    expect(answer.status).toBe(200);
    return answer.json.data as { id: number; client_id: number; cancel_token: string };
  };
  const first = await book(0);
  const cancel = (token: string) => v2('POST', '/appointments/cancel', { cancel_token: token });
  const status = (id: number, to: string) =>
    v2('POST', '/appointments/update', { appointment_id: id, status: to });
  return { account, slots, book, first, cancel, status, v2 };
}

/** The reads of the appointment, its slot and its client (the token's and the calendars' aside). */
const ofData = (all: Read[]) => all.filter((r) => /^(APPT|SLOT|CLIENT)#/.test(r.sk));

describe('a cancel by its link', () => {
  afterEach(() => stale.clear());

  it('reads its appointment, slot and client once each, eventually consistent: 1.5 read units', async () => {
    const { account, first, cancel } = await booked(22);
    reads.length = 0;
    const answer = await cancel(first.cancel_token);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ id: first.id, status: 'cancelled' });
    const data = ofData(reads);
    expect(
      data
        .map(({ command, sk, consistent }) => ({ command, sk, consistent }))
        .sort((a, b) => a.sk.localeCompare(b.sk)),
    ).toEqual([
      { command: 'GetItemCommand', sk: keys.appointment(account, first.id).sk, consistent: false },
      { command: 'GetItemCommand', sk: keys.client(account, first.client_id).sk, consistent: false },
      { command: 'GetItemCommand', sk: expect.stringMatching(/^SLOT#/), consistent: false },
    ]);
    expect(data.reduce((sum, r) => sum + r.units, 0)).toBe(1.5);
    expect(await counterDrift(account)).toEqual([]);
  });

  it('a read a moment old that shows its status and slot of now, after changes, is refused and retried strongly', async () => {
    const { account, first, cancel, status } = await booked(23);
    const key = keys.appointment(account, first.id);
    // The copy an eventually consistent read may still answer: as booked (change count 0).
    stale.set(key.sk, await itemOf(key));
    // Cancelled and confirmed again by the business: status and slot as booked, two changes later.
    expect((await status(first.id, 'cancelled')).status).toBe(200);
    expect((await status(first.id, 'confirmed')).status).toBe(200);
    reads.length = 0;
    const answer = await cancel(first.cancel_token);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ id: first.id, status: 'cancelled', available_slots: 3 });
    // The first try on the old copy, refused by its change count; the retry on a strong read.
    expect(
      ofData(reads)
        .filter((r) => r.sk === key.sk)
        .map((r) => r.consistent),
    ).toEqual([false, true]);
    // The third change of the appointment: its calendar file's SEQUENCE says so.
    expect((await itemOf(key)).ics_sequence).toBe(3);
    expect(await counterDrift(account)).toEqual([]);
  });

  it('"already cancelled" on a read a moment old is read again strongly: the cancel goes through', async () => {
    const { account, first, cancel, status } = await booked(24);
    const key = keys.appointment(account, first.id);
    expect((await status(first.id, 'cancelled')).status).toBe(200);
    stale.set(key.sk, await itemOf(key));
    expect((await status(first.id, 'confirmed')).status).toBe(200);
    reads.length = 0;
    const answer = await cancel(first.cancel_token);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ id: first.id, status: 'cancelled' });
    expect(
      ofData(reads)
        .filter((r) => r.sk === key.sk)
        .map((r) => r.consistent),
    ).toEqual([false, true]);
    // And a second cancel is refused on the strong read too: 409 as ever.
    const again = await cancel(first.cancel_token);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'APPOINTMENT_CANCELLED' });
    expect(await counterDrift(account)).toEqual([]);
  });

  it('a move by the business that a read a moment old does not show is checked on retry: too late to cancel', async () => {
    const { account, first, v2 } = await booked(26);
    const appointmentKey = keys.appointment(account, first.id);
    const week = await v2('POST', '/settings', { client_change_cutoff_minutes: 10_080 });
    expect(week.status).toBe(200);
    // The copy a moment old: the appointment at its booked time, weeks ahead.
    stale.set(appointmentKey.sk, await itemOf(appointmentKey));
    // The business moves it to a slot within the week's cut-off.
    const near = (
      await v2('POST', '/calendar-slots/generate', { date: futureWorkingDate(2), max_appointments: 3 })
    ).json.data as Array<{ id: number }>;
    const moved = await v2('POST', '/appointments/update', {
      appointment_id: first.id,
      slot_id: near[0]?.id,
    });
    expect(moved.status).toBe(200);
    // The client's own credential: a publishable key of the business's site (the cut-off binds links only).
    const origin = 'https://www.example.fr';
    const key = await v2('POST', '/keys', { name: 'site', allowed_origins: [origin] });
    const site = { 'Access-Token': String(key.json.data.key), Origin: origin };
    reads.length = 0;
    const refused = await viaHandler('POST', '/api/v2/appointments/cancel', {
      headers: site,
      body: { cancel_token: first.cancel_token },
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'CHANGE_TOO_LATE' });
    expect(
      ofData(reads)
        .filter((r) => r.sk === appointmentKey.sk)
        .map((r) => r.consistent),
    ).toEqual([false, true]);
    expect((await itemOf(appointmentKey)).status).toBe('confirmed');
    expect(await counterDrift(account)).toEqual([]);
  });

  it('a client read from before its latest booking fails the transaction on its days, and is read again strongly', async () => {
    const { account, first, book, cancel } = await booked(25);
    const clientKey = keys.client(account, first.client_id);
    // The client as it was before its second booking (another slot of the day: its days change).
    stale.set(clientKey.sk, await itemOf(clientKey));
    const second = await book(1);
    reads.length = 0;
    const answer = await cancel(second.cancel_token);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ id: second.id, status: 'cancelled' });
    expect(
      ofData(reads)
        .filter((r) => r.sk === clientKey.sk)
        .map((r) => r.consistent),
    ).toEqual([false, true]);
    // Every counter the cancel moves (the client's days, the day items, the slot) is exact.
    expect(await counterDrift(account)).toEqual([]);
  });
});
