/**
 * The v2 entity API's routes as the contract describes them (docs/CONTRACT.md#v2-in-short): the route docs
 * of every feature (its openapi.ts), in one table.
 */
import { V2_KEY_ROUTE_DOCS } from '../features/access/openapi';
import { V2_BOOKING_ROUTE_DOCS } from '../features/booking/openapi';
import { V2_CATALOG_ROUTE_DOCS } from '../features/catalog/openapi';
import { V2_VALIDATION_ROUTE_DOCS } from '../features/contact/openapi';
import { V2_FEED_ROUTE_DOCS } from '../features/mail/openapi';
import { V2_PAGE_ROUTE_DOCS } from '../features/pages/openapi';
import { V2_PEOPLE_ROUTE_DOCS } from '../features/people/openapi';
import { V2_SCHEDULE_ROUTE_DOCS } from '../features/schedule/openapi';
import { V2_MANAGE_ROUTE_DOCS } from '../features/settings/openapi';
import { V2_EVENT_ROUTE_DOCS } from '../features/webhooks/openapi';
import type { V2RouteDoc } from '../shapes/route-doc';

export const V2_ROUTE_DOCS: Record<string, V2RouteDoc> = {
  ...V2_MANAGE_ROUTE_DOCS,
  ...V2_KEY_ROUTE_DOCS,
  ...V2_FEED_ROUTE_DOCS,
  ...V2_CATALOG_ROUTE_DOCS,
  ...V2_PAGE_ROUTE_DOCS,
  ...V2_SCHEDULE_ROUTE_DOCS,
  ...V2_BOOKING_ROUTE_DOCS,
  ...V2_VALIDATION_ROUTE_DOCS,
  ...V2_EVENT_ROUTE_DOCS,
  ...V2_PEOPLE_ROUTE_DOCS,
};
