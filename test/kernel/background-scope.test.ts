import type { MailMessage } from '../../shared/features/mail/ports';
import { runInScope } from '../../shared/http/scope';
import { type LocalEvents, startLocalEvents } from '../../shared/local/pipelines/local-events';
import { viaHandler } from '../support/api';
import { ALWAYS_OPEN, futureWorkingDate, mobile, newEntity } from '../support/fixtures';
import { until } from '../support/mail';
import { withStream } from '../support/table-stream';

/**
 * Under `npm start`, the stream poller, the queues and their timers are woken by a request's write, so what
 * they run was started inside that request's scope and carried its store deadline, which passes with the
 * request: a change made a little later (by the admin CLI, or while the poller was busy) was never
 * dispatched (its confirmation e-mail never left, "stream record failed" every few hundred ms) and the
 * entity's open days failed ("the request's deadline came before the store answered"). Here the local
 * pipeline starts inside a scope whose deadline has already passed, as it does when a request wakes it: its
 * background work must still reach the store.
 */
const sent: MailMessage[] = [];
const lines: string[] = [];
let events: LocalEvents;

beforeAll(async () => {
  await withStream();
  events = await runInScope(
    async () =>
      startLocalEvents({
        retryScale: 0.002,
        // At 2 s (the poller's longest idle wait) a write's wake never reschedules the poller, so its polls
        // stay in the scope it started in, as they do under load after a request's write woke it.
        intervalMs: 2_000,
        log: (line) => lines.push(line),
        mail: {
          transport: {
            send: async (message) => {
              sent.push(message);
              return 'captured';
            },
          },
        },
      }),
    { endsAt: Date.now() - 1_000, reserveMs: 0 },
  );
});
afterAll(async () => {
  await events.stop();
});

const isoDay = (offsetDays: number): string =>
  new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });

describe("background work woken inside a request's scope", () => {
  it('dispatches a booking made after that deadline: its confirmation e-mail leaves', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const generated = await viaHandler('POST', '/api/v2/calendar-slots/generate', {
      headers: entity.v2,
      body: { date: futureWorkingDate(25) },
    });
    expect(generated.status).toBe(200);
    const booked = await viaHandler('POST', '/api/v2/appointments', {
      headers: entity.v2,
      body: {
        client_name: 'Jeanne Durand',
        client_phone: mobile(7100),
        client_email: 'background-scope@example.com',
        slot_id: generated.json.data[0].id,
      },
    });
    expect(booked.status).toBe(200);
    const mail = await until(
      'the confirmation e-mail',
      () => sent.find((m) => m.to === 'background-scope@example.com'),
      20_000,
    );
    expect(mail.attachments.map((a) => a.filename)).toContain('appointment.ics');
    expect(lines.filter((l) => l.includes('deadline'))).toEqual([]);
  });

  it("opens an entity's days after a change of its settings", async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN });
    const changed = await viaHandler('POST', '/api/v2/settings', {
      headers: entity.v2,
      body: { open_days_ahead: 3 },
    });
    expect(changed.status).toBe(200);
    await until(
      'the open days',
      async () => {
        const slots = await viaHandler('GET', `/api/v2/calendar-slots?from=${isoDay(0)}&to=${isoDay(2)}`, {
          headers: entity.v2,
        });
        return slots.status === 200 && (slots.json.data as unknown[]).length > 0;
      },
      20_000,
    );
    expect(lines.filter((l) => l.startsWith(`open days of ${entity.entity_account_id} failed`))).toEqual([]);
  });
});
