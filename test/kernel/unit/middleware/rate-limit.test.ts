import middy from '@middy/core';
import { AppError, forbidden, RateLimited } from '../../../../shared/core/errors';
import type { LimitedRequest, Policy, PolicyName } from '../../../../shared/features/access/domain/limits';
import type { EntityContext } from '../../../../shared/features/access/domain/tenant';
import { rateLimit, rateLimitAnswerHeaders } from '../../../../shared/http/middleware/rate-limit';
import type { AppContext, Event, Middleware, Result } from '../../../../shared/http/middleware/types';
import type { Admission } from '../../../../shared/http/stack-deps';
import { apiEvent, entityContext, lambdaContext } from '../../../support/doubles/middy';

const policy = (name: PolicyName, quota: number): Policy => ({
  name,
  quota,
  windowSeconds: 60,
  scope: { kind: 'entity' },
});

/** Sets the state the token check and the body parser leave, then the two rate-limit middlewares. */
const chain = (
  admission: Admission,
  options: {
    entity?: EntityContext;
    body?: unknown;
    booking?: 'always' | 'when-moving';
    /** A refusal before the limits count (the token check's 403, the body parser's 400). */
    refusedBefore?: boolean;
    method?: 'GET' | 'POST';
    /** The handler's own failure (a 404), thrown after it ran. */
    handlerFails?: boolean;
  } = {},
) => {
  const seen: LimitedRequest[] = [];
  const ran: string[] = [];
  const state: Middleware = {
    before: (request) => {
      request.context.app = {
        requestId: 'r',
        startedAt: 0,
        format: 'json',
        debug: false,
        ...(options.entity ? { entity: options.entity } : {}),
        // As the token check leaves it for a publishable key.
        ...(options.entity?.credential
          ? { visitor: { keyId: options.entity.credential.keyId, ip: '127.0.0.1' } }
          : {}),
        body: options.body,
      };
    },
  };
  const answerErrors: Middleware = {
    onError: (request) => {
      request.response = { statusCode: (request.error as RateLimited).status ?? 500, headers: {} };
    },
  };
  const handler = middy<Event, Result, Error, AppContext>()
    .use(state)
    .use(rateLimitAnswerHeaders())
    .use(answerErrors)
    .use({
      before: () => {
        if (options.refusedBefore) throw forbidden('this publishable key may not be used from this origin');
      },
    })
    .use(
      rateLimit({
        admit: async (_entity, request) => {
          seen.push(request);
          return admission;
        },
        ...(options.booking ? { booking: options.booking } : {}),
      }),
    )
    .handler(async () => {
      ran.push('handler');
      if (options.handlerFails)
        throw new AppError('not_found', 'RESOURCE_NOT_FOUND', 'appointment not found');
      return { statusCode: 200, headers: {} };
    });
  return { run: () => handler(apiEvent({ method: options.method ?? 'GET' }), lambdaContext()), seen, ran };
};

const admitted: Admission = {
  ok: true,
  states: [{ policy: policy('entity', 600), remaining: 598, resetSeconds: 41 }],
};
const refused: Admission = {
  ok: false,
  refused: policy('entity', 600),
  retryAfter: 12,
  states: [{ policy: policy('entity', 600), remaining: 0, resetSeconds: 12 }],
};
const visitorEntity: EntityContext = {
  ...entityContext(),
  credential: { kind: 'publishable', keyId: 'key_1', allowedOrigins: ['https://a.fr'] },
};

