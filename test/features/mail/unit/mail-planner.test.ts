import { MailPlanner } from '../../../../shared/features/mail/services/mail-planner';
import type { AppointmentChange } from '../../../../shared/features/webhooks/ports';
import { appointment, ENTITY_ID, mailJob, mailWorld, NOW } from '../../../support/doubles/in-memory-mail';

const TOKEN = 'Q'.repeat(43);

const change = (patch: Partial<AppointmentChange> = {}): AppointmentChange => ({
  entityId: ENTITY_ID,
  createdAtMs: NOW.getTime(),
  sequenceNumber: '1',
  before: null,
  after: appointment(),
  sequence: 0,
  ...patch,
});

const planner = (world: ReturnType<typeof mailWorld>) =>
  new MailPlanner({ queue: world.queue, reminders: world.reminders, lookup: world.lookup, now: () => NOW });

describe('MailPlanner (in-memory ports)', () => {
  it("queues a booking's confirmation without its cancel token, and schedules the reminder", async () => {
    const world = mailWorld({ reminder_minutes_before: 60 });
    await planner(world).onEvent(change({ mailCancelToken: TOKEN }), 'appointment.created', 'evt_1');
    expect(world.queued).toEqual([
      {
        job: mailJob(),
        delay: 0,
      },
    ]);
    // No job holds the plaintext token: the sender reads it from the appointment when it sends.
    expect(JSON.stringify(world.queued)).not.toContain(TOKEN);
    // 10:00 in Paris is 09:00 UTC; 60 minutes before.
    expect(world.scheduled.map((s) => [s.job.kind, s.at])).toEqual([
      ['reminder', Date.parse('2026-11-25T08:00:00Z')],
    ]);
    expect(JSON.stringify(world.scheduled)).not.toContain(TOKEN);
  });

  it('queues nothing for an appointment without an e-mail, and cancels the reminder of a cancellation', async () => {
    const world = mailWorld();
    await planner(world).onEvent(
      change({ after: appointment({ client_email: null }) }),
      'appointment.created',
      'evt_2',
    );
    expect(world.queued).toEqual([]);
    const cancelled = appointment({ status: 'cancelled' });
    await planner(world).onEvent(
      change({ before: appointment(), after: cancelled }),
      'appointment.cancelled',
      'evt_3',
    );
    expect(world.queued.map((q) => q.job.kind)).toEqual(['cancelled']);
    expect(world.cancelledReminders).toEqual([cancelled.appointment_id]);
  });

  it('schedules no reminder when the start is inside the window (the clock is the one given)', async () => {
    const world = mailWorld({ reminder_minutes_before: 10080 });
    await planner(world).onEvent(change(), 'appointment.created', 'evt_4');
    expect(world.queued).toHaveLength(1);
    expect(world.scheduled).toEqual([]);
  });
});
