/** Keys of what leaves the entity: webhooks, the event feed and its deliveries, e-mails, the calendar feed. */
import { inEntity, type Key, padId } from './parts';

/** A webhook subscription of an entity. */
export const webhook = (entityId: string, webhookId: string): Key =>
  inEntity(entityId, `WEBHOOK#${webhookId}`);

export const webhookPrefix = (entityId: string): Key => inEntity(entityId, 'WEBHOOK#');

/** How many webhook subscriptions an entity has (at most MAX_WEBHOOKS, held by a condition). */
export const webhookCount = (entityId: string): Key => inEntity(entityId, 'WEBHOOKS');

/** An event of the feed; event ids have one length and sort in the order the changes happened. */
export const event = (entityId: string, eventId: string): Key => inEntity(entityId, `EVENT#${eventId}`);

/** Feed bounds: from just after an event (a space sorts before every id character), to the last one. */
export const eventsAfter = (eventId: string | undefined): string =>
  eventId ? `EVENT#${eventId} ` : 'EVENT#';
export const eventsEnd = (): string => 'EVENT#~';

/** A delivery not yet done, ordered per (subscription, appointment) by event id. */
export const pendingDelivery = (
  entityId: string,
  webhookId: string,
  appointmentId: number,
  eventId: string,
): Key => inEntity(entityId, `DELIVERY#${webhookId}#${padId(appointmentId)}#${eventId}`);

export const pendingDeliveryPrefix = (entityId: string, webhookId: string, appointmentId: number): Key =>
  inEntity(entityId, `DELIVERY#${webhookId}#${padId(appointmentId)}#`);

/** One client e-mail (docs/NOTIFICATIONS.md): its claim and whether it was sent, by the e-mail's key. */
export const mail = (entityId: string, key: string): Key => inEntity(entityId, `MAIL#${key}`);

/** E-mails of publishable-key bookings to one address (its SHA-256, never the address) in one hour window. */
export const mailCap = (entityId: string, addressHash: string, windowStart: number): Key =>
  inEntity(entityId, `MAILCAP#${addressHash}#${windowStart}`);

/**
 * The staff calendar feeds: the current token hash of the entity's feed (every calendar) and of each
 * calendar's own feed (one staff member's); each token by its SHA-256 (never the token).
 */
export const calendarFeed = (entityId: string, calendarId?: number): Key =>
  inEntity(entityId, calendarId === undefined ? 'FEED' : `FEED#CAL#${calendarId}`);
/** The range of an entity's feed pointers (its own and every calendar's). */
export const calendarFeedsEnd = (entityId: string): Key => inEntity(entityId, 'FEED#~');
export const calendarFeedToken = (tokenHash: string): Key => ({ pk: `FEED#${tokenHash}`, sk: 'FEED' });
