import { join } from 'node:path';
import type * as z from 'zod';
import { ROUTES, type RouteDef } from '../../shared/routes';
import { type Answer, viaHandler as call } from '../support/api';
import { newEntity } from '../support/fixtures';
import { sampler } from '../support/sample';

/**
 * Hostile input over every route of the route table. Whatever arrives, the answer is never a 5xx, always
 * the route's API envelope, and never carries a stack trace or an internal message.
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;
let entity: Entity;
beforeAll(async () => {
  entity = await newEntity();
});

const INTERNAL =
  /\bat [\w.<>]+ \(|node_modules|\/work\/|Exception|TypeError|ReferenceError|undefined is not|Cannot read/;

function expectClean(route: RouteDef, answer: Answer, label: string) {
  const where = `${route.method} ${route.path} ${label}: ${answer.status} ${answer.text.slice(0, 200)}`;
  expect({ where, serverError: answer.status >= 500 }).toEqual({ where, serverError: false });
  expect(answer.text).not.toMatch(INTERNAL);
  const json = answer.json;
  if (route.path.startsWith('/api/v2')) {
    // An error carries its code too (docs/CONTRACT.md#envelopes).
    const envelope =
      answer.status === 200 ? ['data', 'message', 'success'] : ['code', 'data', 'message', 'success'];
    expect(Object.keys(json).sort()).toEqual(envelope);
  } else if (answer.headers['content-type']?.startsWith('application/json')) {
    expect(json).toMatchObject({
      api_version: '1.0',
      success: expect.any(Boolean),
      error_code: expect.any(String),
    });
  }
}

const tokenFor = (route: RouteDef) =>
  route.auth === 'v1' ? entity.v1 : route.auth === 'v2' ? entity.v2 : {};
const otherToken = (route: RouteDef) => (route.auth === 'v1' ? entity.v2 : entity.v1);

const ABSURD_IDS = [
  '0',
  '-1',
  '99999999999999999999',
  'abc',
  '1e3',
  '%00',
  "1'%20OR%20'1'='1",
  '%F0%9F%92%A9',
  '1.0',
  '0x10',
];
const ABSURD_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  '',
  ' ',
  'x'.repeat(10_000),
  '\u0000\u0007\u001b[31m',
  '２０２６-０１-０１',
  '9999-99-99',
  '0000-00-00',
  '2026-02-29',
  "'; DROP TABLE appointments; --",
  '{"$ne": null}',
  '<script>alert(1)</script>',
  '=cmd|calc',
  [],
  ['2026-01-01'],
  { nested: { deeper: true } },
];
/**
 * What a route reads: its own query parameters and body fields (its handler's schemas), and the query
 * parameters the shared stack reads on every route (the token, the answer's format, v1's debug flag).
 * Absurd values go to these; a name nobody reads is already in every request (`unknown_param`,
 * `extra_field`). A route that reads none gets them under a name it does not know.
 */
const STACK_PARAMS = ['access_token', 'format', 'debug'];
const schemaOf = (route: RouteDef) =>
  (
    require(join(__dirname, '..', '..', route.entry)) as {
      handler: { schemas?: { query?: z.ZodObject; body?: z.ZodObject } };
    }
  ).handler.schemas ?? {};
const queryParams = (route: RouteDef) => [
  ...Object.keys(schemaOf(route).query?.shape ?? {}),
  ...STACK_PARAMS,
];
const bodyFields = (route: RouteDef) => {
  const own = Object.keys(schemaOf(route).body?.shape ?? {});
  return own.length > 0 ? own : ['no_such_field'];
};

/**
 * A route whose body asks for nothing: no field, or only optional ones that narrow it (the calendar feed's
 * calendar_id): any object is a request to it, an empty one when none of its fields are there. (Routes
 * whose fields are all optional but one of them needed, as v1's PUT or the settings, refuse an empty body.)
 */
