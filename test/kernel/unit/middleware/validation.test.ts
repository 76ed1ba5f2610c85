import middy from '@middy/core';
import * as z from 'zod';
import type { AppContext, Event, Result } from '../../../../shared/http/middleware/types';
import { type Schemas, validation } from '../../../../shared/http/middleware/validation';
import { body, clearableText, id, optional, params, text } from '../../../../shared/shapes/fields';
import { apiEvent, lambdaContext, seedState } from '../../../support/doubles/middy';

const chain = <P, Q, B>(schemas: Schemas<P, Q, B>, parsedBody?: unknown) =>
  middy<Event, Result, Error, AppContext>()
    .use(seedState(parsedBody === undefined ? {} : { body: parsedBody }))
    .use(validation(schemas))
    .handler(async (_event, { app }) => ({ statusCode: 200, body: JSON.stringify(app.input) }));

const Path = z.object({ id: id() });
const Query = z.object({ page: z.coerce.number().int().min(1).default(1) });
const Body = body({ slot_id: id() });
const WithOptionals = body({ slot_id: id(), name: optional(text(20)), note: optional(clearableText(20)) });
const Search = params({ search: optional(text(20)) });

describe('validation', () => {
  test.each([
    ['no schema: nothing', {}, {}, undefined, {}],
    ['a path id', { path: Path }, { pathParameters: { id: '12' } }, undefined, { path: { id: 12 } }],
    ['a query default', { query: Query }, {}, undefined, { query: { page: 1 } }],
    [
      'a body id given as a string; an unknown field stripped (docs/CONTRACT.md#requests)',
      { body: Body },
      {},
      { slot_id: '7', extra: true },
      { body: { slot_id: 7 } },
    ],
  ])('%s', async (_, schemas, parts, parsedBody, input) => {
    const answer = await chain(schemas, parsedBody)(apiEvent(parts), lambdaContext());
    expect(JSON.parse(answer.body ?? '')).toEqual(input);
  });

  test.each([
    [
      'a path id that is not a positive integer',
      { path: Path },
      { pathParameters: { id: 'x' } },
      undefined,
      'INVALID_PARAMETER',
    ],
    ['a page below 1', { query: Query }, { query: { page: '0' } }, undefined, 'INVALID_PARAMETER'],
    ['a missing body field', { body: Body }, {}, {}, 'MISSING_REQUIRED_FIELD'],
    ['a body that is not an object', { body: Body }, {}, [1], 'INVALID_PARAMETER'],
  ])('%s is 400 %s', async (_, schemas, parts, parsedBody, code) => {
    await expect(chain(schemas, parsedBody)(apiEvent(parts), lambdaContext())).rejects.toMatchObject({
      status: 400,
      code,
    });
  });
});

describe('optional fields sent empty (docs/CONTRACT.md#optional-fields)', () => {
  const run = async (
    schemas: Schemas<unknown, unknown, unknown>,
    parts: object,
    parsedBody?: unknown,
    emptyQueryIsAbsent = true,
  ) =>
    JSON.parse(
      (
        await middy<Event, Result, Error, AppContext>()
          .use(seedState(parsedBody === undefined ? {} : { body: parsedBody }))
          .use(validation(schemas, emptyQueryIsAbsent))
          .handler(async (_event, { app }) => ({ statusCode: 200, body: JSON.stringify(app.input) }))(
          apiEvent(parts),
          lambdaContext(),
        )
      ).body ?? '',
    );

  it('v2: an empty optional query parameter is one left out', async () => {
    expect(await run({ query: Search }, { query: { search: '' } })).toEqual({ query: {} });
  });

  it('v1: it is refused as before (its answers keep their codes)', async () => {
    await expect(run({ query: Search }, { query: { search: '' } }, undefined, false)).rejects.toMatchObject({
      status: 400,
    });
  });

  it.each([[{ slot_id: 1, name: null }], [{ slot_id: 1, name: '' }]])(
    'in a body, %j is answered as a missing field, as before',
    async (sent) => {
      await expect(run({ body: WithOptionals }, {}, sent)).rejects.toMatchObject({
        status: 400,
        code: 'MISSING_REQUIRED_FIELD',
        message: 'name: is required',
      });
    },
  );

  it('a field that clears with null takes it', async () => {
    expect(await run({ body: WithOptionals }, {}, { slot_id: 1, note: null })).toEqual({
      body: { slot_id: 1, note: null },
    });
  });
});
