import { documentClient } from '../../../shared/wiring';
import { viaHandler } from '../../support/api';
import { futureWorkingDate, mobile, newEntity } from '../../support/fixtures';

/**
 * Issue 57, point 2: v1 `GET /appointments/{id}` reads its appointment eventually consistent, as the v1 lists
 * do (docs/CONTRACT.md#v1-reads-consistency: half the read units of a strong read), and reads an id that
 * names nothing again strongly before its 404. Every GetItem of an appointment the handlers send is written
 * down with its consistency; `staleMisses` makes an eventually consistent one find nothing, as a copy of
 * the store that has not yet seen a booking would on AWS (DynamoDB Local's reads are always current).
 */
const reads: Array<{ sk: string; consistent: boolean }> = [];
let staleMisses = false;
const RECORDER = 'v1AppointmentReads';
beforeAll(() => {
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: { sk?: string }; ConsistentRead?: boolean };
      const sk = String(input.Key?.sk ?? '');
      if (context.commandName !== 'GetItemCommand' || !sk.startsWith('APPT#')) return next(args);
      const consistent = input.ConsistentRead === true;
      reads.push({ sk, consistent });
      if (staleMisses && !consistent) return { output: { $metadata: {} }, response: {} } as never;
      return next(args);
    },
    { step: 'initialize', name: RECORDER },
  );
});
afterAll(() => {
  documentClient().middlewareStack.remove(RECORDER);
});

async function bookedAppointment() {
  const entity = await newEntity();
  const slots = await viaHandler('POST', '/api/v2/calendar-slots/generate', {
    headers: entity.v2,
    body: { date: futureWorkingDate(21), max_appointments: 3 },
  });
  const booked = await viaHandler('POST', '/api/v2/appointments', {
    headers: entity.v2,
    body: { client_name: 'Ada Lovelace', client_phone: mobile(5), slot_id: slots.json.data[0].id },
  });
  expect(booked.status).toBe(200);
  const id = Number(booked.json.data.id);
  const get = (n: number) => viaHandler('GET', `/api/appointments/${n}`, { headers: entity.v1 });
  return { entity, id, get };
}

describe('v1 GET /appointments/{id}', () => {
  it('reads the appointment once, eventually consistent, and sees a change made through the API at once', async () => {
    const { entity, id, get } = await bookedAppointment();
    reads.length = 0;
    const first = await get(id);
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ appointment_id: id, status: 'confirmed' });
    expect(reads).toEqual([{ sk: expect.stringMatching(/^APPT#/), consistent: false }]);

    const changed = await viaHandler('PUT', `/api/appointment/${id}`, {
      headers: entity.v1,
      body: { status: 'completed' },
    });
    expect(changed.status).toBe(200);
    reads.length = 0;
    const after = await get(id);
    expect(after.json.data).toMatchObject({ appointment_id: id, status: 'completed' });
    expect(reads.map((r) => r.consistent)).toEqual([false]);
  });

  it('an appointment an eventually consistent read misses is read again strongly: 200, never a 404', async () => {
    const { id, get } = await bookedAppointment();
    staleMisses = true;
    try {
      reads.length = 0;
      const answer = await get(id);
      expect(answer.status).toBe(200);
      expect(answer.json.data).toMatchObject({ appointment_id: id, status: 'confirmed' });
      expect(reads.map((r) => r.consistent)).toEqual([false, true]);
      // An id that names nothing: 404 after both reads.
      reads.length = 0;
      const unknown = await get(id + 1000);
      expect(unknown.status).toBe(404);
      expect(reads.map((r) => r.consistent)).toEqual([false, true]);
    } finally {
      staleMisses = false;
    }
  });
});
