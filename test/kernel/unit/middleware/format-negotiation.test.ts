import middy from '@middy/core';
import { formatNegotiation } from '../../../../shared/http/middleware/format-negotiation';
import type { AppContext, Event, Result } from '../../../../shared/http/middleware/types';
import { apiEvent, lambdaContext, seedState } from '../../../support/doubles/middy';

const chain = () =>
  middy<Event, Result, Error, AppContext>()
    .use(seedState())
    .use(formatNegotiation())
    .handler(async (_event, context) => ({ statusCode: 200, body: context.app.format }));

describe('formatNegotiation', () => {
  test.each([
    ['nothing asked', undefined, undefined, 'json'],
    ['format=xml', 'xml', undefined, 'xml'],
    ['format=CSV (any case)', 'CSV', undefined, 'csv'],
    ['format wins over Accept', 'json', 'application/xml', 'json'],
    ['Accept application/xml', undefined, 'application/xml', 'xml'],
    ['Accept text/xml', undefined, 'text/xml', 'xml'],
    ['Accept by q order', undefined, 'application/json;q=0.5, text/csv', 'csv'],
    ['Accept */* is JSON', undefined, '*/*', 'json'],
    ['an Accept naming none of the three is JSON', undefined, 'image/png', 'json'],
  ])('%s: %s', async (_, format, accept, expected) => {
    const event = apiEvent({
      ...(format !== undefined ? { query: { format } } : {}),
      ...(accept !== undefined ? { headers: { accept } } : {}),
    });
    expect((await chain()(event, lambdaContext())).body).toBe(expected);
  });

  test.each(['yaml', 'html', '', ' '])(
    'an unknown or empty format (%j) is 400 INVALID_PARAMETER',
    async (format) => {
      const event = apiEvent({ query: { format }, headers: { accept: 'text/csv' } });
      await expect(chain()(event, lambdaContext())).rejects.toMatchObject({
        status: 400,
        code: 'INVALID_PARAMETER',
        message: 'format: must be one of json, xml, csv',
      });
    },
  );
});
