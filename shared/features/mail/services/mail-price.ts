import { type EntitySettings, formatPrice, localeOf } from '../../settings';
import type { MailAppointment } from '../domain/notifications';
import type { MailLookup } from '../ports';

/**
 * The price of an appointment's service as its e-mails say it (docs/NOTIFICATIONS.md): the service's price
 * now, in its currency or the entity's, written for the entity's locale ("45,50 €"); none without one.
 */
export async function mailPrice(
  lookup: MailLookup,
  entityId: string,
  a: Pick<MailAppointment, 'service_id'>,
  settings: EntitySettings,
): Promise<string | undefined> {
  if (a.service_id === undefined || !lookup.servicePrice) return undefined;
  const price = await lookup.servicePrice(entityId, a.service_id);
  return price
    ? formatPrice(price.price, price.currency ?? settings.currency, localeOf(settings))
    : undefined;
}
