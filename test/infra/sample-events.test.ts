import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { EVENTS_DIR, eventText, sampleEvents } from '../../scripts/generate-events';
import { parseLocalEnv } from '../../shared/local/runtime';
import { TOKEN_PLACEHOLDER } from '../../shared/local/server/sample-events';
import { ROUTES } from '../../shared/routes';
import { services } from '../../shared/wiring';

/** Every route has its sample event under events/, current, and each runs through its handler locally. */
const ROOT = join(__dirname, '..', '..');
const context = () =>
  ({ awsRequestId: 'sample', getRemainingTimeInMillis: () => 10_000 }) as unknown as Context;
const samples = sampleEvents();
type Handler = (e: APIGatewayProxyEventV2, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** The demo entity as `npm start` makes it, from the same defaults (account `demo`, its demo secret). */
let demo: { v1: string; v2: string };
beforeAll(async () => {
  const local = parseLocalEnv({});
  const { credentials } = await services().admin.ensureEntity({
    accountId: local.DEMO_ACCOUNT_ID,
    secret: local.DEMO_SECRET_KEY,
    name: 'Demo entity',
  });
  demo = { v1: credentials.v1_token, v2: credentials.v2_token };
});

it('has one sample event per route of the route table, plus the not-found one, and no stale file', () => {
  expect(samples.filter((s) => s.route)).toHaveLength(ROUTES.length);
  const files = readdirSync(EVENTS_DIR).filter((file) => file.endsWith('.json'));
  expect(files.sort()).toEqual(samples.map((s) => s.file).sort());
});

describe.each(samples.map((s) => [s.route ? `${s.route.method} ${s.route.path}` : '$default', s] as const))(
  '%s',
  (_name, sample) => {
    const file = join(EVENTS_DIR, sample.file);

    it('has a current sample event (npm run events)', () => {
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(eventText(sample.event));
    });

    it('runs through its handler: a real answer, never a 5xx', async () => {
      const event = JSON.parse(readFileSync(file, 'utf8')) as APIGatewayProxyEventV2;
      const module = require(join(ROOT, sample.entry)) as { handler: Handler };
      const result = await module.handler(event, context());
      expect(typeof result.statusCode).toBe('number');
      expect(result.statusCode).toBeLessThan(500);
      // Public routes answer; the others refuse the placeholder token in their own envelope.
      const expected = !sample.route ? 404 : sample.route.auth === 'none' ? 200 : 401;
      expect(result.statusCode).toBe(expected);
      expect(JSON.parse(result.body ?? '{}').success).toBe(expected === 200);
    });

    const { route } = sample;
    const auth = route?.auth;
    if (route && auth && auth !== 'none') {
      it("with the demo entity's token in place of the placeholder, gets past the token check", async () => {
        const event = JSON.parse(readFileSync(file, 'utf8')) as APIGatewayProxyEventV2;
        expect(event.headers['access-token']).toBe(TOKEN_PLACEHOLDER);
        event.headers['access-token'] = demo[auth];
        const { handler } = require(join(ROOT, sample.entry)) as { handler: Handler };
        const result = await handler(event, context());
        // The handler itself answered: data (200), or its own verdict on the sample's ids and body
        // (400, 404, 409), never the token check's 401 or a scope's 403, never a 5xx.
        expect([200, 400, 404, 409]).toContain(result.statusCode);
        const body = JSON.parse(result.body ?? '{}');
        expect(body.success).toBe(result.statusCode === 200);
        if (auth === 'v1') {
          expect(body.http_code).toBe(result.statusCode);
          expect(body.error_code).not.toMatch(/^AUTH_|^FORBIDDEN$/);
        } else {
          expect(Object.keys(body).sort()).toEqual(
            result.statusCode === 200
              ? ['data', 'message', 'success']
              : ['code', 'data', 'message', 'success'],
          );
          expect(body.message).not.toMatch(/token/i);
        }
      });
    }
  },
);
