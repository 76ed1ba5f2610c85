import { type MailJob, mailAppointmentOf } from '../../../shared/domain/mail/notifications';
import { MailSender } from '../../../shared/services/mail/mail-sender';
import { appointment, ENTITY_ID, mailWorld, NOW } from '../../support/in-memory-mail';

const TOKEN = 'T'.repeat(43);
const CANCEL_URL = 'https://www.example.fr/cancel?token={cancel_token}';

const job = (patch: Partial<MailJob> = {}): MailJob => ({
  entityId: ENTITY_ID,
  kind: 'created',
  key: 'evt_1',
  appointment: mailAppointmentOf(appointment()),
  sequence: 0,
  attempt: 1,
  cancelLink: true,
  ...patch,
});

function sender(world: ReturnType<typeof mailWorld>, extra: { log?: string[]; email?: string[] } = {}) {
  return new MailSender({
    lookup: world.lookup,
    sent: world.sent,
    queue: world.queue,
    dead: world.queue,
    transport: world.transport,
    from: 'Bookings <bookings@example.com>',
    schedule: [1, 2],
    now: () => NOW,
    log: (line, fields) => extra.log?.push(`${line} ${JSON.stringify(fields)}`),
    metrics: { email: (outcome) => extra.email?.push(outcome) },
  });
}

describe('MailSender (in-memory ports)', () => {
  it('reads the cancel token from the appointment when it sends, then forgets it', async () => {
    const world = mailWorld({ cancel_url: CANCEL_URL });
    world.tokens.set(appointment().appointment_id, TOKEN);
    const email: string[] = [];
    expect(await sender(world, { email }).handle(job())).toBe('sent');
    expect(world.messages).toHaveLength(1);
    expect(world.messages[0]?.text).toContain(`https://www.example.fr/cancel?token=${TOKEN}`);
    expect(world.tokens.size).toBe(0);
    expect(email).toEqual(['sent']);
    // Seen again: sent once only.
    expect(await sender(world).handle(job())).toBe('duplicate');
    expect(world.messages).toHaveLength(1);
  });

  it('sends without a link when no token is kept any more', async () => {
    const world = mailWorld({ cancel_url: CANCEL_URL });
    expect(await sender(world).handle(job())).toBe('sent');
    expect(world.messages[0]?.text).not.toContain('https://www.example.fr/cancel');
  });

  it('retries on the schedule, then parks a job that holds no token and forgets the kept one', async () => {
    const world = mailWorld({ cancel_url: CANCEL_URL });
    world.tokens.set(appointment().appointment_id, TOKEN);
    world.failWith(new Error('554 rejected'));
    const log: string[] = [];
    const email: string[] = [];
    const s = sender(world, { log, email });
    expect(await s.handle(job())).toBe('retrying');
    expect(await s.handle(job({ attempt: 2 }))).toBe('retrying');
    expect(world.queued.map((q) => [q.job.attempt, q.delay])).toEqual([
      [2, 1],
      [3, 2],
    ]);
    expect(await s.handle(job({ attempt: 3 }))).toBe('dead');
    expect(world.parked.map((p) => p.reason)).toEqual(['Error (attempt 3 of 3)']);
    expect(JSON.stringify([world.queued, world.parked])).not.toContain(TOKEN);
    expect(world.tokens.size).toBe(0);
    expect(email).toEqual(['failed', 'failed', 'failed']);
    expect(log.join('\n')).not.toContain('jeanne@example.com');
  });

  it('drops a reminder whose appointment moved or was cancelled meanwhile', async () => {
    const world = mailWorld();
    const reminder = job({ kind: 'reminder', key: 'rem_1', cancelLink: undefined });
    world.appointments.set(appointment().appointment_id, appointment({ start_time: '11:00:00' }));
    expect(await sender(world).handle(reminder)).toBe('dropped');
    world.appointments.set(appointment().appointment_id, appointment());
    expect(await sender(world).handle(reminder)).toBe('sent');
  });
});