const ASKS_NOTHING = new Set(['/api/v2/calendar-feed', '/api/v2/calendar-feed/delete']);
const takesAnyObject = (route: RouteDef): boolean => {
  const body = schemaOf(route).body;
  return body !== undefined && (Object.keys(body.shape).length === 0 || ASKS_NOTHING.has(route.path));
};

/**
 * Every pair of a field (or parameter) a route reads and a value would be up to 250 requests a route; a
 * run takes a sample of fixed size instead: each field with one value, and each value with one field,
 * picked by a seeded generator. The seed is printed in every case's label, so a failure can be run again with
 * HOSTILE_SEED=<seed>; each run covers every field and every value, and other pairs than the last run.
 */
const SAMPLE = sampler('HOSTILE_SEED');
const SEED = SAMPLE.seed;

const pathFor = (route: RouteDef, id: string) => route.path.replace(/\{\w+\}/g, id);
const withBody = (route: RouteDef) => route.method !== 'GET';

describe.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
  '%s',
  (_name, route) => {
    it('absurd path ids', async () => {
      if (!route.path.includes('{')) return;
      for (const id of ABSURD_IDS) {
        const answer = await call(route.method, pathFor(route, id), {
          headers: tokenFor(route),
          body: withBody(route) ? {} : undefined,
        });
        expectClean(route, answer, `id ${id}`);
        if (!['1e3', '1.0'].includes(id)) expect(answer.status).toBeGreaterThanOrEqual(400);
      }
    });

    it('absurd query parameters, unknown ones, repeated ones', async () => {
      const values = ['', 'x'.repeat(3000), '%00', '-1', '2026-13-45', '%E2%80%AE', 'true,false'];
      const cases = SAMPLE.pairs(queryParams(route), values, `${route.method} ${route.path} query`).map(
        ([param, value]) => ({
          label: `${param}=${value.slice(0, 40)} (HOSTILE_SEED=${SEED})`,
          url: `${pathFor(route, '1')}?${param}=${value}&unknown_param=1&${param}=again`,
          // The header's token comes before the query's: an absurd `access_token` is sent alone.
          headers: param === 'access_token' ? {} : tokenFor(route),
          refused: param === 'access_token' && route.auth !== 'none',
        }),
      );
      // Eight at a time: these requests are refused before any write, so their order does not matter.
      for (let i = 0; i < cases.length; i += 8) {
        const batch = cases.slice(i, i + 8);
        const answers = await Promise.all(
          batch.map(({ url, headers }) =>
            call(route.method, url, { headers, body: withBody(route) ? {} : undefined }),
          ),
        );
        answers.forEach((answer, j) => {
          expectClean(route, answer, batch[j]?.label ?? '');
          if (batch[j]?.refused) expect([batch[j]?.label, answer.status]).toEqual([batch[j]?.label, 401]);
        });
      }
    });

    it('wrong types in every body field, missing fields and extra fields', async () => {
      if (!withBody(route)) return;
      const cases = SAMPLE.pairs(bodyFields(route), ABSURD_VALUES, `${route.method} ${route.path} body`).map(
        ([field, value]) => ({
          label: `${field}=${JSON.stringify(value)?.slice(0, 40)} (HOSTILE_SEED=${SEED})`,
          body: { [field]: value, extra_field: { a: [1, 2, 3] }, __proto__: { polluted: true } },
        }),
      );
      // Eight at a time: no single absurd field makes a valid write, so their order does not matter.
      for (let i = 0; i < cases.length; i += 8) {
        const batch = cases.slice(i, i + 8);
        const answers = await Promise.all(
          batch.map(({ body }) =>
            call(route.method, pathFor(route, '1'), { headers: tokenFor(route), body }),
          ),
        );
        answers.forEach((answer, j) => {
          expectClean(route, answer, batch[j]?.label ?? '');
        });
      }
    });

    it('malformed, non-object, deeply nested and oversized bodies', async () => {
      if (!withBody(route)) return;
      const bodies: Array<[string, string]> = [
        ['truncated', '{"a":'],
        ['single quotes', "{'a': 1}"],
        ['a bare string', '"hello"'],
        ['a number', '42'],
        ['null', 'null'],
        ['an array', '[1,2,3]'],
        ['deep arrays', `${'['.repeat(30_000)}${']'.repeat(30_000)}`],
        ['deep objects', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`],
        ['over 64 KB', JSON.stringify({ pad: 'x'.repeat(70_000) })],
        ['binary', '\u0000\u0001\u0002\u00ff'],
        ['BOM', '\ufeff{}'],
      ];
      for (const [label, raw] of bodies) {
        const answer = await call(route.method, pathFor(route, '1'), { headers: tokenFor(route), body: raw });
        expectClean(route, answer, label);
        // `null` is an empty body ({}); a deep object is an object with a field nobody reads.
        if (takesAnyObject(route) && ['null', 'deep objects'].includes(label))
          expect(answer.status).toBe(200);
        else expect(answer.status).toBeGreaterThanOrEqual(400);
        if (label === 'over 64 KB') expect(answer.status).toBe(413);
      }
    });

    it("the other API's token, a garbage token and a huge token are 401", async () => {
      if (route.auth === 'none') return;
      for (const headers of [
        otherToken(route),
        { 'Access-Token': '\u0000'.repeat(10) },
        { 'Access-Token': 'f'.repeat(100_000) },
      ]) {
        const answer = await call(route.method, pathFor(route, '1'), {
          headers,
          body: withBody(route) ? {} : undefined,
        });
        expectClean(route, answer, 'token');
        expect(answer.status).toBe(401);
      }
    });
  },
);

describe('a deep extra field beside a valid body, with and without an Idempotency-Key, on every write route', () => {
  /** `{"a":{"a":…1…}}` `depth` levels deep, as raw JSON text (built without recursion). */
  const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  let booker: Entity;
  let slots: number[] = [];
  beforeAll(async () => {
    const { ALWAYS_OPEN, futureWorkingDate } =
      require('../support/fixtures') as typeof import('../support/fixtures');
    booker = await newEntity({ hours: ALWAYS_OPEN });
    const generated = await call('POST', '/api/v2/calendar-slots/generate', {
      headers: booker.v2,
      body: { date: futureWorkingDate(21), max_appointments: 50 },
    });
    slots = generated.json.data.map((s: { id: number }) => s.id);
  });
  const validBody = (route: RouteDef): Record<string, unknown> => {
    if (route.path === '/api/v2/appointments')
      return { client_name: 'Deep Diver', client_phone: '0612345678', slot_id: slots[0] };
    if (route.path === '/api/appointment')
      return {
        calendar_id: 1,
        slot_id: slots[1],
        client_firstname: 'Deep',
        client_lastname: 'Diver',
        client_email: 'deep@acme.fr',
        client_phone: '0612345678',
      };
    return {};
  };
  const writes = ROUTES.filter((r) => r.method !== 'GET' && r.auth !== 'none');

  it.each(writes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const headers = route.auth === 'v1' ? booker.v1 : booker.v2;
    const fields = JSON.stringify(validBody(route)).slice(1, -1);
    const raw = `{${fields}${fields ? ',' : ''}"extra":${deep(5_000)}}`;
    const books = route.path === '/api/v2/appointments' || route.path === '/api/appointment';
    for (const key of [undefined, `deep-${route.method}-${route.path.replace(/\W/g, '')}`]) {
      const withKey = key ? { ...headers, 'Idempotency-Key': key } : headers;
      const first = await call(route.method, pathFor(route, '1'), { headers: withKey, body: raw });
      expectClean(route, first, key ? 'deep extra field, with key' : 'deep extra field');
      if (books) expect(first.status).toBeLessThan(300);
      if (books && key) {
        const retry = await call(route.method, pathFor(route, '1'), { headers: withKey, body: raw });
        expect(retry.status).toBe(first.status);
        expect(retry.text).toBe(first.text);
      }
    }
  });
});
