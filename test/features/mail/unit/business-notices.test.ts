import { businessNotices, noticeMessage } from '../../../../shared/features/mail/services/business-mail';
import type { AppointmentChange } from '../../../../shared/features/webhooks/ports';
import { appointment, ENTITY_ID, mailWorld, NOW } from '../../../support/doubles/in-memory-mail';

/** Issue 59 point 5: whom a change is told to (docs/NOTIFICATIONS.md#the-business-hears), and what it says. */
const change = (patch: Partial<AppointmentChange> = {}): AppointmentChange => ({
  entityId: ENTITY_ID,
  createdAtMs: NOW.getTime(),
  sequenceNumber: '1',
  before: null,
  after: appointment(),
  sequence: 0,
  ...patch,
});

/** A world whose calendars 1 and 2 have staff addresses. */
const world = (notify_emails: string[]) => {
  const w = mailWorld({ notify_emails, language: 'fr', name: 'Salon Jeanne' });
  const staff: Record<number, string> = { 1: 'chloe@salon.example', 2: 'bruno@salon.example' };
  return {
    ...w,
    lookup: {
      ...w.lookup,
      staffEmail: async (_entityId: string, calendarId: number) => staff[calendarId] ?? null,
      calendarName: async (_entityId: string, calendarId: number) => (calendarId === 1 ? 'Chloé' : 'Bruno'),
    },
  };
};

describe('business notices', () => {
  it('makes one job per address: notify_emails and the staff member, a repeat once (the staff member wins)', async () => {
    const w = world(['accueil@salon.example', 'CHLOE@salon.example']);
    const jobs = await businessNotices(w.lookup, change(), 'appointment.created', 'evt_1');
    expect(jobs.map((j) => [j.notice?.to, j.notice?.calendarId])).toEqual([
      ['accueil@salon.example', undefined],
      ['chloe@salon.example', 1],
    ]);
    expect(new Set(jobs.map((j) => j.key)).size).toBe(2);
    expect(jobs.every((j) => j.kind === 'created' && j.capped === undefined)).toBe(true);
  });

  it('tells the staff member a move took the appointment from, and says where it was and who moved it', async () => {
    const w = world([]);
    const before = appointment({ calendar_id: 1, slot_id: 2, start_time: '10:00:00', end_time: '10:30:00' });
    const after = appointment({ calendar_id: 2, slot_id: 9, start_time: '11:00:00', end_time: '11:30:00' });
    const jobs = await businessNotices(
      w.lookup,
      change({ before, after, byClient: true }),
      'appointment.updated',
      'e',
    );
    expect(jobs.map((j) => j.notice?.to)).toEqual(['chloe@salon.example', 'bruno@salon.example']);
    expect(jobs[0]?.notice).toMatchObject({
      byClient: true,
      was: { start_time: '10:00:00', calendar_id: 1 },
    });
    const [left, arrived] = await Promise.all(
      jobs.map(async (job) =>
        noticeMessage({
          lookup: w.lookup,
          job,
          entity: (await w.lookup.entity(ENTITY_ID))!,
          from: 'no-reply@booking.local',
        }),
      ),
    );
    expect(left?.subject).toMatch(/^Rendez-vous modifié : /);
    expect(left?.text).toContain('Par : le client, en ligne');
    expect(left?.text).toMatch(/Avant : .*10:00/);
    expect(left?.attachments[0]?.contentType).toContain('method=CANCEL');
    expect(arrived?.attachments[0]?.contentType).toContain('method=REQUEST');
    expect(arrived?.from).toContain('Salon Jeanne');
  });

  it('makes none when the business marks an appointment completed or a no-show (its own record)', async () => {
    const w = world(['accueil@salon.example']);
    for (const status of ['completed', 'no_show'] as const) {
      const marked = change({ before: appointment(), after: appointment({ status }) });
      expect(await businessNotices(w.lookup, marked, 'appointment.updated', 'e')).toEqual([]);
    }
    const confirmed = change({ before: appointment({ status: 'pending' }), after: appointment() });
    expect(await businessNotices(w.lookup, confirmed, 'appointment.updated', 'e')).toHaveLength(2);
  });

  it('makes none without addresses, nor for a v1 booking made already cancelled', async () => {
    expect(
      await businessNotices(
        world([]).lookup,
        change({ after: appointment({ calendar_id: 7 }) }),
        'appointment.created',
        'e',
      ),
    ).toEqual([]);
    const cancelled = change({ after: appointment({ status: 'cancelled' }) });
    expect(
      await businessNotices(world(['a@salon.example']).lookup, cancelled, 'appointment.created', 'e'),
    ).toEqual([]);
  });

  it('tells of a booking without the client’s address, and a notice to notify_emails carries no file', async () => {
    const w = world(['accueil@salon.example']);
    const after = appointment({ client_email: null, calendar_id: 7 });
    const [job] = await businessNotices(w.lookup, change({ after }), 'appointment.created', 'e');
    const message = await noticeMessage({
      lookup: w.lookup,
      job: job!,
      entity: (await w.lookup.entity(ENTITY_ID))!,
      from: 'Booking <no-reply@booking.local>',
    });
    expect(message.to).toBe('accueil@salon.example');
    expect(message.attachments).toEqual([]);
    expect(message.replyTo).toBeUndefined();
    expect(message.text).toContain('Par : Salon Jeanne');
    expect(message.text).not.toContain('E-mail :');
  });
});
