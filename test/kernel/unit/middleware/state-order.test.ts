import { jsonBody } from '../../../../shared/http/middleware/json-body';
import { rateLimit } from '../../../../shared/http/middleware/rate-limit';
import { requestContext } from '../../../../shared/http/middleware/request-context';
import { tokenCheck } from '../../../../shared/http/middleware/token-check';
import { checkStateOrder } from '../../../../shared/http/middleware/types';

/** The request state's contract: a middleware's `before` reads only what one before it wrote. */
const admit = async () => ({ ok: true as const, states: [] });
const token = () => tokenCheck({ api: 'v1', authenticate: async () => ({}) as never });

describe('checkStateOrder', () => {
  it('accepts the stack’s order: token check, body, then the limits', () => {
    expect(() =>
      checkStateOrder([requestContext(), token(), jsonBody(), rateLimit({ admit, booking: 'when-moving' })]),
    ).not.toThrow();
  });

  it('refuses the limits before the token check', () => {
    expect(() => checkStateOrder([requestContext(), rateLimit({ admit }), token()])).toThrow(/"entity"/);
  });

  it('refuses a move’s limits before the body parser (they read the body’s slot_id)', () => {
    expect(() =>
      checkStateOrder([requestContext(), token(), rateLimit({ admit, booking: 'when-moving' }), jsonBody()]),
    ).toThrow(/"body"/);
    // A booking route's limits need no body.
    expect(() =>
      checkStateOrder([requestContext(), token(), rateLimit({ admit, booking: 'always' })]),
    ).not.toThrow();
  });
});
