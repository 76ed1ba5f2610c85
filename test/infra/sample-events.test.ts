import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { EVENTS_DIR, eventText, sampleEvents } from '../../scripts/generate-events';
import { ROUTES } from '../../shared/routes';

/** Every route has its sample event under events/, current, and each runs through its handler locally. */
const ROOT = join(__dirname, '..', '..');
const context = () =>
  ({ awsRequestId: 'sample', getRemainingTimeInMillis: () => 10_000 }) as unknown as Context;
const samples = sampleEvents();

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
      const module = require(join(ROOT, sample.entry)) as {
        handler: (e: APIGatewayProxyEventV2, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;
      };
      const result = await module.handler(event, context());
      expect(typeof result.statusCode).toBe('number');
      expect(result.statusCode).toBeLessThan(500);
      // Public routes answer; the others refuse the placeholder token in their own envelope.
      const expected = !sample.route ? 404 : sample.route.auth === 'none' ? 200 : 401;
      expect(result.statusCode).toBe(expected);
      expect(JSON.parse(result.body ?? '{}').success).toBe(expected === 200);
    });
  },
);
