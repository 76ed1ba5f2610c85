import type { JobQueue } from '../../../core/jobs/ports';
import { takesPlace } from '../../booking';
import { startInstant } from '../../schedule';
import type { AppointmentChange, EventType } from '../../webhooks';
import {
  type MailJob,
  mailAppointmentOf,
  mailKindOf,
  releaseKey,
  reminderKey,
  reminderTime,
} from '../domain/notifications';
import type { MailLookup, ReminderScheduler } from '../ports';
import { businessNotices } from './business-mail';

/**
 * What a committed change means for the client's mailbox (docs/NOTIFICATIONS.md): the e-mail of the
 * change, queued like a webhook delivery, and the reminder scheduled, moved or dropped. Called by the
 * event dispatcher before it marks the event done, so a change processed again queues its e-mail again
 * (the sender sends each key once).
 */
export interface MailPlannerDeps {
  queue: JobQueue<MailJob>;
  reminders: ReminderScheduler;
  lookup: Pick<MailLookup, 'settings' | 'staffEmail'>;
  /** The clock of the reminders' window. */
  now?: () => Date;
  /** How long a booking pending confirmation by e-mail holds its place before its release (ms). */
  holdMs?: number;
}

export class MailPlanner {
  private readonly queue: JobQueue<MailJob>;
  private readonly reminders: ReminderScheduler;
  private readonly lookup: Pick<MailLookup, 'settings' | 'staffEmail'>;
  private readonly now: () => Date;
  private readonly holdMs: number | undefined;

  constructor(deps: MailPlannerDeps) {
    this.holdMs = deps.holdMs;
    this.queue = deps.queue;
    this.reminders = deps.reminders;
    this.lookup = deps.lookup;
    this.now = deps.now ?? (() => new Date());
  }

  async onEvent(change: AppointmentChange, type: EventType, eventId: string): Promise<void> {
    const after = change.after;
    if (!after) return;
    // The business and its staff hear of every change, whether or not the client gave an address.
    for (const notice of await businessNotices(this.lookup, change, type, eventId))
      await this.queue.enqueue(notice, 0);
    // A key's booking waiting for its e-mail's confirmation: released when its hold is over, unless confirmed.
    if (type === 'appointment.created' && after.status === 'pending' && change.viaKey) {
      const at = Date.parse(after.created_at) + (this.holdMs ?? 30 * 60_000);
      const job = { entityId: change.entityId, appointment: mailAppointmentOf(after), sequence: 0 };
      await this.reminders.schedule(
        { ...job, kind: 'reminder', key: releaseKey(after.appointment_id), release: true, attempt: 1 },
        at,
      );
    }
    const kind = mailKindOf(type, after);
    if (!kind) return;
    const appointment = mailAppointmentOf(after);
    const base = {
      entityId: change.entityId,
      appointment,
      sequence: change.sequence ?? 0,
      attempt: 1,
      ...(change.viaKey ? { capped: true as const } : {}),
    };
    await this.queue.enqueue(
      {
        ...base,
        kind,
        key: eventId,
        // The token itself stays on the appointment: the sender reads it when it sends.
        ...(kind === 'created' && change.mailCancelToken ? { cancelLink: true as const } : {}),
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
    const settings = await this.lookup.settings(change.entityId);
    if (!settings) return;
    const start = startInstant(after.date, after.start_time, settings.timezone).getTime();
    const at = reminderTime(start, settings.reminder_minutes_before, this.now().getTime());
    if (at === null) {
      // Moved inside the window, or reminders turned off: an earlier reminder must not go.
      if (change.before !== null) await this.reminders.cancel(change.entityId, after.appointment_id);
      return;
    }
    await this.reminders.schedule({ ...base, kind: 'reminder', key: reminderKey(after) }, at);
  }
}
