import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeDoc } from '../../../../shared/openapi';
import { ROUTES } from '../../../../shared/routes';
import { contractProblems } from '../../../support/contract';

// biome-ignore lint/suspicious/noExplicitAny: the document is arbitrary JSON
type Json = Record<string, any>;
const document = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'openapi.json'), 'utf8'),
) as Json;
const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-request-id': 'r',
  'server-timing': 't',
};
const json = (status: number, body: unknown, headers: Record<string, string> = HEADERS) => ({
  status,
  headers,
  text: JSON.stringify(body),
});

describe('route docs', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s has a summary, a description, a tag and an example',
    (_key, route) => {
      const doc = routeDoc(route);
      expect(doc.summary.length).toBeGreaterThan(3);
      expect(doc.description.length).toBeGreaterThan(10);
      expect(document.tags.map((t: { name: string }) => t.name)).toContain(doc.tag);
      expect(doc.example).toBeDefined();
    },
  );

  it('refuses a route the docs tables do not know', () => {
    expect(() =>
      routeDoc({ method: 'GET', path: '/api/v2/not-a-route', entry: 'x.ts', auth: 'v2', access: 'read' }),
    ).toThrow('GET /api/v2/not-a-route has no entry in shared/openapi/operations-v2.ts');
  });
});

describe('the response validator', () => {
  const operations = Object.entries(document.paths as Json).flatMap(([path, methods]) =>
    Object.entries(methods as Json).map(([method, op]) => ({
      path,
      method: method.toUpperCase(),
      op: op as Json,
    })),
  );
  const concrete = (path: string) => path.replace(/\{\w+\}/g, '7');

  const retries = (path: string, status: string) =>
    status === '429' || (status === '503' && path !== '/api/health');
  it('accepts every example of the document', () => {
    const problems = operations.flatMap(({ path, method, op }) =>
      Object.entries(op.responses as Json).flatMap(([status, response]) => {
        const shared = (response as Json).$ref?.split('/').pop();
        const resolved = (shared ? document.components.responses[shared] : response) as Json;
        const example = resolved.content?.['application/json']?.example;
        return example === undefined
          ? []
          : contractProblems(
              method,
              concrete(path),
              // A 429 and a 503 say when to retry (not health's own 503); every other answer carries the
              // common headers only.
              json(
                Number(status),
                example,
                retries(path, status) ? { ...HEADERS, 'retry-after': '12' } : HEADERS,
              ),
            );
      }),
    );
    expect(problems).toEqual([]);
  });

  const slots = (document.paths['/api/v2/calendar-slots'].get.responses[200] as Json).content[
    'application/json'
  ].example as Json;
  const calendars = (document.paths['/api/calendars'].get.responses[200] as Json).content['application/json']
    .example as Json;

  it.each([
    [
      'a field the record does not declare',
      'GET',
      '/api/v2/calendar-slots?date=2026-12-01',
      json(200, {
        ...slots,
        data: [{ ...slots.data[0], secret: 'x' }],
      }),
    ],
    [
      'a field missing from a record',
      'GET',
      '/api/calendars',
      json(200, {
        ...calendars,
        data: [{ ...calendars.data[0], widgetID: undefined }],
      }),
    ],
    [
      'a field of the wrong type',
      'GET',
      '/api/calendars',
      json(200, { ...calendars, data: [{ ...calendars.data[0], calendar_id: '1' }] }),
    ],
    ['a status the operation does not list', 'GET', '/api/calendars', json(418, calendars)],
    [
      'a content type the status does not list',
      'GET',
      '/api/v2/calendar-slots?date=2026-12-01',
      json(200, slots, {
        ...HEADERS,
        'content-type': 'text/csv',
      }),
    ],
    [
      'an error code the operation cannot give',
      'GET',
      '/api/calendars',
      json(404, {
        success: false,
        data: null,
        message: 'slot not found',
        error_code: 'SLOT_NOT_FOUND',
        http_code: 404,
        api_version: '1.0',
        timestamp: '2026-11-23T10:15:00+01:00',
        format: 'json',
        meta: {},
      }),
    ],
    [
      'a v2 error whose data is not empty',
      'GET',
      '/api/v2/calendar-slots',
      json(400, {
        success: false,
        data: [1],
        message: 'invalid date, expected YYYY-MM-DD',
        code: 'INVALID_DATE_FORMAT',
      }),
    ],
    [
      'a v2 error without its code',
      'GET',
      '/api/v2/calendar-slots',
      json(400, { success: false, data: [], message: 'invalid date, expected YYYY-MM-DD' }),
    ],
    [
      'a v2 error whose code is not one of the codes',
      'GET',
      '/api/v2/calendar-slots',
      json(400, { success: false, data: [], message: 'invalid date, expected YYYY-MM-DD', code: 'NOPE' }),
    ],
    [
      'an answer without X-Request-Id',
      'GET',
      '/api/calendars',
      json(200, calendars, {
        'content-type': 'application/json',
        'server-timing': 't',
      }),
    ],
    ['an unknown path that is not 404', 'GET', '/api/v2/nowhere', json(200, slots)],
    [
      'a moment with milliseconds (docs/CONTRACT.md#time: to the second)',
      'GET',
      '/api/v2/keys',
      json(200, {
        success: true,
        data: [
          {
            id: 'key_0123456789abcdef',
            name: 'site',
            scope: 'booking',
            allowed_origins: ['https://shop.example'],
            hosted_page: false,
            created_at: '2026-11-29T09:01:42.712Z',
          },
        ],
        message: '1 publishable key',
      }),
    ],
  ])('fails %s', (_what, method, url, answer) => {
    expect(contractProblems(method, url, answer)).not.toEqual([]);
  });

  it('accepts the real shape of the same answers', () => {
    expect(contractProblems('GET', '/api/v2/calendar-slots?date=2026-12-01', json(200, slots))).toEqual([]);
    expect(contractProblems('GET', '/api/calendars', json(200, calendars))).toEqual([]);
    const key = {
      id: 'key_0123456789abcdef',
      name: 'site',
      scope: 'booking',
      allowed_origins: ['https://shop.example'],
      hosted_page: false,
      created_at: '2026-11-29T09:01:42+00:00',
    };
    const keys = { success: true, data: [key], message: '1 publishable key' };
    expect(contractProblems('GET', '/api/v2/keys', json(200, keys))).toEqual([]);
  });
});
