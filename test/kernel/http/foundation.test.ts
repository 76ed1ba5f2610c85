import { v1Token, v2Token } from '../../../shared/features/access/domain/tokens';
import { newEntity } from '../../support/fixtures';
import { forEachMode } from '../../support/modes';

type Entity = Awaited<ReturnType<typeof newEntity>>;
let entity: Entity;
beforeAll(async () => {
  entity = await newEntity();
});

const v2Error = (json: unknown, code: unknown) =>
  expect(json).toEqual({ success: false, data: [], message: expect.any(String), code });

forEachMode('service information and health', (call) => {
  it('GET /api/ answers without a token, in the v1 envelope', async () => {
    const answer = await call()('GET', '/api/');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      success: true,
      error_code: 'SUCCESS',
      http_code: 200,
      api_version: '1.0',
      format: 'json',
      meta: {},
      data: {
        version: '1.0',
        debug_mode: true,
        supported_formats: ['json', 'xml', 'csv'],
        endpoints: { calendars: '/api/calendars', slots: '/api/slots', clients: '/api/clients' },
      },
    });
    expect(answer.json.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(answer.headers['x-request-id']).toBeTruthy();
    expect(answer.headers['server-timing']).toMatch(/store;dur=[\d.]+, total;dur=[\d.]+/);
  });

  it('GET /api/health reports the store connected', async () => {
    const answer = await call()('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual({
      status: 'ok',
      timestamp: expect.any(Number),
      version: '1.0',
      debug_mode: true,
      database: 'connected',
    });
    expect(Math.abs(answer.json.data.timestamp - Date.now() / 1000)).toBeLessThan(60);
  });
});

forEachMode('v2 opening hours', (call) => {
  const get = (url: string) => call()('GET', url, { headers: entity.v2 });

  it('lists seven weekday records, mon to sun, with null times on closed days', async () => {
    const answer = await get('/api/v2/opening-hours');
    expect(answer.status).toBe(200);
    expect(answer.json.success).toBe(true);
    expect(answer.json.data.map((d: { day_of_week: string }) => d.day_of_week)).toEqual([
      'mon',
      'tue',
      'wed',
      'thu',
      'fri',
      'sat',
      'sun',
    ]);
    expect(answer.json.data[0]).toEqual({
      day_of_week: 'mon',
      start_time1: '09:00:00',
      end_time1: '12:00:00',
      start_time2: '14:00:00',
      end_time2: '18:00:00',
      is_open: 1,
    });
    expect(answer.json.data[6]).toEqual({
      day_of_week: 'sun',
      start_time1: null,
      end_time1: null,
      start_time2: null,
      end_time2: null,
      is_open: 0,
    });
  });

  it.each([
    ['an open Monday', '2026-11-23', { is_open: true, is_holiday: false, holiday: null }],
    ['a Saturday', '2026-11-28', { is_open: false, is_holiday: false, holiday: null, opening_hours: null }],
    ['Christmas (a Friday)', '2026-12-25', { is_open: false, is_holiday: true, opening_hours: null }],
    ['Easter Monday 2027', '2027-03-29', { is_open: false, is_holiday: true, opening_hours: null }],
  ])('check-date on %s', async (_name, date, expected) => {
    const answer = await get(`/api/v2/opening-hours/check-date?date=${date}`);
    expect(answer.status).toBe(200);
    expect(answer.json.success).toBe(true);
    expect(Object.keys(answer.json.data).sort()).toEqual([
      'holiday',
      'is_holiday',
      'is_open',
      'opening_hours',
    ]);
    expect(answer.json.data).toMatchObject(expected);
    if (expected.is_holiday) expect(answer.json.data.holiday).toEqual({ name: expect.any(String), date });
    if (expected.is_open) {
      expect(answer.json.data.opening_hours).toEqual({
        start_time1: '09:00:00',
        end_time1: '12:00:00',
        start_time2: '14:00:00',
        end_time2: '18:00:00',
      });
    }
  });

  it('gives the periods of an open date', async () => {
    const answer = await get('/api/v2/opening-hours/date?date=2026-11-24');
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual({
      start_time1: '09:00:00',
      end_time1: '12:00:00',
      start_time2: '14:00:00',
      end_time2: '18:00:00',
    });
  });

  it.each([
    ['a Sunday', '2026-11-29'],
    ['New Year', '2027-01-01'],
  ])('answers 404 the day is closed on %s', async (_n, date) => {
    const answer = await get(`/api/v2/opening-hours/date?date=${date}`);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({
      success: false,
      data: [],
      message: 'the day is closed',
      code: 'RESOURCE_NOT_FOUND',
    });
  });

  it.each([
    '',
    '2026-13-01',
    '2026-02-30',
    '26-01-01',
    '2026/01/01',
    'today',
    '2026-1-1',
    "2026-01-01' OR 1=1",
  ])('refuses the date %j with 400 invalid date', async (date) => {
    for (const path of ['check-date', 'date']) {
      const answer = await get(`/api/v2/opening-hours/${path}?date=${encodeURIComponent(date)}`);
      expect(answer.status).toBe(400);
      v2Error(answer.json, 'INVALID_DATE_FORMAT');
      expect(answer.json.message).toBe('invalid date, expected YYYY-MM-DD');
    }
  });

  it('answers a missing date on the opening-hours routes as a bad one: 400 invalid date', async () => {
    for (const path of ['check-date', 'date']) {
      const answer = await get(`/api/v2/opening-hours/${path}`);
      expect(answer.status).toBe(400);
      v2Error(answer.json, 'INVALID_DATE_FORMAT');
      expect(answer.json.message).toBe('invalid date, expected YYYY-MM-DD');
    }
  });
});

