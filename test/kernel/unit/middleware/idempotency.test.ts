import middy from '@middy/core';
import { config } from '../../../../shared/config';
import { AppError } from '../../../../shared/core/errors';
import { IdempotencyRepository } from '../../../../shared/features/access/store/idempotency-repository';
import { envelope } from '../../../../shared/http/middleware/envelope';
import {
  canonical,
  fingerprint,
  idempotencyClaim,
  idempotencyRecord,
} from '../../../../shared/http/middleware/idempotency';
import type {
  ApiProfile,
  AppContext,
  Event,
  RequestState,
  Result,
} from '../../../../shared/http/middleware/types';
import type { IdempotencyStore } from '../../../../shared/http/stack-deps';
import { v2Error, v2Success } from '../../../../shared/http/v2/answers';
import type { Reply } from '../../../../shared/shapes/reply';
import { documentClient } from '../../../../shared/wiring';
import { apiEvent, entityContext, lambdaContext, seedState } from '../../../support/doubles/middy';

// The real store over DynamoDB Local: this file's own table (test/support/jest/per-file-table.ts).
const repository = new IdempotencyRepository({ doc: documentClient(), name: config.tableName });
const store = (): IdempotencyStore => repository;
const V2: ApiProfile = { api: 'v2', success: (reply) => v2Success(reply), error: (error) => v2Error(error) };
const silent = { error: jest.fn() };

type Outcome = 'ok' | 'refused' | 'crash';
let runs = 0;

/** The stack's order: record, envelope, then the claim (after validation), around a counting handler. */
/** The validated input as the validation middleware leaves it: the claim fingerprints its body. */
const validated = (body: unknown) => ({ input: { path: undefined, query: undefined, body } });

const chain = (state: Partial<RequestState>, outcome: Outcome = 'ok') =>
  middy<Event, Result, Error, AppContext>()
    .use(seedState({ entity: entityContext(), ...validated({ slot_id: 1 }), ...state }))
    .use(idempotencyRecord({ store, logger: silent }))
    .use(envelope({ profile: V2, logger: silent }))
    .use(idempotencyClaim({ store, logger: silent }))
    .handler(async (_event, { app }) => {
      // As buildHandler's handler: a replayed request does not run the domain function again.
      if (app.replay) return {} as Result;
      runs += 1;
      if (outcome === 'refused')
        throw new AppError('conflict', 'SLOT_UNAVAILABLE', 'slot not available: full');
      if (outcome === 'crash') throw new Error('store down');
      return { data: { run: runs } } satisfies Reply as unknown as Result;
    });

const send = (key: string | undefined, state: Partial<RequestState> = {}, outcome: Outcome = 'ok') =>
  chain(state, outcome)(
    apiEvent({
      method: 'POST',
      path: '/api/v2/appointments',
      headers: key === undefined ? {} : { 'idempotency-key': key },
    }),
    lambdaContext(),
  );

/** What a request of a scenario must give: status, whether the handler ran, replayed or not, message. */
interface Step {
  key?: string;
  state?: Partial<RequestState>;
  outcome?: Outcome;
  status: number;
  ran: boolean;
  replayed?: boolean;
  message?: string;
}

