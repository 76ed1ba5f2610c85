import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../../../shared/db/keys';
import { LINK_TOKENS_KEPT, newCancelToken } from '../../../../shared/features/access';
import { randomToken, sha256Hex } from '../../../../shared/features/access/domain/tokens';
import { cancelCredentialItem, cancelTokenItem } from '../../../../shared/features/booking';
import { AppointmentRepository } from '../../../../shared/features/booking/store/appointment-repository';
import { BookingRepository } from '../../../../shared/features/booking/store/booking-repository';
import { addLinkToken } from '../../../../shared/features/booking/store/link-tokens';
import { table } from '../../../../shared/wiring/core';
import { type Answer, viaHandler } from '../../../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../../support/fixtures';
import { counterDrift, partition } from '../../../support/invariants';

/**
 * Issue 57, point 1: a cancel token names its entity and appointment, and is checked by one read of the
 * appointment, which keeps the digest of each token it accepts (its booking's, its e-mails' last
 * LINK_TOKENS_KEPT). Tokens of the earlier shape (CANCEL# and TOKEN# items) keep working; a forged token
 * (the right shape, a wrong secret, or another entity's id) is answered as an unknown token is.
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = any;
const ORIGIN = 'https://www.example.fr';
const v2 = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  viaHandler(method, `/api/v2${path}`, { headers, ...(body === undefined ? {} : { body }) });
const ok = (answer: Answer): Json => {
  expect({ status: answer.status, message: answer.json?.message }).toEqual({
    status: 200,
    message: expect.anything(),
  });
  return answer.json.data;
};
const answerOf = (a: Answer) => ({ status: a.status, json: a.json });
/** A token of the current shape with one of its three parts replaced. */
const withPart = (token: string, index: 0 | 1 | 2, part: string) =>
  token
    .split('.')
    .map((p, i) => (i === index ? part : p))
    .join('.');

