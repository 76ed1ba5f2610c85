import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isValidIsoDate } from '../../../../shared/core/dates';
import { hasUnsafeText } from '../../../../shared/core/safe-text';
import { isExactOrigin } from '../../../../shared/features/access/domain/publishable-keys';

/**
 * The request rules the server enforces are stated in docs/openapi.json (docs/CONTRACT.md#what-the-document-states),
 * so that a client generated from it never sends what the server refuses: each rule is looked for in the
 * committed document, and its patterns agree with the server's own checks.
 */
// biome-ignore lint/suspicious/noExplicitAny: the document is arbitrary JSON
type Json = Record<string, any>;
const doc: Json = JSON.parse(readFileSync(join(__dirname, '../../../../docs/openapi.json'), 'utf8'));
const body = (path: string, method = 'post'): Json =>
  doc.paths[path][method].requestBody.content['application/json'].schema;
const param = (path: string, name: string): Json =>
  doc.paths[path].get.parameters.find((p: Json) => p.name === name);

/** Every string schema of every request (bodies, their nested items, query and path parameters). */
function requestStrings(): Array<{ where: string; schema: Json }> {
  const found: Array<{ where: string; schema: Json }> = [];
  const walk = (schema: Json | undefined, where: string) => {
    if (!schema || typeof schema !== 'object') return;
    const types = [schema.type].flat();
    if (types.includes('string')) found.push({ where, schema });
    for (const [name, child] of Object.entries(schema.properties ?? {}))
      walk(child as Json, `${where}.${name}`);
    if (schema.items) walk(schema.items, `${where}[]`);
  };
  for (const [path, operations] of Object.entries(doc.paths as Json)) {
    for (const [method, operation] of Object.entries(operations as Json)) {
      const where = `${method.toUpperCase()} ${path}`;
      walk(operation.requestBody?.content?.['application/json']?.schema, where);
      for (const p of operation.parameters ?? []) if (!p.$ref) walk(p.schema, `${where} ${p.name}`);
    }
  }
  return found;
}

