import { viaHandler } from '../support/api';
import { mobile, newEntity } from '../support/fixtures';

/**
 * docs/CONTRACT.md#requests (issue 58, point 6): C1 controls, the line and paragraph separators and the
 * bidirectional embeddings, overrides and isolates are refused where C0 controls are: 400 naming the field,
 * and nothing is written.
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;
const UNSAFE: Array<[string, string]> = [
  ['NEL (C1)', '\u0085'],
  ['CSI (C1)', '\u009b'],
  ['LINE SEPARATOR', '\u2028'],
  ['PARAGRAPH SEPARATOR', '\u2029'],
  ['RIGHT-TO-LEFT OVERRIDE', '\u202e'],
  ['FIRST STRONG ISOLATE', '\u2068'],
];
const CONTROL = /must not contain control characters or lone surrogates$/;

/** Each route and field that stores text, with a body that is valid but for the field. */
const ROUTES: Array<{
  what: string;
  field: string;
  call: (entity: Entity, bad: string) => [string, string, Record<string, unknown>, 'v1' | 'v2'];
  message?: RegExp;
}> = [
  {
    what: 'a v2 booking’s client name',
    field: 'client_name',
    call: (_, bad) => [
      'POST',
      '/api/v2/appointments',
      { slot_id: 1, client_name: `Jeanne${bad}Durand`, client_phone: mobile(1) },
      'v2',
    ],
  },
  {
    what: 'a v2 booking’s e-mail',
    field: 'client_email',
    call: (_, bad) => [
      'POST',
      '/api/v2/appointments',
      { slot_id: 1, client_name: 'Jeanne', client_phone: mobile(1), client_email: `j${bad}@example.com` },
      'v2',
    ],
  },
  {
    what: 'a v1 booking’s first name',
    field: 'client_firstname',
    call: (_, bad) => [
      'POST',
      '/api/appointment',
      {
        calendar_id: 1,
        slot_id: 1,
        client_firstname: `Jea${bad}nne`,
        client_lastname: 'Durand',
        client_email: 'j@example.com',
        client_phone: mobile(1),
      },
      'v1',
    ],
  },
  {
    what: 'the business name',
    field: 'name',
    call: (_, bad) => ['POST', '/api/v2/settings', { name: `Salon${bad}` }, 'v2'],
  },
  {
    what: 'the business address',
    field: 'address',
    call: (_, bad) => ['POST', '/api/v2/settings', { address: `12 rue X${bad}75001 Paris` }, 'v2'],
    message: /^address: must be one line without control characters$/,
  },
  {
    what: 'a calendar’s name',
    field: 'name',
    call: (_, bad) => ['POST', '/api/v2/calendars', { name: `Room${bad}` }, 'v2'],
  },
  {
    what: 'a service’s name',
    field: 'name',
    call: (_, bad) => ['POST', '/api/v2/services', { name: `${bad}Cut`, duration: 30 }, 'v2'],
  },
  {
    what: 'a publishable key’s name',
    field: 'name',
    call: (_, bad) => [
      'POST',
      '/api/v2/keys',
      { name: `site${bad}`, allowed_origins: ['https://www.example.fr'] },
      'v2',
    ],
  },
  {
    what: 'a webhook URL',
    field: 'url',
    call: (_, bad) => ['POST', '/api/v2/webhooks', { url: `http://127.0.0.1:9/hook${bad}` }, 'v2'],
  },
];

let entity: Entity;
beforeAll(async () => {
  entity = await newEntity();
});

describe.each(ROUTES)('$what', ({ field, call, message }) => {
  it.each(UNSAFE)('refuses %s: 400 naming the field', async (_, bad) => {
    const [method, url, body, api] = call(entity, bad);
    const answer = await viaHandler(method, url, { headers: entity[api], body });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(message ?? new RegExp(`^${field}: ${CONTROL.source}`));
  });
});

it('nothing refused was written, and the same text without them is taken', async () => {
  const get = (path: string) => viaHandler('GET', `/api/v2${path}`, { headers: entity.v2 });
  expect((await get('/calendars')).json.data).toHaveLength(1);
  expect((await get('/services')).json.data).toEqual([]);
  expect((await get('/keys')).json.data).toEqual([]);
  expect((await get('/webhooks')).json.data).toEqual([]);
  const named = await viaHandler('POST', '/api/v2/calendars', {
    headers: entity.v2,
    body: { name: 'Salle שלום 💇' },
  });
  expect(named.status).toBe(200);
  expect(named.json.data.name).toBe('Salle שלום 💇');
});
