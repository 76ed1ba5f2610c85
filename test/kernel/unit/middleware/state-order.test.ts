import { jsonBody } from '../../../../shared/http/middleware/json-body';
import { originCheck } from '../../../../shared/http/middleware/origin-check';
import { rateLimit } from '../../../../shared/http/middleware/rate-limit';
import { requestContext } from '../../../../shared/http/middleware/request-context';
import { tokenCheck } from '../../../../shared/http/middleware/token-check';
import { checkStateOrder } from '../../../../shared/http/middleware/types';

/** The request state's contract: a middleware's `before` reads only what one before it wrote. */
const admit = async () => ({ ok: true as const, states: [] });
const token = () => tokenCheck({ api: 'v1', authenticate: async () => ({}) as never });
const origin = () => originCheck({ secret: undefined });

describe('checkStateOrder', () => {
  it('accepts the stack’s order: token check, body, then the limits', () => {
    expect(() =>
      checkStateOrder([
        requestContext(),
        origin(),
        token(),
        jsonBody(),
        rateLimit({ admit, booking: 'when-moving' }),
      ]),
    ).not.toThrow();
  });

  it('refuses the limits before the token check', () => {
    expect(() => checkStateOrder([requestContext(), origin(), rateLimit({ admit }), token()])).toThrow(
      /"entity"/,
    );
  });

  it('refuses the token check before the origin check (the visitor is the viewer only behind the edge)', () => {
    expect(() => checkStateOrder([requestContext(), token(), origin()])).toThrow(/"edge"/);
  });

  it('refuses a move’s limits before the body parser (they read the body’s slot_id)', () => {
    expect(() =>
      checkStateOrder([
        requestContext(),
        origin(),
        token(),
        rateLimit({ admit, booking: 'when-moving' }),
        jsonBody(),
      ]),
    ).toThrow(/"body"/);
    // A booking route's limits need no body.
    expect(() =>
      checkStateOrder([requestContext(), origin(), token(), rateLimit({ admit, booking: 'always' })]),
    ).not.toThrow();
  });
});
