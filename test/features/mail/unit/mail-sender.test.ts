import { sha256Hex } from '../../../../shared/features/access/domain/tokens';
import { mailAppointmentOf } from '../../../../shared/features/mail/domain/notifications';
import { MailSender } from '../../../../shared/features/mail/services/mail-sender';
import { appointment, mailJob, mailWorld, NOW } from '../../../support/doubles/in-memory-mail';

const TOKEN = 'T'.repeat(43);
const CANCEL_URL = 'https://www.example.fr/cancel?token={cancel_token}';

const job = mailJob;

/** The hourly cap's counters in memory, as the table keeps them: per entity, address hash and window. */
function memoryCap() {
  const counts = new Map<string, number>();
  return {
    counts,
    admit: async (entityId: string, hash: string, window: number, max: number) => {
      const key = `${entityId}|${hash}|${window}`;
      const n = counts.get(key) ?? 0;
      if (n >= max) return false;
      counts.set(key, n + 1);
      return true;
    },
  };
}

function sender(
  world: ReturnType<typeof mailWorld>,
  extra: { log?: string[]; email?: string[]; cap?: ReturnType<typeof memoryCap>; now?: () => Date } = {},
) {
  return new MailSender({
    lookup: world.lookup,
    sent: world.sent,
    queue: world.queue,
    dead: world.queue,
    transport: world.transport,
    from: 'Bookings <bookings@example.com>',
    schedule: [1, 2],
    now: extra.now ?? (() => NOW),
    ...(extra.cap ? { cap: extra.cap } : {}),
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

  it('links with a token of its own (only its hash stored) when the booking token is not kept any more', async () => {
    const world = mailWorld({ cancel_url: CANCEL_URL });
    expect(await sender(world).handle(job())).toBe('sent');
    expect(world.messages[0]?.text).toContain('https://www.example.fr/cancel?token=');
    expect(world.messages[0]?.text).not.toContain(TOKEN);
    expect(world.addedHashes).toHaveLength(1);
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

  it('re-sends the same link when it retries an e-mail; another e-mail gets another link', async () => {
    const world = mailWorld({ cancel_url: CANCEL_URL });
    const updated = (attempt: number, key = 'evt_moved') =>
      job({ kind: 'updated', key, cancelLink: undefined, attempt });
    const s = sender(world);
    world.failWith(new Error('421 try again later'));
    expect(await s.handle(updated(1))).toBe('retrying');
    expect(await s.handle(updated(2))).toBe('retrying');
    world.failWith(null);
    expect(await s.handle(updated(3))).toBe('sent');
    expect(await s.handle(updated(1, 'evt_moved_again'))).toBe('sent');
    expect(new Set(world.addedHashes.slice(0, 3)).size).toBe(1);
    const link = (i: number) => /token=(\S+)/.exec(world.messages[i]?.text ?? '')?.[1];
    expect(sha256Hex(decodeURIComponent(link(0) ?? ''))).toBe(world.addedHashes[0]);
    expect(world.addedHashes[3]).not.toBe(world.addedHashes[0]);
    expect(link(1)).not.toBe(link(0));
  });

  it('drops a reminder whose appointment moved or was cancelled meanwhile', async () => {
    const world = mailWorld();
    const reminder = job({ kind: 'reminder', key: 'rem_1', cancelLink: undefined });
    world.appointments.set(appointment().appointment_id, appointment({ start_time: '11:00:00' }));
    expect(await sender(world).handle(reminder)).toBe('dropped');
    world.appointments.set(appointment().appointment_id, appointment());
    expect(await sender(world).handle(reminder)).toBe('sent');
  });

  it('drops a reminder whose appointment was marked no-show before its start (issue 60)', async () => {
    const world = mailWorld();
    const reminder = job({ kind: 'reminder', key: 'rem_1', cancelLink: undefined });
    world.appointments.set(appointment().appointment_id, appointment({ status: 'no_show' }));
    expect(await sender(world).handle(reminder)).toBe('dropped');
  });

  it('sends at most 5 e-mails an hour to one address for publishable-key bookings; the business is not capped', async () => {
    const world = mailWorld();
    const cap = memoryCap();
    const log: string[] = [];
    const email: string[] = [];
    let now = NOW;
    const s = sender(world, { cap, log, email, now: () => now });
    const outcomes: string[] = [];
    for (let i = 0; i < 7; i++) outcomes.push(await s.handle(job({ key: `evt_pk_${i}`, capped: true })));
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'capped', 'capped']);
    expect(world.messages).toHaveLength(5);
    expect(email.filter((e) => e === 'capped')).toHaveLength(2);
    expect(log.filter((l) => l.startsWith('mail skipped'))).toHaveLength(2);
    expect(log.join('\n')).not.toContain('jeanne@example.com');
    // A skipped e-mail is not tried again.
    expect(await s.handle(job({ key: 'evt_pk_5', capped: true }))).toBe('duplicate');
    // Another address has its own cap; the business's own bookings have none.
    const other = mailAppointmentOf(appointment({ client_email: 'marc@example.com' }));
    expect(await s.handle(job({ key: 'evt_other', capped: true, appointment: other }))).toBe('sent');
    expect(await s.handle(job({ key: 'evt_owner' }))).toBe('sent');
    // The next hour opens a new window.
    now = new Date(NOW.getTime() + 3_600_000);
    expect(await s.handle(job({ key: 'evt_pk_next', capped: true }))).toBe('sent');
  });

  it('counts victim+a@, victim+b@ and VICTIM@ as one address', async () => {
    const world = mailWorld();
    const cap = memoryCap();
    const s = sender(world, { cap });
    const outcomes: string[] = [];
    for (let i = 0; i < 7; i++) {
      const address = ['victim+a@example.com', 'victim+b@example.com', 'VICTIM@example.com'][i % 3];
      const to = mailAppointmentOf(appointment({ client_email: address }));
      outcomes.push(await s.handle(job({ key: `evt_tag_${i}`, capped: true, appointment: to })));
    }
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'capped', 'capped']);
    expect(cap.counts.size).toBe(1);
  });
});
