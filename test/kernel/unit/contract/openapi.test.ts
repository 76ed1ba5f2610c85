import { openApiDocument } from '../../../../shared/openapi';
import { ROUTES } from '../../../../shared/routes';

// biome-ignore lint/suspicious/noExplicitAny: the document is arbitrary JSON
type Json = Record<string, any>;

describe('OpenAPI document', () => {
  const document = openApiDocument();

  it('has every route of the route table, with its method', () => {
    for (const route of ROUTES) {
      expect({
        route: `${route.method} ${route.path}`,
        present: Boolean(document.paths[route.path]?.[route.method.toLowerCase()]),
      }).toEqual({
        route: `${route.method} ${route.path}`,
        present: true,
      });
    }
  });

  it('describes request fields from the validating schemas', () => {
    const booking = document.paths['/api/v2/appointments']?.post as Json;
    const body = booking.requestBody.content['application/json'].schema;
    // slot_id, or service_id with date and start_time (docs/CONTRACT.md#services-and-staff): neither is required alone.
    expect(body.required.sort()).toEqual(['client_name', 'client_phone']);
    expect(body.properties.service_id).toMatchObject({ type: 'integer', minimum: 1 });
    expect(body.properties.client_name).toMatchObject({ type: 'string', maxLength: 100 });
    expect(body.properties.slot_id).toMatchObject({ type: 'integer', minimum: 1 });
    const slots = document.paths['/api/slots']?.get as Json;
    const perPage = slots.parameters.find((p: { name: string }) => p.name === 'per_page');
    expect(perPage).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 1000 },
    });
    expect(slots.parameters.find((p: { name: string }) => p.name === 'calendar_id')).toMatchObject({
      required: true,
    });
    expect(slots.parameters.find((p: { name: string }) => p.name === 'date_from').schema).toMatchObject({
      format: 'date',
    });
  });
});

describe('docs/openapi.json', () => {
  it('is the document `npm run openapi` writes now (regenerate it when a route or schema changes)', () => {
    const { readFileSync } = require('node:fs') as typeof import('node:fs');
    const { join } = require('node:path') as typeof import('node:path');
    const committed = JSON.parse(
      readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'openapi.json'), 'utf8'),
    );
    expect(committed).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });
});
