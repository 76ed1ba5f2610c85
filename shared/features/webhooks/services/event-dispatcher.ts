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
 *
 * The event's write is conditional (a record processed again finds its event there, with no read before):
 * without a subscription that wants it, the e-mails are queued first and the event is written done in one
 * write; with some, it is written pending, its deliveries and e-mails queued, then marked done. A record
 * processed again stops at an event found done, and otherwise does what was left (the same deliveries and
 * e-mails, under the same ids and keys: queued twice, sent once).
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

    // 2. What it shows (the time zone and calendar name, read as they are now), and who wants it.
    const [timezone, calendarName, subscriptions] = await Promise.all([
      this.deps.context.timezone(entityId),
      this.deps.context.calendarName(entityId, after.calendar_id),
      this.deps.webhooks.list(entityId).then((all) => all.filter((s) => s.events.includes(type))),
    ]);
    const made: BookingEvent = {
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

    // 3. No subscription wants it: the e-mails, then the event written done (a crash in between: all again).
    if (subscriptions.length === 0) {
      await this.notify(change, type, id);
      const found = await this.deps.events.add(entityId, made, true);
      if (found === 'written') return made;
      // Written pending by an earlier try, whose subscriptions are gone since: done now.
      if (!found.queued) await this.deps.events.markQueued(entityId, id);
      return null;
    }

    // 4. The event in the feed, pending; one written before is taken as it was (done: nothing left).
    const found = await this.deps.events.add(entityId, made, false);
    if (found !== 'written' && found.queued) return null;
    const event = found === 'written' ? made : found.event;

    // 5. One delivery per subscription, pending before queued; one waiting behind an earlier delivery of
    //    the same appointment is queued by that one when it is done.
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
    await this.notify(change, type, id);
    await this.deps.events.markQueued(entityId, id);
    return event;
  }

  private async notify(change: AppointmentChange, type: EventType, id: string): Promise<void> {
    if (this.deps.notify) await this.deps.notify(change, type, id);
  }
}
