import { type Caller, startHttp, viaHandler } from '../../support/api';
import { newEntity } from '../../support/fixtures';

/**
 * Every answer carries X-Request-Id and Server-Timing (docs/CONTRACT.md#requests), the
 * routes outside the middy stack too: the staff feed (found or not), the pages, the widget's script, the
 * preflight, and a path no route serves. Through the local server, as `npm start` answers them.
 */
let http: { call: Caller; baseUrl: string; close: () => Promise<void> };
beforeAll(async () => {
  http = await startHttp();
});
afterAll(async () => {
  await http.close();
});

const SERVER_TIMING = /^store;dur=\d+\.\d, total;dur=\d+\.\d$/;
const stamped = (answer: { headers: Record<string, string> }) => {
  expect(answer.headers['x-request-id']).toMatch(/\S/);
  expect(answer.headers['server-timing']).toMatch(SERVER_TIMING);
};

describe('X-Request-Id and Server-Timing on every answer', () => {
  it('GET /feeds/{file}: the calendar, and an unknown address', async () => {
    const entity = await newEntity();
    const created = await viaHandler('POST', '/api/v2/calendar-feed', { headers: entity.v2 });
    expect(created.status).toBe(200);
    const feed = await http.call('GET', new URL(created.json.data.url as string).pathname);
    expect(feed.status).toBe(200);
    stamped(feed);
    const unknown = await http.call('GET', `/feeds/${'A'.repeat(43)}.ics`);
    expect(unknown.status).toBe(404);
    stamped(unknown);
  });

  it('the pages, the widget, a preflight and a path no route serves', async () => {
    for (const [method, path, headers] of [
      ['GET', '/manage', {}],
      ['GET', '/book/pk_unknown', {}],
      ['GET', '/embed.js', {}],
      [
        'OPTIONS',
        '/api/v2/calendar-slots',
        { Origin: 'https://shop.example.com', 'Access-Control-Request-Method': 'GET' },
      ],
      ['GET', '/api/v2/no-such-route', {}],
      ['GET', '/no-such-page', {}],
    ] as const) {
      // Pages are outside both APIs' document: read straight from the server.
      const answer = await fetch(`${http.baseUrl}${path}`, { method, headers: { ...headers } });
      expect({ path, status: answer.status < 500 }).toEqual({ path, status: true });
      stamped({ headers: Object.fromEntries(answer.headers) });
    }
  });
});
