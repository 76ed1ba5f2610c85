import { addDays } from '../../../../shared/core/dates';
import type { AppointmentStatus } from '../../../../shared/features/booking/domain/appointment';
import {
  applyStatMove,
  type ClientDays,
  commutes,
  type DayStatRow,
  dayEffects,
  dayEffectsOfAll,
  emptyDayStat,
  noDays,
  uniqueClients,
  withAppointment,
} from '../../../../shared/features/booking/domain/day-stats';

/**
 * The flat statistics' arithmetic (shared/features/booking/domain/day-stats.ts): counters moved change by change
 * answer what counting the appointments would — distinct clients of any range, per scope; clients by
 * latest live date; memberships — and a change that "commutes" moves nothing. A fixed seed, a fixed
 * number of changes: the same work on every run.
 */
const SEED = 31;
const STATUSES: AppointmentStatus[] = ['pending', 'confirmed', 'cancelled', 'completed', 'no_show'];
const START = '2026-01-01';

function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s % n;
  };
}

interface Appt {
  client: number;
  date: string;
  calendar_id: number;
  status: AppointmentStatus;
}

test('counters moved change by change give the distinct clients of every range, active clients and memberships', () => {
  const pick = random(SEED);
  const appts: Appt[] = [];
  const days = new Map<number, ClientDays>();
  const rows = new Map<string, DayStatRow>();
  const lastLive = new Map<string, number>();
  const members = new Map<number, number>();
  const apply = (client: number, after: ClientDays) => {
    const before = days.get(client) ?? noDays();
    const effects = dayEffects(before, after);
    if (commutes(before, after)) expect(effects).toEqual({ stats: [], lastLive: [], calendars: [] });
    for (const m of effects.stats) {
      const id = `${m.date}|${m.scope}`;
      const row = rows.get(id) ?? emptyDayStat(m.date, m.scope);
      applyStatMove(row, m);
      rows.set(id, row);
    }
    for (const l of effects.lastLive) lastLive.set(l.date, (lastLive.get(l.date) ?? 0) + l.delta);
    for (const c of effects.calendars) members.set(c.calendarId, (members.get(c.calendarId) ?? 0) + c.delta);
    days.set(client, after);
  };

  for (let step = 0; step < 1_000; step++) {
    const kind = pick(10);
    if (kind < 6 || appts.length === 0) {
      // A booking (some days far apart: links older than a year are not kept).
      const a: Appt = {
        client: pick(40),
        date: addDays(START, pick(10) === 0 ? pick(800) : pick(90)),
        calendar_id: 1 + pick(3),
        status: STATUSES[pick(STATUSES.length)] as AppointmentStatus,
      };
      appts.push(a);
      apply(a.client, withAppointment(days.get(a.client) ?? noDays(), a, 1));
    } else {
      // A status change or a move of an existing appointment.
      const i = pick(appts.length);
      const before = appts[i] as Appt;
      const after: Appt =
        kind < 8
          ? { ...before, status: STATUSES[pick(STATUSES.length)] as AppointmentStatus }
          : { ...before, date: addDays(START, pick(90)), calendar_id: 1 + pick(3) };
      appts[i] = after;
      const d = withAppointment(withAppointment(days.get(before.client) ?? noDays(), before, -1), after, 1);
      apply(before.client, d);
    }
  }

  // Distinct clients of ranges, per scope, against a count of the appointments.
  for (let q = 0; q < 150; q++) {
    const from = addDays(START, pick(120) - 10);
    const to = addDays(from, pick(pick(2) ? 40 : 365));
    for (const scope of ['all', 1, 2, 3] as const) {
      const wanted = new Set(
        appts
          .filter((a) => a.date >= from && a.date <= to && (scope === 'all' || a.calendar_id === scope))
          .map((a) => a.client),
      ).size;
      const inScope = [...rows.values()].filter((r) => r.scope === scope);
      expect({ from, to, scope, n: uniqueClients(inScope, from, to) }).toEqual({
        from,
        to,
        scope,
        n: wanted,
      });
    }
    // Active clients from a date: a live appointment on it or later.
    const active = new Set(
      appts.filter((a) => a.status !== 'cancelled' && a.date >= from).map((a) => a.client),
    ).size;
    const counted = [...lastLive].filter(([date]) => date >= from).reduce((n, [, c]) => n + c, 0);
    expect({ from, counted }).toEqual({ from, counted: active });
  }
  for (const calendar of [1, 2, 3]) {
    const wanted = new Set(appts.filter((a) => a.calendar_id === calendar).map((a) => a.client)).size;
    expect(members.get(calendar) ?? 0).toBe(wanted);
  }

  // Derived at once (seed, recount) equals moved change by change.
  const once = dayEffectsOfAll(days.values());
  const fromOnce = new Map<string, number>();
  for (const m of once.stats) fromOnce.set(`${m.date}|${m.scope}|${m.attribute}`, m.delta);
  for (const row of rows.values()) {
    expect(fromOnce.get(`${row.date}|${row.scope}|n`) ?? 0).toBe(row.points);
    for (const [previous, n] of Object.entries(row.links))
      expect(fromOnce.get(`${row.date}|${row.scope}|l${previous}`) ?? 0).toBe(n);
  }
});

test('a second booking on a day and calendar the client already has, before its latest live day, commutes', () => {
  const one = withAppointment(noDays(), { date: '2026-03-10', calendar_id: 1, status: 'confirmed' }, 1);
  const two = withAppointment(one, { date: '2026-03-20', calendar_id: 1, status: 'confirmed' }, 1);
  expect(
    commutes(two, withAppointment(two, { date: '2026-03-10', calendar_id: 1, status: 'confirmed' }, 1)),
  ).toBe(true);
  // A new day, a new calendar, a later live day, or a live day that goes: written against the days read.
  expect(
    commutes(two, withAppointment(two, { date: '2026-03-11', calendar_id: 1, status: 'confirmed' }, 1)),
  ).toBe(false);
  expect(
    commutes(two, withAppointment(two, { date: '2026-03-10', calendar_id: 2, status: 'confirmed' }, 1)),
  ).toBe(false);
  expect(
    commutes(one, withAppointment(one, { date: '2026-03-10', calendar_id: 1, status: 'confirmed' }, 1)),
  ).toBe(true);
  const cancelled = withAppointment(
    withAppointment(two, { date: '2026-03-20', calendar_id: 1, status: 'confirmed' }, -1),
    { date: '2026-03-20', calendar_id: 1, status: 'cancelled' },
    1,
  );
  expect(commutes(two, cancelled)).toBe(false);
});
