import middy from '@middy/core';
import { AppError, resourceNotFound, slotNotFound } from '../../../shared/core/errors';
import { envelope } from '../../../shared/http/middleware/envelope';
import type {
  ApiProfile,
  AppContext,
  Event,
  RequestState,
  Result,
} from '../../../shared/http/middleware/types';
import type { Reply } from '../../../shared/http/reply';
import { v1Error, v1Success } from '../../../shared/http/v1/answers';
import { v2Error, v2Success } from '../../../shared/http/v2/answers';
import { apiEvent, entityContext, lambdaContext, seedState } from '../../support/middy';

const V1: ApiProfile = { api: 'v1', success: v1Success, error: v1Error };
const V2: ApiProfile = { api: 'v2', success: (reply) => v2Success(reply), error: (error) => v2Error(error) };

const silent = { error: jest.fn() };

/** The chain: state, the envelope, and a handler that returns a Reply or throws. */
const chain = (profile: ApiProfile, outcome: () => Reply, state: Partial<RequestState> = {}) =>
  middy<Event, Result, Error, AppContext>()
    .use(seedState({ entity: entityContext(), ...state }))
    .use(envelope({ profile, logger: silent }))
    .handler(async () => outcome() as unknown as Result);

const json = (result: Result) => JSON.parse(result.body ?? '');

describe('envelope', () => {
  beforeEach(() => silent.error.mockClear());

  test.each([
    [
      'v2 success',
      V2,
      () => ({ data: { id: 1 }, message: 'ok' }),
      200,
      { success: true, data: { id: 1 }, message: 'ok' },
    ],
    [
      'v2 domain error',
      V2,
      () => {
        throw slotNotFound();
      },
      404,
      { success: false, data: [], message: 'slot not found' },
    ],
    [
      'v1 success',
      V1,
      () => ({ data: [1, 2] }),
      200,
      expect.objectContaining({
        success: true,
        data: [1, 2],
        error_code: 'SUCCESS',
        http_code: 200,
        api_version: '1.0',
      }),
    ],
    [
      'v1 domain error',
      V1,
      () => {
        throw new AppError('conflict', 'SLOT_UNAVAILABLE', 'slot full');
      },
      409,
      expect.objectContaining({ success: false, data: null, error_code: 'SLOT_UNAVAILABLE', http_code: 409 }),
    ],
  ])('%s', async (_, profile, outcome, status, body) => {
    const answer = await chain(profile, outcome)(apiEvent(), lambdaContext());
    expect(answer.statusCode).toBe(status);
    expect(json(answer)).toEqual(body);
    expect(silent.error).not.toHaveBeenCalled();
  });

  test.each([
    ['v2', V2, { success: false, data: [], message: 'server error: req-9' }],
    ['v1', V1, expect.objectContaining({ error_code: 'INTERNAL_ERROR', http_code: 500 })],
  ])(
    '%s: an unexpected error is a 500 naming the request id, logged, never shown',
    async (_, profile, body) => {
      const answer = await chain(
        profile,
        () => {
          throw new Error('secret detail');
        },
        { requestId: 'req-9' },
      )(apiEvent(), lambdaContext());
      expect(answer.statusCode).toBe(500);
      expect(json(answer)).toEqual(body);
      expect(answer.body).not.toContain('secret detail');
      expect(silent.error).toHaveBeenCalledWith(
        'unhandled error',
        expect.objectContaining({ request_id: 'req-9' }),
      );
    },
  );

  it('answers a replay as it was recorded, marked replayed', async () => {
    const replay = {
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"recorded":true}',
    };
    const answer = await chain(V2, () => ({ data: 'not this' }), { replay })(apiEvent(), lambdaContext());
    expect(answer).toEqual({ ...replay, headers: { ...replay.headers, 'idempotent-replayed': 'true' } });
  });

  it('v1 answers in the negotiated format, errors too', async () => {
    const answer = await chain(
      V1,
      () => {
        throw resourceNotFound();
      },
      { format: 'xml' },
    )(apiEvent(), lambdaContext());
    expect(answer.headers?.['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.body).toContain('<error_code>RESOURCE_NOT_FOUND</error_code>');
  });

  it('v1 debug mode adds the debug object', async () => {
    const answer = await chain(V1, () => ({ data: [] }), { debug: true })(
      apiEvent({ method: 'GET', path: '/api/slots' }),
      lambdaContext(),
    );
    expect(json(answer).debug).toMatchObject({
      debug_mode: true,
      request_method: 'GET',
      endpoint: '/api/slots',
    });
  });
});
