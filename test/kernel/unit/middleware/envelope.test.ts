import middy from '@middy/core';
import {
  AppError,
  alreadyAtThisTime,
  alreadyCancelled,
  cancelledCannotMove,
  invalidField,
  missingField,
  resourceNotFound,
  slotNotAvailable,
  slotNotFound,
} from '../../../../shared/core/errors';
import { envelope } from '../../../../shared/http/middleware/envelope';
import type {
  ApiProfile,
  AppContext,
  Event,
  RequestState,
  Result,
} from '../../../../shared/http/middleware/types';
import { v1Error, v1Success } from '../../../../shared/http/v1/answers';
import { v2Error, v2Success } from '../../../../shared/http/v2/answers';
import type { Reply } from '../../../../shared/shapes/reply';
import { apiEvent, entityContext, lambdaContext, seedState } from '../../../support/doubles/middy';

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
      { success: false, data: [], message: 'slot not found', code: 'SLOT_NOT_FOUND' },
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

  // v2 tells apart what v1 answers with one code; v1's answer stays as its contract fixes it.
  test.each([
    ['a full slot', () => slotNotAvailable('full'), 'SLOT_UNAVAILABLE', 'SLOT_FULL'],
    ['a closed slot', () => slotNotAvailable('closed'), 'SLOT_UNAVAILABLE', 'SLOT_CLOSED'],
    ['a started slot', () => slotNotAvailable('in the past'), 'SLOT_IN_PAST', 'SLOT_IN_PAST'],
    [
      'an inactive calendar',
      () => slotNotAvailable('calendar inactive'),
      'SLOT_UNAVAILABLE',
      'SLOT_UNAVAILABLE',
    ],
    ['a second cancel', alreadyCancelled, 'SLOT_UNAVAILABLE', 'APPOINTMENT_CANCELLED'],
    ['a cancelled appointment moved', cancelledCannotMove, 'SLOT_UNAVAILABLE', 'APPOINTMENT_CANCELLED'],
    ['a move to the same time', alreadyAtThisTime, 'SLOT_UNAVAILABLE', 'ALREADY_AT_THIS_TIME'],
    ['a bad phone', () => invalidField('client_phone', 'x'), 'INVALID_PARAMETER', 'INVALID_CLIENT_PHONE'],
    ['a missing name', () => missingField('client_name'), 'MISSING_REQUIRED_FIELD', 'INVALID_CLIENT_NAME'],
    ['another field', () => invalidField('slot_id', 'x'), 'INVALID_PARAMETER', 'INVALID_PARAMETER'],
    [
      'a missing calendar_id of v1',
      () => missingField('calendar_id', 'MISSING_CALENDAR_ID'),
      'MISSING_CALENDAR_ID',
      'INVALID_PARAMETER',
    ],
  ])('%s: v1 says %s, v2 says %s', async (_, error, v1Code, v2Code) => {
    const thrown = error();
    const fail = () => {
      throw thrown;
    };
    const v1 = await chain(V1, fail)(apiEvent(), lambdaContext());
    const v2 = await chain(V2, fail)(apiEvent(), lambdaContext());
    expect(json(v1)).toMatchObject({ error_code: v1Code, http_code: thrown.status, message: thrown.message });
    expect(json(v1)).not.toHaveProperty('code');
    expect(v2.statusCode).toBe(v1.statusCode);
    expect(json(v2)).toEqual({ success: false, data: [], message: thrown.message, code: v2Code });
  });

  test.each([
    ['v2', V2, { success: false, data: [], message: 'server error: req-9', code: 'INTERNAL_ERROR' }],
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