describe('rateLimit and rateLimitAnswerHeaders', () => {
  test.each([
    [
      'admitted',
      admitted,
      200,
      { ratelimit: '"entity";r=598;t=41', 'ratelimit-policy': '"entity";q=600;w=60' },
    ],
    [
      'refused',
      refused,
      429,
      { ratelimit: '"entity";r=0;t=12', 'ratelimit-policy': '"entity";q=600;w=60', 'retry-after': '12' },
    ],
    ['no policy applies', { ok: true, states: [] } as Admission, 200, {}],
    [
      'admitted, the counts read while the request runs (a transaction of counters)',
      { ok: true, later: Promise.resolve((admitted as { states: unknown[] }).states) } as Admission,
      200,
      { ratelimit: '"entity";r=598;t=41', 'ratelimit-policy': '"entity";q=600;w=60' },
    ],
  ])('%s: status and headers', async (_, admission, status, headers) => {
    const answer = await chain(admission, { entity: entityContext() }).run();
    expect(answer.statusCode).toBe(status);
    expect(answer.headers).toEqual(headers);
  });

  test.each([
    [
      'a secret token, any request',
      entityContext(),
      undefined,
      undefined,
      { booking: false, visitor: undefined },
    ],
    ['a booking route', entityContext(), { slot_id: 1 }, 'always', { booking: true, visitor: undefined }],
    [
      'a move (slot_id sent)',
      entityContext(),
      { slot_id: 9 },
      'when-moving',
      { booking: true, visitor: undefined },
    ],
    [
      'a status change only',
      entityContext(),
      { status: 'completed' },
      'when-moving',
      { booking: false, visitor: undefined },
    ],
    [
      'a publishable key',
      visitorEntity,
      undefined,
      undefined,
      { booking: false, visitor: { keyId: 'key_1', ip: '127.0.0.1' } },
    ],
  ] as const)('counts %s as it is', async (_, entity, body, booking, expected) => {
    const { run, seen } = chain(admitted, { entity, body, ...(booking ? { booking } : {}) });
    await run();
    expect(seen).toEqual([expected]);
  });

  it('counts nothing without an entity (a public route, or v1 debug mode)', async () => {
    const { run, seen } = chain(refused);
    expect((await run()).statusCode).toBe(200);
    expect(seen).toEqual([]);
  });

  test.each([
    ['admitted: the 403 stands, with the headers', admitted, 403, '"entity";r=598;t=41'],
    ['over a limit: the answer is the 429', refused, 429, '"entity";r=0;t=12'],
  ])(
    "a publishable key's request refused before counting is counted: %s",
    async (_, admission, status, header) => {
      const { run, seen } = chain(admission, { entity: visitorEntity, refusedBefore: true });
      const answer = await run();
      expect(seen).toEqual([{ booking: false, visitor: { keyId: 'key_1', ip: '127.0.0.1' } }]);
      expect(answer.statusCode).toBe(status);
      expect(answer.headers?.ratelimit).toBe(header);
    },
  );

  it("a secret token's request refused before counting is not counted", async () => {
    const { run, seen } = chain(refused, { entity: entityContext(), refusedBefore: true });
    expect((await run()).statusCode).toBe(403);
    expect(seen).toEqual([]);
  });

  test.each([
    ['a read (GET) runs while it is counted; refused, its answer is the 429', 'GET', false, 429, ['handler']],
    ['a read that failed while its count refused answers the 429', 'GET', true, 429, ['handler']],
    ['a change (POST) refused never runs', 'POST', false, 429, []],
  ] as const)('%s', async (_, method, handlerFails, status, ran) => {
    const chained = chain(refused, { entity: entityContext(), method, handlerFails });
    const answer = await chained.run();
    expect(answer.statusCode).toBe(status);
    expect(answer.headers?.['retry-after']).toBe('12');
    expect(chained.ran).toEqual(ran);
  });

  it('a read that failed while admitted keeps its own answer, with the headers', async () => {
    const chained = chain(admitted, { entity: entityContext(), handlerFails: true });
    const answer = await chained.run();
    expect(answer.statusCode).toBe(404);
    expect(answer.headers?.ratelimit).toBe('"entity";r=598;t=41');
  });

  it('a 429 says when to retry, in whole seconds', () => {
    expect(new RateLimited(7).message).toBe('too many requests, retry in 7 s');
    expect(new RateLimited(7).status).toBe(429);
  });
});
