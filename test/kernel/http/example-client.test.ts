import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { v1AllAppointments, v1BookListCancel, v2BookListCancel } from '../../../examples/client/booking';
import { startHttp } from '../../support/api';
import { assertContract } from '../../support/contract';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../../support/fixtures';
import { expectRunByLintBeforeTests } from '../../support/lint-arrangement';

const ROOT = join(__dirname, '..', '..', '..');

/** fetch that holds every answer to docs/openapi.json, as the test callers do. */
const checkedFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const request = new Request(input, init);
  const response = await fetch(request);
  const text = await response.clone().text();
  assertContract(request.method, request.url, {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    text,
  });
  return response;
};

describe('the example client (examples/client, openapi-fetch over the generated types)', () => {
  let http: Awaited<ReturnType<typeof startHttp>>;
  let entity: Awaited<ReturnType<typeof newEntity>>;
  beforeAll(async () => {
    entity = await newEntity({ hours: ALWAYS_OPEN });
    http = await startHttp();
  });
  afterAll(async () => {
    await http?.close();
  });

  it('books, lists and cancels through v2', async () => {
    const date = futureWorkingDate(30);
    const options = { baseUrl: http.baseUrl, token: entity.v2_token, fetch: checkedFetch };
    const { slot, booked, listed, cancelled } = await v2BookListCancel(options, date, mobile(1));
    expect(booked).toMatchObject({ slot_id: slot.id, status: 'confirmed', available_slots: 1 });
    expect(listed.find((s) => s.id === slot.id)?.available_slots).toBe(1);
    expect(cancelled).toMatchObject({ id: booked.id, status: 'cancelled', available_slots: 2 });
  });

  it('books, lists and cancels through v1', async () => {
    const date = futureWorkingDate(31);
    const generated = await http.call('POST', '/api/v2/calendar-slots/generate', {
      headers: entity.v2,
      body: { date, max_appointments: 3 },
    });
    expect(generated.status).toBe(200);
    const options = { baseUrl: http.baseUrl, token: entity.v1_token, fetch: checkedFetch };
    const { slot, booked, listed, total, cancelled } = await v1BookListCancel(options, date, mobile(2));
    expect(booked).toMatchObject({
      slot_id: slot.slot_id,
      status: 'confirmed',
      client_phone: '+33612000002',
    });
    expect(listed.map((a) => a.appointment_id)).toContain(booked.appointment_id);
    expect(total).toBe(1);
    expect(cancelled).toMatchObject({ appointment_id: booked.appointment_id, status: 'cancelled' });
    const walked = await v1AllAppointments(options, date, date);
    expect(walked.map((a) => a.appointment_id)).toEqual([booked.appointment_id]);
  });

  it('type-checks against the generated types', () => {
    const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
    expect(() =>
      execFileSync(tsc, ['--noEmit', '-p', join(ROOT, 'examples', 'tsconfig.json')], { stdio: 'pipe' }),
    ).not.toThrow();
  });

  // openapi-typescript's own check of the generated types (about 3.4 s of CPU) runs once per CI run in
  // `npm run lint` (lint:types), as cfn-lint does, not again in `npm test`. This holds that arrangement.
  it('uses types generated from the committed docs/openapi.json: `npm run lint` checks them, before the tests in CI', () => {
    expectRunByLintBeforeTests('lint:types', 'npm run openapi:types -- --check');
  });
});
