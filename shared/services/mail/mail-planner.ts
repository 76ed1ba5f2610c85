import { takesPlace } from '../../domain/booking/appointment';
import type { EventType } from '../../domain/delivery/webhooks';
import {
  type MailJob,
  mailAppointmentOf,
  mailKindOf,
  reminderKey,
  reminderTime,
} from '../../domain/mail/notifications';
import { startInstant } from '../../domain/schedule/slot-times';
import type { AppointmentChange } from '../events/ports';
import type { JobQueue } from '../jobs/ports';
import type { MailLookup, ReminderScheduler } from './ports';

/**
 * What a committed change means for the client's mailbox (docs/NOTIFICATIONS.md): the e-mail of the
 * change, queued like a webhook delivery, and the reminder scheduled, moved or dropped. Called by the
 * event dispatcher before it marks the event done, so a change processed again queues its e-mail again
 * (the sender sends each key once).
 */
export class MailPlanner {
  constructor(
    private readonly queue: JobQueue<MailJob>,
    private readonly reminders: ReminderScheduler,
    private readonly lookup: Pick<MailLookup, 'entity'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async onEvent(change: AppointmentChange, type: EventType, eventId: string): Promise<void> {
    const after = change.after;
    if (!after) return;
    const kind = mailKindOf(type, after);
    if (!kind) return;
    const appointment = mailAppointmentOf(after);
    const base = { entityId: change.entityId, appointment, sequence: change.sequence ?? 0, attempt: 1 };
    await this.queue.enqueue(
      {
        ...base,
        kind,
        key: eventId,
        ...(kind === 'created' && change.mailCancelToken ? { cancelToken: change.mailCancelToken } : {}),
      },
      0,
    );

    // The reminder: none for a cancelled appointment; (re)scheduled at the start it has now.
    if (!takesPlace(after.status)) {
      await this.reminders.cancel(change.entityId, after.appointment_id);
      return;
    }
    const moved = change.before !== null && change.before.slot_id !== after.slot_id;
    const revived = change.before !== null && !takesPlace(change.before.status);
    if (change.before !== null && !moved && !revived) return;
    const entity = await this.lookup.entity(change.entityId);
    if (!entity) return;
    const start = startInstant(after.date, after.start_time, entity.settings.timezone).getTime();
    const at = reminderTime(start, entity.settings.reminder_minutes_before, this.now().getTime());
    if (at === null) {
      // Moved inside the window, or reminders turned off: an earlier reminder must not go.
      if (change.before !== null) await this.reminders.cancel(change.entityId, after.appointment_id);
      return;
    }
    await this.reminders.schedule({ ...base, kind: 'reminder', key: reminderKey(after) }, at);
  }
}