describe('cancel tokens: the current shape, the earlier one, forgeries', () => {
  let entity: Entity;
  let other: Entity;
  let key: Record<string, string>;
  let otherKey: Record<string, string>;
  let date: string;
  let slots: Json[];
  let otherSlots: Json[];
  let n = 0;
  const book = async (k: Record<string, string>, slotId: number) =>
    ok(
      await v2('POST', '/appointments', k, {
        client_name: `Client ${++n}`,
        client_phone: mobile(500 + n),
        slot_id: slotId,
      }),
    ) as { id: number; cancel_token: string };
  /** The answers a token gets: as the body of lookup (with the key), and as the credential of a read and of lookup. */
  const answersTo = async (token: string, k = key) => ({
    lookup: answerOf(await v2('POST', '/appointments/lookup', k, { cancel_token: token })),
    read: answerOf(await v2('GET', '/business', { 'Access-Token': token })),
    alone: answerOf(
      await v2('POST', '/appointments/lookup', { 'Access-Token': token }, { cancel_token: token }),
    ),
  });
  const UNKNOWN = {
    lookup: {
      status: 404,
      json: { success: false, data: [], message: 'appointment not found', code: 'RESOURCE_NOT_FOUND' },
    },
    read: {
      status: 401,
      json: { success: false, data: [], message: 'invalid access token', code: 'AUTH_INVALID' },
    },
    alone: {
      status: 401,
      json: { success: false, data: [], message: 'invalid access token', code: 'AUTH_INVALID' },
    },
  };

  beforeAll(async () => {
    [entity, other] = await Promise.all([
      newEntity({ hours: ALWAYS_OPEN }),
      newEntity({ hours: ALWAYS_OPEN }),
    ]);
    date = futureWorkingDate(44);
    const keyOf = async (e: Entity) => {
      const created = ok(await v2('POST', '/keys', e.v2, { name: 'site', allowed_origins: [ORIGIN] }));
      expect((await v2('POST', '/settings', e.v2, { max_live_bookings_per_visitor: 0 })).status).toBe(200);
      return { 'Access-Token': created.key, Origin: ORIGIN };
    };
    [key, otherKey] = await Promise.all([keyOf(entity), keyOf(other)]);
    slots = ok(await v2('POST', '/calendar-slots/generate', entity.v2, { date, max_appointments: 1 }));
    otherSlots = ok(await v2('POST', '/calendar-slots/generate', other.v2, { date, max_appointments: 1 }));
  });

  it('unknown tokens of either shape answer alike: 404 in a body, 401 as the credential', async () => {
    expect(await answersTo(randomToken(32))).toEqual(UNKNOWN);
    const unknown = newCancelToken({ entityId: entity.entity_account_id, appointmentId: 999_999 });
    expect(await answersTo(unknown)).toEqual(UNKNOWN);
  });

  it('a forged token, a wrong secret or another entity named, is refused as an unknown token', async () => {
    const mine = await book(key, slots[0].id);
    expect((await answersTo(mine.cancel_token)).lookup.status).toBe(200);
    // The right entity and appointment, another secret.
    expect(await answersTo(withPart(mine.cancel_token, 2, randomToken(32)))).toEqual(UNKNOWN);
    // Another entity's appointment of the same id, with this token's secret: its appointment keeps no such digest.
    const theirs = await book(otherKey, otherSlots[0].id);
    const otherEntity = `ct_${Buffer.from(other.entity_account_id).toString('base64url')}`;
    const renamed = withPart(withPart(mine.cancel_token, 0, otherEntity), 1, String(theirs.id));
    expect(await answersTo(renamed)).toEqual(UNKNOWN);
    // Their real token, in the body of this entity's key: the key's entity decides, so it finds nothing here.
    expect((await answersTo(theirs.cancel_token)).lookup).toEqual(UNKNOWN.lookup);
    expect((await answersTo(theirs.cancel_token, otherKey)).lookup.status).toBe(200);
    // A token whose entity part is not the canonical spelling of an entity id is none.
    expect(await answersTo(withPart(mine.cancel_token, 0, `${mine.cancel_token.split('.')[0]}=`))).toEqual(
      UNKNOWN,
    );
  });

  it('a token of the earlier shape (its CANCEL# and TOKEN# items) looks up, opens the reads and cancels', async () => {
    const old = await book(key, slots[1].id);
    // What a booking wrote before tokens named their appointment: a 43-character token and its two items.
    const legacy = randomToken(32);
    const hash = sha256Hex(legacy);
    const t = table();
    const id = entity.entity_account_id;
    for (const item of [cancelTokenItem(id, hash, old.id), cancelCredentialItem(id, hash)])
      await t.doc.send(new PutCommand({ TableName: t.name, Item: item }));
    await t.doc.send(
      new UpdateCommand({
        TableName: t.name,
        Key: keys.appointment(id, old.id),
        UpdateExpression: 'SET cancel_token_hash = :hash',
        ExpressionAttributeValues: { ':hash': hash },
      }),
    );
    const answers = await answersTo(legacy);
    expect(answers.lookup.status).toBe(200);
    expect(answers.lookup.json.data.appointment).toMatchObject({ id: old.id, status: 'confirmed' });
    expect(answers.read.status).toBe(200);
    expect(answers.alone).toEqual(answers.lookup);
    const moved = await v2(
      'POST',
      '/appointments/reschedule',
      { 'Access-Token': legacy },
      {
        cancel_token: legacy,
        slot_id: slots[2].id,
      },
    );
    expect(ok(moved)).toMatchObject({ id: old.id, slot_id: slots[2].id });
    expect(
      ok(await v2('POST', '/appointments/cancel', { 'Access-Token': legacy }, { cancel_token: legacy })),
    ).toMatchObject({
      id: old.id,
      status: 'cancelled',
    });
    // Ended, it opens nothing, as a token of the current shape.
    expect((await v2('GET', '/business', { 'Access-Token': legacy })).status).toBe(401);
    expect((await v2('POST', '/appointments/lookup', key, { cancel_token: legacy })).json.code).toBe(
      'APPOINTMENT_CANCELLED',
    );
  });

  it(`an appointment keeps its booking's token and its last ${LINK_TOKENS_KEPT} e-mail tokens`, async () => {
    const mine = await book(key, slots[3].id);
    const ref = { entityId: entity.entity_account_id, appointmentId: mine.id };
    const minted: string[] = [];
    for (let i = 0; i < LINK_TOKENS_KEPT + 2; i++) {
      const token = newCancelToken(ref);
      expect(await addLinkToken(table(), { ...ref, tokenHash: sha256Hex(token) })).toBe(true);
      minted.push(token);
      // A retry of the same mint (its answer lost) finds it kept and keeps it once.
      expect(await addLinkToken(table(), { ...ref, tokenHash: sha256Hex(token) })).toBe(true);
    }
    const item = (await partition(ref.entityId)).find(
      (i) => i.sk === keys.appointment(ref.entityId, mine.id).sk,
    );
    expect(item?.link_hashes).toHaveLength(LINK_TOKENS_KEPT);
    // The two oldest are forgotten: unknown. The newest ones and the booking's own still work.
    for (const token of minted.slice(0, 2)) expect(await answersTo(token)).toEqual(UNKNOWN);
    for (const token of [...minted.slice(2), mine.cancel_token])
      expect((await answersTo(token)).lookup.json.data.appointment.id).toBe(mine.id);
  });

  it('a change of the whole item keeps an e-mail token minted after its read (the write is retried)', async () => {
    const mine = await book(key, slots[4].id);
    const ref = { entityId: entity.entity_account_id, appointmentId: mine.id };
    const appointments = new AppointmentRepository(table());
    const read = await appointments.get(ref.entityId, mine.id);
    if (!read) throw new Error('booked appointment not found');
    const token = newCancelToken(ref);
    expect(await addLinkToken(table(), { ...ref, tokenHash: sha256Hex(token) })).toBe(true);
    // A transition on the read from before the mint would drop the token: it is refused as stale.
    const after = { ...read, status: 'cancelled' as const, updated_at: new Date().toISOString() };
    expect(await new BookingRepository(table()).transition(ref.entityId, { before: read, after })).toEqual({
      ok: false,
      reason: 'stale',
    });
    // The business moves it (the service reads again): the e-mail's token still finds it.
    ok(
      await v2('POST', '/appointments/update', entity.v2, { appointment_id: mine.id, slot_id: slots[5].id }),
    );
    expect((await answersTo(token)).lookup.json.data.appointment).toMatchObject({
      id: mine.id,
      slot_id: slots[5].id,
    });
    // Once it ends, no e-mail token is minted for it any more.
    ok(await v2('POST', '/appointments/cancel', { 'Access-Token': token }, { cancel_token: token }));
    const late = newCancelToken(ref);
    expect(await addLinkToken(table(), { ...ref, tokenHash: sha256Hex(late) })).toBe(false);
  });

  it('keeps every counter equal to a recount', async () => {
    expect(await counterDrift(entity.entity_account_id)).toEqual([]);
    expect(await counterDrift(other.entity_account_id)).toEqual([]);
  });
});
