import { isoInZone } from '../../../core/dates';
import type { AppointmentRecord } from '../../booking';
import { type BookingEvent, type EventType, eventIdOf, eventTypeOf } from '../domain/webhooks';
import type {
  AppointmentChange,
  DeliveryQueue,
  EventContextLookup,
  EventStore,
  PendingDeliveries,
  WebhookStore,
} from '../ports';

/** How an appointment is shown in an event: the v1 appointment record (given by the wiring). */
export type PresentAppointment = (
  appointment: AppointmentRecord,
  calendarName: string,
  timezone: string,
) => Record<string, unknown>;

/** What the dispatcher needs: the feed, the subscriptions, the pending deliveries and their queue, what an event shows, and the client e-mails of an event (absent: none). */
export interface EventDispatcherDeps {
  events: EventStore;
  webhooks: WebhookStore;
  pending: PendingDeliveries;
  queue: DeliveryQueue;
  context: EventContextLookup;
  present: PresentAppointment;
  /** The client e-mails of the event (docs/NOTIFICATIONS.md), queued before the event is marked done. */
  notify?: (change: AppointmentChange, type: EventType, eventId: string) => Promise<void>;
}

/**
 * Turns committed appointment changes (the table's stream) into events: writes each event to the feed
 * and queues one delivery per subscription that wants it. Handlers never publish, so an event exists iff
 * its change was committed; a record processed twice gives the same event id and no second event.
 */
export class EventDispatcher {
  constructor(private readonly deps: EventDispatcherDeps) {}

  /** Dispatches one change; returns the event it made, or null when the change makes none (or was done). */
  async dispatch(change: AppointmentChange): Promise<BookingEvent | null> {
    // 1. Which event the change is, if any.
    const { entityId, before, after } = change;
    const type = eventTypeOf(before, after);
    if (!type || !after) return null;
    const id = eventIdOf(Date.parse(after.updated_at), after.appointment_id);

    // 2. A record seen before whose deliveries were all queued has nothing left to do.
    if (await this.deps.events.isQueued(entityId, id)) return null;

    // 3. The event, in the feed.
    const [timezone, calendarName] = await Promise.all([
      this.deps.context.timezone(entityId),
      this.deps.context.calendarName(entityId, after.calendar_id),
    ]);
    const event: BookingEvent = {
      id,
      type,
      timestamp: isoInZone(new Date(after.updated_at), timezone),
      data: {
        appointment: this.deps.present(after, calendarName, timezone),
        ...(before && type !== 'appointment.created'
          ? { previous: { status: before.status, slot_id: before.slot_id } }
          : {}),
      },
    };
    await this.deps.events.put(entityId, event);

    // 4. One delivery per subscription, pending before queued; one waiting behind an earlier delivery of
    //    the same appointment is queued by that one when it is done.
    const subscriptions = (await this.deps.webhooks.list(entityId)).filter((s) => s.events.includes(type));
    for (const subscription of subscriptions) {
      const delivery = {
        entityId,
        subscriptionId: subscription.id,
        appointmentId: after.appointment_id,
        event,
        attempt: 1,
      };
      await this.deps.pending.add(delivery);
      if ((await this.deps.pending.position(delivery)) === 'first')
        await this.deps.queue.enqueue(delivery, 0);
    }
    if (this.deps.notify) await this.deps.notify(change, type, id);
    await this.deps.events.markQueued(entityId, id);
    return event;
  }
}
