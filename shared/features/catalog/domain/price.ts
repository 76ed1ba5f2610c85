import type { AvailableStart, ServiceRecord } from './service';

/** The highest price a service may have, in its currency's minor units (10 000 000.00 EUR). */
export const MAX_PRICE = 1_000_000_000;

/** What a service costs (docs/CONTRACT.md#services-and-staff): minor units, or null when not set. */
export interface Price {
  price: number | null;
  /** ISO 4217: the service's own currency, else the entity's `currency` setting. */
  currency: string;
}

/** A start of a service with its price (GET /api/v2/availability). */
export type PricedStart = AvailableStart & Price;

/** The price of a service in the entity's currency unless the service has its own. */
export const priceOf = (
  service: Pick<ServiceRecord, 'price' | 'currency'>,
  entityCurrency: string,
): Price => ({
  price: service.price,
  currency: service.currency ?? entityCurrency,
});
