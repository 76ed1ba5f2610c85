import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../../../shared/config';
import { documentClient } from '../../../../shared/wiring';
import { viaHandler as call } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';
import { counterDrift, partition } from '../../../support/invariants';

type Entity = Awaited<ReturnType<typeof newEntity>>;
let entity: Entity;
let slots: Array<{ id: number }>;

beforeAll(async () => {
  entity = await newEntity({ hours: ALWAYS_OPEN });
  slots = (
    await call('POST', '/api/v2/calendar-slots/generate', {
      headers: entity.v2,
      body: { date: futureWorkingDate(30), max_appointments: 4 },
    })
  ).json.data;
});

const bookV2 = (key: string | undefined, body: Record<string, unknown>, who: Entity = entity) =>
  call('POST', '/api/v2/appointments', {
    headers: { ...who.v2, ...(key ? { 'Idempotency-Key': key } : {}) },
    body,
  });
const appointments = async (who: Entity = entity) =>
  (await partition(who.entity_account_id)).filter((i) => i.type === 'appointment');

describe('Idempotency-Key on bookings', () => {
  it('a retry with the same key and body returns the first answer and books once', async () => {
    const body = { client_name: 'Ada Lovelace', client_phone: mobile(1), slot_id: slots[0]?.id };
    const first = await bookV2('key-1', body);
    const retry = await bookV2('key-1', {
      slot_id: slots[0]?.id,
      client_phone: mobile(1),
      client_name: 'Ada Lovelace',
    });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await appointments()).toHaveLength(1);
  });

  it('the same key with a different body is refused with 409, and books nothing', async () => {
    const answer = await bookV2('key-1', {
      client_name: 'Ada Lovelace',
      client_phone: mobile(2),
      slot_id: slots[0]?.id,
    });
    expect(answer.status).toBe(409);
    expect(answer.json).toEqual({
      success: false,
      data: [],
      message: 'Idempotency-Key was already used with a different request',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await appointments()).toHaveLength(1);
  });

  it('concurrent retries with one key book once', async () => {
    const body = { client_name: 'Grace Hopper', client_phone: mobile(3), slot_id: slots[1]?.id };
    const answers = await Promise.all(Array.from({ length: 6 }, () => bookV2('key-race', body)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((a) => a.json.data.id)).size).toBe(1);
    for (const other of answers.filter((a) => a.status !== 200)) {
      expect(other.status).toBe(409);
      expect(other.json.message).toMatch(/in progress/);
    }
    expect((await appointments()).filter((a) => a.slot_id === slots[1]?.id)).toHaveLength(1);
    expect(await counterDrift(entity.entity_account_id)).toEqual([]);
  });

  it('a refused booking is replayed as refused', async () => {
    const full = (
      await call('POST', '/api/v2/calendar-slots/generate', {
        headers: entity.v2,
        body: { date: futureWorkingDate(31), max_appointments: 1 },
      })
    ).json.data[0];
    expect(
      (await bookV2(undefined, { client_name: 'A B', client_phone: mobile(4), slot_id: full.id })).status,
    ).toBe(200);
    const body = { client_name: 'C D', client_phone: mobile(5), slot_id: full.id };
    const refused = await bookV2('key-full', body);
    expect(refused.status).toBe(409);
    const again = await bookV2('key-full', body);
    expect(again.text).toBe(refused.text);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('keys belong to one entity', async () => {
    const other = await newEntity({ hours: ALWAYS_OPEN });
    const [slot] = (
      await call('POST', '/api/v2/calendar-slots/generate', {
        headers: other.v2,
        body: { date: futureWorkingDate(30) },
      })
    ).json.data;
    const answer = await bookV2(
      'key-1',
      { client_name: 'Ada Lovelace', client_phone: mobile(1), slot_id: slot.id },
      other,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keys belong to their caller: the secret tokens, or one publishable key from one address', async () => {
    const [slot] = (
      await call('POST', '/api/v2/calendar-slots/generate', {
        headers: entity.v2,
        body: { date: futureWorkingDate(32), max_appointments: 10 },
      })
    ).json.data;
    const newKey = async () =>
      (
        await call('POST', '/api/v2/keys', {
          headers: entity.v2,
          body: { name: 'website', allowed_origins: ['https://www.example.fr'] },
        })
      ).json.data.key as string;
    const [first, second] = [await newKey(), await newKey()];
    const asKey = (key: string) => ({ 'Access-Token': key, Origin: 'https://www.example.fr' });
    const body = { client_name: 'Mary Jackson', client_phone: mobile(10), slot_id: slot.id };
    const book = (headers: Record<string, string>, what = body) =>
      call('POST', '/api/v2/appointments', {
        headers: { ...headers, 'Idempotency-Key': 'order-1' },
        body: what,
      });

    const business = await book(entity.v2);
    // Another caller, the same key and body: a new request, never the business's answer (nor its cancel token).
    const visitor = await book(asKey(first));
    expect([business.status, visitor.status]).toEqual([200, 200]);
    expect(visitor.headers['idempotent-replayed']).toBeUndefined();
    expect(visitor.json.data.id).not.toBe(business.json.data.id);
    expect(visitor.json.data.cancel_token).not.toBe(business.json.data.cancel_token);
    // Another caller, the same key and another body: a new request, never a 409.
    const other = await book(asKey(second), { ...body, client_phone: mobile(11) });
    expect(other.status).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    // Each caller's retry is its own replay.
    const visitorAgain = await book(asKey(first));
    expect(visitorAgain.headers['idempotent-replayed']).toBe('true');
    expect(visitorAgain.text).toBe(visitor.text);
    const businessAgain = await book(entity.v2);
    expect(businessAgain.headers['idempotent-replayed']).toBe('true');
    expect(businessAgain.text).toBe(business.text);
    expect((await appointments()).filter((a) => a.slot_id === slot.id)).toHaveLength(3);
  });

  it('after 24 hours a key may be used again', async () => {
    const body = { client_name: 'Alan Turing', client_phone: mobile(6), slot_id: slots[2]?.id };
    const first = await bookV2('key-old', body);
    await documentClient().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: { pk: `E#${entity.entity_account_id}`, sk: 'IDEMPOTENCY#POST /api/v2/appointments#key-old' },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const later = await bookV2('key-old', body);
    expect(later.status).toBe(200);
    expect(later.json.data.id).not.toBe(first.json.data.id);
  });

  it.each(['has space', 'x'.repeat(129), 'é'])('an unusable key %j is 400', async (key) => {
    const answer = await bookV2(key, { client_name: 'A B', client_phone: mobile(7), slot_id: slots[3]?.id });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/^Idempotency-Key: /);
  });

  it('works on v1 POST /appointment too, with IDEMPOTENCY_KEY_REUSED for another body', async () => {
    const body = {
      calendar_id: 1,
      slot_id: slots[3]?.id,
      client_firstname: 'Katherine',
      client_lastname: 'Johnson',
      client_email: 'kj@nasa.gov',
      client_phone: mobile(8),
    };
    const headers = { ...entity.v1, 'Idempotency-Key': 'v1-key' };
    const first = await call('POST', '/api/appointment', { headers, body });
    const retry = await call('POST', '/api/appointment', { headers, body });
    expect(first.status).toBe(200);
    expect(retry.json.data).toEqual(first.json.data);
    const other = await call('POST', '/api/appointment', {
      headers,
      body: { ...body, client_phone: mobile(9) },
    });
    expect(other.status).toBe(409);
    expect(other.json.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await appointments()).filter((a) => a.client_lastname === 'Johnson')).toHaveLength(1);
  });
});