describe('docs/openapi.json states the request rules', () => {
  const strings = requestStrings();

  it('dates: format date, years 1900 to 2200 in the pattern and the bounds', () => {
    const dates = strings.filter((s) => s.schema.format === 'date');
    expect(dates.length).toBeGreaterThan(20);
    for (const { where, schema } of dates) {
      expect({ where, ...schema }).toMatchObject({
        where,
        'x-formatMinimum': '1900-01-01',
        'x-formatMaximum': '2200-12-31',
      });
      const pattern = new RegExp(schema.pattern, 'u');
      for (const date of ['1899-12-31', '1900-01-01', '2026-02-28', '2200-12-31', '2201-01-01', '0001-01-01'])
        expect({ where, date, allowed: pattern.test(date) }).toEqual({
          where,
          date,
          allowed: isValidIsoDate(date),
        });
    }
  });

  it('text: every trimmed text field refuses what hasUnsafeText refuses, and blank text', () => {
    const texts = strings.filter(
      (s) => /^trimmed; no control/.test(s.schema.description ?? '') || s.where.endsWith('settings.address'),
    );
    expect(texts.length).toBeGreaterThan(20);
    // Every code unit outside the surrogates: the pattern and the server agree on each.
    const units = Array.from({ length: 0x10000 }, (_, c) => c).filter((c) => c < 0xd800 || c > 0xdfff);
    const patterns = new Set(texts.map((t) => t.schema.pattern));
    for (const { where, schema } of texts)
      expect({ where, pattern: typeof schema.pattern }).toEqual({ where, pattern: 'string' });
    for (const source of patterns) {
      const pattern = new RegExp(source, 'u');
      const disagree = units.filter((c) => {
        const text = `a${String.fromCharCode(c)}b`;
        return pattern.test(text) === hasUnsafeText(text);
      });
      expect(disagree.map((c) => c.toString(16))).toEqual([]);
      // A text() field is not blank once trimmed (a clearable one may be).
      if (source.includes('[^\\s')) expect([' ', '  '].some((blank) => pattern.test(blank))).toBe(false);
    }
  });

  it('origins: exact origins only, no path and no wildcard', () => {
    const origin = new RegExp(body('/api/v2/keys').properties.allowed_origins.items.pattern, 'u');
    for (const value of ['https://www.example.fr', 'http://localhost:5173', 'https://[::1]:8443'])
      expect({ value, allowed: origin.test(value) }).toEqual({ value, allowed: isExactOrigin(value) });
    for (const value of [
      'https://*.example.com',
      'https://example.com/',
      'https://example.com/shop',
      'HTTPS://EXAMPLE.COM',
      'ftp://example.com',
      '*',
    ])
      expect({ value, allowed: origin.test(value), server: isExactOrigin(value) }).toEqual({
        value,
        allowed: false,
        server: false,
      });
  });

  it('URLs: webhooks on https, port 443, no credentials; cancel_url on https with {cancel_token}', () => {
    const url = body('/api/v2/webhooks').properties.url;
    expect(url.format).toBe('uri');
    const webhook = new RegExp(url.pattern, 'u');
    expect(
      ['https://hooks.example.com/in', 'https://hooks.example.com:443/in?x=1'].every((u) => webhook.test(u)),
    ).toBe(true);
    expect(
      [
        'http://hooks.example.com/',
        'https://u:p@hooks.example.com/',
        'https://hooks.example.com:8443/',
        'ftp://x',
      ].some((u) => webhook.test(u)),
    ).toBe(false);
    const cancel = new RegExp(body('/api/v2/settings').properties.cancel_url.pattern, 'u');
    expect(cancel.test('https://shop.example.com/cancel?t={cancel_token}')).toBe(true);
    expect(cancel.test('')).toBe(true);
    expect(
      [
        'https://shop.example.com/cancel',
        'http://shop.example.com/{cancel_token}',
        'https://a b/{cancel_token}',
      ].some((u) => cancel.test(u)),
    ).toBe(false);
  });

  it('phones: described and held to digits, spaces, dots, dashes and brackets', () => {
    for (const phone of [
      body('/api/v2/appointments').properties.client_phone,
      body('/api/appointment').properties.client_phone,
    ]) {
      expect(phone.description).toMatch(/E\.164/);
      const pattern = new RegExp(phone.pattern, 'u');
      expect(['+33612345678', '06 12 34 56 78', '(020) 7946-0018'].every((p) => pattern.test(p))).toBe(true);
      expect(['call me', '', '+'].some((p) => pattern.test(p))).toBe(false);
    }
  });

  it('event ids: the events feed takes an event id as after', () => {
    const after = new RegExp(param('/api/v2/events', 'after').schema.pattern, 'u');
    expect(after.test('evt_00017954241000000000042')).toBe(true);
    expect(after.test('42')).toBe(false);
  });

  it('settings need at least one field', () => {
    const settings = body('/api/v2/settings');
    expect(settings.minProperties).toBe(1);
    const groups = settings.allOf[0].anyOf.map((g: Json) => g.required);
    expect(groups.flat().sort()).toEqual(Object.keys(settings.properties).sort());
  });

  it('conditional fields: reschedule, v1 PUT, a service booking, an open day', () => {
    expect(body('/api/v2/appointments/reschedule').allOf[0].anyOf).toEqual([
      { required: ['slot_id'] },
      { required: ['date', 'start_time'] },
    ]);
    expect(body('/api/appointment/{id}', 'put').allOf[0].anyOf).toEqual([
      { required: ['slot_id'] },
      { required: ['status'] },
    ]);
    const booking = body('/api/v2/appointments');
    expect(booking.if.required).toEqual(['service_id']);
    expect(booking.then.required).toEqual(['date', 'start_time']);
    expect(booking.else.required).toEqual(['slot_id']);
    const hours = body('/api/v2/opening-hours/update');
    expect(hours.if).toEqual({ properties: { is_open: { const: 1 } }, required: ['is_open'] });
    expect(hours.then.required).toEqual(['start_time1']);
  });

  it('v1 debug, X-Debug and format: true or false, and one of the formats', () => {
    const { Debug, XDebug, Format } = doc.components.parameters;
    expect(Debug.schema.enum).toEqual(['true', 'false']);
    expect(XDebug.schema.enum).toEqual(['true', 'false']);
    expect(Format.schema.enum).toEqual(['json', 'xml', 'csv']);
  });

  it('the staff feed documents X-Request-Id and Server-Timing', () => {
    for (const answer of Object.values(doc.paths['/feeds/{file}'].get.responses as Json))
      expect(Object.keys(answer.headers)).toEqual(expect.arrayContaining(['X-Request-Id', 'Server-Timing']));
  });
});
