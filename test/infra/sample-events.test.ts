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

/**
 * A person's own routes (docs/CONTRACT.md#staff-and-sessions): a session's, never a token's, which they
 * refuse with 403 — the token check passed, the credential is the wrong kind.
 */
const PERSONAL = new Set([
  'GET /api/v2/me',
  'POST /api/v2/sessions/delete',
  'POST /api/v2/passkeys/options',
  'POST /api/v2/passkeys',
  'GET /api/v2/passkeys',
]);
/**
 * The public sign-in routes and what they answer their sample: a link asked for is 202 whoever asks; a
 * sample's made-up link token, passkey answer or account is refused as such (400).
 */
const SIGN_IN: Record<string, number> = {
  'POST /api/v2/sessions': 202,
  'POST /api/v2/sessions/verify': 400,
  'POST /api/v2/sessions/passkey/options': 400,
  'POST /api/v2/sessions/passkey': 400,
};
const nameOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

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
      const expected = !sample.route
        ? 404
        : sample.route.auth === 'none'
          ? (SIGN_IN[nameOf(sample.route)] ?? 200)
          : 401;
      expect(result.statusCode).toBe(expected);
      expect(JSON.parse(result.body ?? '{}').success).toBe(expected < 300);
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
        if (PERSONAL.has(nameOf(route))) {
          expect(result.statusCode).toBe(403);
          return;
        }
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
