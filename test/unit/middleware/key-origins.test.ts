import middy from '@middy/core';
import type { EntityContext } from '../../../shared/domain/entity';
import { keyOrigins } from '../../../shared/http/middleware/key-origins';
import type { AppContext, Event, Middleware, Result } from '../../../shared/http/middleware/types';
import { apiEvent, entityContext, lambdaContext } from '../../support/middy';

const ALLOWED = 'https://www.example.fr';
const withKey: EntityContext = {
  ...entityContext(),
  credential: { kind: 'publishable', keyId: 'key_1', allowedOrigins: [ALLOWED] },
};

/** The stage allows every origin (`*`, as locally); keyOrigins narrows it for a publishable key. */
const chain = (entity: EntityContext | undefined, fail = false) => {
  const state: Middleware = {
    before: (request) => {
      request.context.app = {
        requestId: 'r',
        startedAt: 0,
        format: 'json',
        debug: false,
        ...(entity ? { entity } : {}),
      };
    },
  };
  const stageCors: Middleware = {
    after: (request) => {
      request.response = {
        ...request.response,
        headers: { ...request.response?.headers, 'Access-Control-Allow-Origin': '*' },
      };
    },
    onError: (request) => {
      request.response = { statusCode: 403, headers: { 'Access-Control-Allow-Origin': '*' } };
    },
  };
  return middy<Event, Result, Error, AppContext>()
    .use(state)
    .use(keyOrigins())
    .use(stageCors)
    .handler(async () => {
      if (fail) throw new Error('refused');
      return { statusCode: 200, headers: {} };
    });
};

describe('keyOrigins', () => {
  test.each([
    [
      'a secret token keeps the stage CORS',
      undefined,
      ALLOWED,
      false,
      { 'Access-Control-Allow-Origin': '*' },
    ],
    [
      'a key from its origin',
      withKey,
      ALLOWED,
      false,
      { 'Access-Control-Allow-Origin': ALLOWED, Vary: 'Origin' },
    ],
    ['a key from another origin', withKey, 'https://evil.example', false, {}],
    ['a key without Origin (a server)', withKey, undefined, false, {}],
    [
      'a key refused from its origin',
      withKey,
      ALLOWED,
      true,
      { 'Access-Control-Allow-Origin': ALLOWED, Vary: 'Origin' },
    ],
    // A 403 refusal is readable by the page that caused it, so the widget can say why (it holds no data).
    [
      'a key refused (403) from another origin',
      withKey,
      'https://evil.example',
      true,
      { 'Access-Control-Allow-Origin': 'https://evil.example', Vary: 'Origin' },
    ],
  ] as const)('%s', async (_, entity, origin, fail, headers) => {
    const answer = await chain(entity, fail)(
      apiEvent({ headers: origin ? { origin } : {} }),
      lambdaContext(),
    );
    expect(answer.headers).toEqual(headers);
  });
});