forEachMode('v2 validation', (call) => {
  const post = (path: string, body: unknown) =>
    call()('POST', `/api/v2/validation/${path}`, { headers: entity.v2, body });

  it.each([
    [
      { phone_number: '06 12 34 56 78' },
      { valid: true, formatted: '06 12 34 56 78', e164: '+33612345678', is_mobile: true },
    ],
    [
      { phone_number: '+33 1 23 45 67 89' },
      { valid: true, formatted: '01 23 45 67 89', e164: '+33123456789', is_mobile: false },
    ],
    [
      { phone_number: '0712345678', validation_type: 'mobiles' },
      { valid: true, e164: '+33712345678', is_mobile: true },
    ],
  ])('accepts %j', async (body, expected) => {
    const answer = await post('phone', body);
    expect(answer.status).toBe(200);
    expect(answer.json.success).toBe(true);
    expect(answer.json.data).toMatchObject(expected);
  });

  it.each([
    [{ phone_number: '12345' }, /./],
    [{ phone_number: '0123456789', validation_type: 'mobiles' }, /06.*07|07.*06/],
  ])('rejects %j with 200 and a verdict', async (body, message) => {
    const answer = await post('phone', body);
    expect(answer.status).toBe(200);
    expect(answer.json.success).toBe(false);
    expect(answer.json.data).toEqual({ valid: false, message: expect.stringMatching(message) });
  });

  it.each([
    [{ email: 'jane.doe@acme.fr' }, true],
    [{ email: 'jane.doe@gmail.com' }, true],
    [{ email: 'jane.doe@gmail.com', validation_type: 'nofreeemail' }, false],
    [{ email: 'jane@orange.fr', validation_type: 'nofreeemail' }, false],
    [{ email: 'jane@acme.fr', validation_type: 'nofreeemail' }, true],
    [{ email: 'not-an-email' }, false],
  ])('e-mail %j valid=%s', async (body, valid) => {
    const answer = await post('email', body);
    expect(answer.status).toBe(200);
    expect(answer.json.success).toBe(valid);
    expect(answer.json.data.valid).toBe(valid);
    if (!valid) expect(answer.json.data.message).toEqual(expect.any(String));
  });

  it.each([
    ['phone', {}, 'phone_number: is required', 'MISSING_REQUIRED_FIELD'],
    ['phone', { phone_number: 612345678 }, 'phone_number: must be a string', 'INVALID_PARAMETER'],
    [
      'phone',
      { phone_number: '0612345678', validation_type: 'fixed' },
      'validation_type: must be one of all, mobiles',
      'INVALID_PARAMETER',
    ],
    ['email', { email: ['a@b.fr'] }, 'email: must be a string', 'INVALID_PARAMETER'],
    [
      'email',
      { email: 'a@b.fr', validation_type: 'x' },
      'validation_type: must be one of all, nofreeemail',
      'INVALID_PARAMETER',
    ],
    ['email', [], 'body: must be a JSON object', 'INVALID_PARAMETER'],
  ])('POST %s %j is 400 with a message naming the field', async (path, body, message, code) => {
    const answer = await post(path, body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ success: false, data: [], message, code });
  });

  it.each(['{"phone_number":', '{phone_number: "06"}', 'null x'])('malformed JSON %j is 400', async (raw) => {
    const answer = await post('phone', raw);
    expect(answer.status).toBe(400);
    v2Error(answer.json, 'INVALID_JSON');
  });

  it('a body over 64 KB is 413 in the envelope', async () => {
    const answer = await post('email', { email: 'a@b.fr', padding: 'x'.repeat(70_000) });
    expect(answer.status).toBe(413);
    v2Error(answer.json, 'PAYLOAD_TOO_LARGE');
  });
});