describe('idempotency claim and record (real store)', () => {
  beforeEach(() => {
    silent.error.mockClear();
  });

  test.each<[string, Step[]]>([
    [
      'no key: every request runs',
      [
        { status: 200, ran: true },
        { status: 200, ran: true },
      ],
    ],
    [
      'a retry with the same key and body replays the first answer',
      [
        { key: 'k-replay', status: 200, ran: true },
        { key: 'k-replay', status: 200, ran: false, replayed: true },
      ],
    ],
    [
      'the same body in another key order is the same request',
      [
        { key: 'k-order', state: validated({ a: 1, b: 2 }), status: 200, ran: true },
        { key: 'k-order', state: validated({ b: 2, a: 1 }), status: 200, ran: false, replayed: true },
      ],
    ],
    [
      'the same key with another body is 409',
      [
        { key: 'k-other', status: 200, ran: true },
        {
          key: 'k-other',
          state: validated({ slot_id: 2 }),
          status: 409,
          ran: false,
          message: 'Idempotency-Key was already used with a different request',
        },
      ],
    ],
    [
      'a refusal (4xx) is recorded and replayed too',
      [
        { key: 'k-4xx', outcome: 'refused', status: 409, ran: true },
        { key: 'k-4xx', status: 409, ran: false, replayed: true },
      ],
    ],
    [
      'a server failure releases the key, so a retry runs again',
      [
        { key: 'k-5xx', outcome: 'crash', status: 500, ran: true },
        { key: 'k-5xx', status: 200, ran: true },
        { key: 'k-5xx', status: 200, ran: false, replayed: true },
      ],
    ],
    [
      'keys are per entity',
      [
        { key: 'k-entity', status: 200, ran: true },
        { key: 'k-entity', state: { entity: entityContext('entity-2') }, status: 200, ran: true },
      ],
    ],
    [
      'a malformed key is 400 and claims nothing',
      [
        {
          key: 'has space',
          status: 400,
          ran: false,
          message: 'Idempotency-Key: must be 1 to 128 letters, digits, dots, colons, dashes or underscores',
        },
      ],
    ],
    [
      'debug requests are never claimed',
      [
        { key: 'k-debug', state: { debug: true }, status: 200, ran: true },
        { key: 'k-debug', state: { debug: true }, status: 200, ran: true },
      ],
    ],
  ])('%s', async (_, steps) => {
    let first: string | undefined;
    for (const step of steps) {
      const before = runs;
      const answer = await send(step.key, step.state, step.outcome);
      expect(answer.statusCode).toBe(step.status);
      expect(runs - before).toBe(step.ran ? 1 : 0);
      expect(answer.headers?.['idempotent-replayed']).toBe(step.replayed ? 'true' : undefined);
      if (step.message) expect(JSON.parse(answer.body ?? '').message).toBe(step.message);
      if (step.replayed) expect(answer.body).toBe(first);
      if (step.ran) first = answer.body;
    }
  });

  it('a request still running holds the key: a concurrent retry is 409', async () => {
    await repository.claim('entity-1', {
      route: 'POST /api/v2/appointments',
      key: 'k-running',
      fingerprint: fingerprint(undefined, {}),
      nowMs: Date.now(),
      holdMs: 60_000,
      keepSeconds: 3600,
    });
    const answer = await send('k-running', validated({}));
    expect(answer.statusCode).toBe(409);
    expect(JSON.parse(answer.body ?? '').message).toBe(
      'a request with this Idempotency-Key is in progress, retry later',
    );
  });

  it('a store failure while recording is logged, and the answer still goes out', async () => {
    const failing: IdempotencyStore = {
      claim: async () => ({
        kind: 'claimed',
        mark: { route: 'POST /api/v2/appointments', key: 'k-fail', claimId: 'c-1', keepUntil: 0 },
      }),
      complete: async () => {
        throw new Error('throttled');
      },
      release: async () => undefined,
    };
    const answer = await middy<Event, Result, Error, AppContext>()
      .use(seedState({ entity: entityContext(), ...validated({}) }))
      .use(idempotencyRecord({ store: () => failing, logger: silent }))
      .use(envelope({ profile: V2, logger: silent }))
      .use(idempotencyClaim({ store: () => failing, logger: silent }))
      .handler(async () => ({ data: 'done' }) as unknown as Result)(
      apiEvent({ headers: { 'idempotency-key': 'k-fail' } }),
      lambdaContext(),
    );
    expect(answer.statusCode).toBe(200);
    expect(silent.error).toHaveBeenCalledWith(
      'idempotency record failed',
      expect.objectContaining({ request_id: 'req-1' }),
    );
  });

  test.each([
    [{ b: 1, a: [2, { d: null, c: 'x' }] }, '{"a":[2,{"c":"x","d":null}],"b":1}'],
    ['text', '"text"'],
    [undefined, 'null'],
  ])('canonical(%j) is %s', (value, expected) => {
    expect(canonical(value)).toBe(expected);
  });
});
