import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../../shared/db/keys';
import { ServiceRepository } from '../../../shared/features/catalog/store/service-repository';
import { table } from '../../../shared/wiring';

/**
 * Prices as stored (docs/CONTRACT.md#services-and-staff): a service written now keeps its price in minor
 * units as `price_minor`; one stored before prices were in minor units holds `price` in major units, and is
 * read in minor units of its currency (EUR when it names none) until it is next written, on DynamoDB Local.
 */
const ENTITY = 'stored-prices';
const now = '2026-11-29T00:00:00.000Z';

const legacy = (serviceId: number, extra: Record<string, unknown>) =>
  table().doc.send(
    new PutCommand({
      TableName: table().name,
      Item: {
        ...keys.service(ENTITY, serviceId),
        type: 'service',
        service_id: serviceId,
        name: `Legacy ${serviceId}`,
        duration: 30,
        calendar_ids: null,
        description: null,
        created_at: now,
        updated_at: now,
        ...extra,
      },
    }),
  );
const stored = async (serviceId: number) =>
  (await table().doc.send(new GetCommand({ TableName: table().name, Key: keys.service(ENTITY, serviceId) })))
    .Item as Record<string, unknown>;

describe('a service’s stored price', () => {
  const services = new ServiceRepository(table());

  it('is written in minor units as price_minor, and read back as it was given', async () => {
    const service = {
      service_id: 1,
      name: 'Cut',
      duration: 30,
      calendar_ids: null,
      price: 4550,
      currency: null,
      description: null,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      min_notice_minutes: null,
      max_days_ahead: null,
      created_at: now,
      updated_at: now,
    };
    expect(await services.create(ENTITY, service, 200)).toBe(true);
    const item = await stored(1);
    expect([item.price_minor, 'price' in item]).toEqual([4550, false]);
    expect((await services.get(ENTITY, 1))?.price).toBe(4550);
    expect(await services.replace(ENTITY, { ...service, price: null })).toBe(true);
    expect((await services.get(ENTITY, 1))?.price).toBeNull();
  });

  it('of a service stored before, in major units, is read in minor units of its currency', async () => {
    await legacy(2, { price: 65.5 });
    await legacy(3, { price: 1200, currency: 'JPY' });
    await legacy(4, { price: 12.345, currency: 'TND' });
    await legacy(5, { price: null });
    const byId = new Map((await services.list(ENTITY)).map((s) => [s.service_id, s.price]));
    expect([2, 3, 4, 5].map((id) => byId.get(id))).toEqual([6550, 1200, 12345, null]);
    // Written again, it keeps the price in minor units, under the new name only.
    const two = await services.get(ENTITY, 2);
    expect(two && (await services.replace(ENTITY, two))).toBe(true);
    const item = await stored(2);
    expect([item.price_minor, 'price' in item]).toEqual([6550, false]);
  });
});
