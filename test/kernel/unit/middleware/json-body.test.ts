import middy from '@middy/core';
import { jsonBody } from '../../../../shared/http/middleware/json-body';
import type { AppContext, Event, Result } from '../../../../shared/http/middleware/types';
import { MAX_BODY_BYTES } from '../../../../shared/shapes/json-body';
import { apiEvent, lambdaContext, seedState } from '../../../support/doubles/middy';

/** The chain: state, the body parser, and a handler that answers with what was parsed. */
const chain = (options?: Parameters<typeof jsonBody>[0]) =>
  middy<Event, Result, Error, AppContext>()
    .use(seedState())
    .use(jsonBody(options))
    .handler(async (_event, context) => ({ statusCode: 200, body: JSON.stringify(context.app.body) }));

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('jsonBody', () => {
  test.each([
    ['no body', {}, {}],
    ['an empty body', { body: '' }, {}],
    ['a blank body', { body: ' \n ' }, {}],
    ['a JSON object', { body: '{"a":1,"b":"x"}' }, { a: 1, b: 'x' }],
    ['a JSON array (left to validation)', { body: '[1,2]' }, [1, 2]],
    ['a base64-encoded body', { body: base64('{"a":"é"}'), isBase64Encoded: true }, { a: 'é' }],
    ['exactly the limit', { body: `{"a":"${'x'.repeat(MAX_BODY_BYTES - 8)}"}` }, expect.any(Object)],
  ])('%s is parsed', async (_, parts, parsed) => {
    const answer = await chain()(apiEvent({ method: 'POST', ...parts }), lambdaContext());
    expect(JSON.parse(answer.body ?? '')).toEqual(parsed);
  });

  test.each([
    ['malformed JSON', { body: '{"a":' }, undefined, { status: 400, code: 'INVALID_JSON' }],
    [
      'one byte over 64 KB',
      { body: `"${'x'.repeat(MAX_BODY_BYTES - 1)}"` },
      undefined,
      { status: 413, code: 'PAYLOAD_TOO_LARGE' },
    ],
    [
      'over the given limit',
      { body: '{"a":12345}' },
      { maxBytes: 4 },
      { status: 413, code: 'PAYLOAD_TOO_LARGE' },
    ],
    [
      'a multi-byte body over the limit in bytes, not characters',
      { body: `"${'é'.repeat(6)}"` },
      { maxBytes: 10 },
      { status: 413, code: 'PAYLOAD_TOO_LARGE' },
    ],
  ])('%s is refused', async (_, parts, options, error) => {
    await expect(
      chain(options)(apiEvent({ method: 'POST', ...parts }), lambdaContext()),
    ).rejects.toMatchObject(error);
  });
});
