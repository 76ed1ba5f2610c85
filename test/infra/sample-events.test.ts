import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { sampleEvent, sampleEventFile } from '../../shared/local/sample-events';
import { ROUTES } from '../../shared/routes';

/** Every route has its sample event under events/, current, and each runs through its handler locally. */
const ROOT = join(__dirname, '..', '..');
const context = () =>
  ({ awsRequestId: 'sample', getRemainingTimeInMillis: () => 10_000 }) as unknown as Context;

describe.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
  const file = join(ROOT, 'events', sampleEventFile(route));

  it('has a current sample event (npm run events)', () => {
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(JSON.stringify(sampleEvent(route))));
  });

  it('runs through its handler: a real answer, never a 5xx', async () => {
    const event = JSON.parse(readFileSync(file, 'utf8')) as APIGatewayProxyEventV2;
    const module = require(join(ROOT, route.entry)) as {
      handler: (e: APIGatewayProxyEventV2, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;
    };
    const result = await module.handler(event, context());
    expect(result.statusCode).toBeLessThan(500);
    // Public routes answer; the others refuse the placeholder token in their own envelope.
    expect(result.statusCode).toBe(route.auth === 'none' ? 200 : 401);
    expect(JSON.parse(result.body ?? '{}').success).toBe(route.auth === 'none');
  });
});