forEachMode('tokens', (call) => {
  const url = '/api/v2/opening-hours';

  it('no token: 401 access token required', async () => {
    const answer = await call()('GET', url);
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({
      success: false,
      data: [],
      message: 'access token required',
      code: 'AUTH_REQUIRED',
    });
  });

  it.each([
    ['a wrong token', () => ({ 'Access-Token': 'f'.repeat(40) })],
    ['garbage', () => ({ 'Access-Token': 'not a token' })],
    ['the v1 token on v2', () => entity.v1],
    [
      'a token of another secret',
      () => ({ 'Access-Token': v2Token(entity.entity_account_id, 'other-secret') }),
    ],
  ])('%s: 401 invalid access token', async (_name, headers) => {
    const answer = await call()('GET', url, { headers: headers() });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({
      success: false,
      data: [],
      message: 'invalid access token',
      code: 'AUTH_INVALID',
    });
  });

  it('accepts the token in access_token, and the header wins over it', async () => {
    const viaQuery = await call()('GET', `${url}?access_token=${entity.v2_token}`);
    expect(viaQuery.status).toBe(200);
    const headerWins = await call()('GET', `${url}?access_token=${entity.v2_token}`, {
      headers: { 'Access-Token': 'f'.repeat(40) },
    });
    expect(headerWins.status).toBe(401);
  });

  it('accepts an upper-case token header name and value', async () => {
    const answer = await call()('GET', url, { headers: { 'ACCESS-TOKEN': entity.v2_token.toUpperCase() } });
    expect(answer.status).toBe(200);
  });

  it('v1 tokens are the HMAC of the account id; the v2 token is refused on v1 routes', async () => {
    expect(entity.v1_token).toBe(v1Token(entity.entity_account_id, entity.entity_secret_key));
    expect(entity.v1_token).toMatch(/^[0-9a-f]{64}$/);
    expect(entity.v2_token).toMatch(/^[0-9a-f]{40}$/);
  });
});

forEachMode('unknown endpoints', (call) => {
  it.each([
    ['GET', '/api/v2/nothing-here', 'v2'],
    ['DELETE', '/api/v2/opening-hours', 'v2'],
    ['POST', '/api/v2/opening-hours', 'v2'],
    ['GET', '/api/nothing-here', 'v1'],
    ['GET', '/elsewhere', 'v1'],
  ])('%s %s is 404 in the %s envelope', async (method, path, api) => {
    const answer = await call()(method, path, { headers: entity.v2 });
    expect(answer.status).toBe(404);
    if (api === 'v2')
      expect(answer.json).toEqual({
        success: false,
        data: [],
        message: 'endpoint not found',
        code: 'ENDPOINT_NOT_FOUND',
      });
    else
      expect(answer.json).toMatchObject({
        success: false,
        data: null,
        error_code: 'ENDPOINT_NOT_FOUND',
        http_code: 404,
        api_version: '1.0',
        meta: {},
      });
  });

  it('a trailing slash does not change a path', async () => {
    const answer = await call()('GET', '/api/v2/opening-hours/', { headers: entity.v2 });
    expect(answer.status).toBe(200);
  });
});
