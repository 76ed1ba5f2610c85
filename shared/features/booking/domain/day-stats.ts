/**
 * Statistics that stay flat as history grows (issue 31): what one client's appointments add to the
 * per-day statistics items, so that a period's unique clients, the active clients and the clients of a
 * calendar are read from counters written with the bookings, never counted on reading.
 *
 * A client's days are two counts per (slot date, calendar): its appointments there (any status) and its
 * live ones (not cancelled). From them, per scope (the entity, or one calendar):
 *
 * - **points**: each date the client has an appointment in the scope counts 1 on that date (`n`);
 * - **links**: each such date after the client's previous one in the scope counts 1 on that date under
 *   the previous date (`l<previous date>`), when the gap is at most MAX_LINK_DAYS.
 *
 * The distinct clients of a range [from, to] are then the points in the range less the links whose both
 * ends are in it (a client with k dates in the range has k points and k − 1 links there): one read of the
 * range's day items, whatever the number of clients. Active clients are counted by the date of each
 * client's latest live appointment (`lastLive`), so "a live appointment from this date on" is a sum over
 * dates. A client is a member of a calendar while it has an appointment there.
 */
import type { AppointmentRecord, AppointmentStatus, ClientDays } from './appointment';
import { takesPlace } from './appointment';

export type { ClientDayState, ClientDays } from './appointment';

/** A scope of the day statistics: the whole entity, or one calendar. */
export type StatScope = number | 'all';

/** Longest range a statistic reads (checkRange: 365 days apart), plus one: older links never count. */
export const MAX_LINK_DAYS = 366;

export const noDays = (): ClientDays => ({ all: {}, live: {} });

export const dayKeyOf = (date: string, calendarId: number): string => `${date}#${calendarId}`;
const parseKey = (key: string): { date: string; calendarId: number } => {
  const [date = '', calendar = '0'] = key.split('#');
  return { date, calendarId: Number(calendar) };
};

const bump = (map: Record<string, number>, key: string, by: number): void => {
  const n = (map[key] ?? 0) + by;
  if (n > 0) map[key] = n;
  else delete map[key];
};

/** The days after adding (sign 1) or removing (sign -1) one appointment. */
export function withAppointment(
  days: ClientDays,
  a: Pick<AppointmentRecord, 'date' | 'calendar_id' | 'status'>,
  sign: 1 | -1,
): ClientDays {
  const next: ClientDays = { all: { ...days.all }, live: { ...days.live } };
  const key = dayKeyOf(a.date, a.calendar_id);
  bump(next.all, key, sign);
  if (takesPlace(a.status)) bump(next.live, key, sign);
  return next;
}

/** A client's days from its appointments. */
export function daysOf(appointments: Array<Pick<AppointmentRecord, 'date' | 'calendar_id' | 'status'>>) {
  let days = noDays();
  for (const a of appointments) days = withAppointment(days, a, 1);
  return days;
}

/** One counter move on a day item of a scope: `n` (points) or `l<date>` (links). */
export interface DayStatMove {
  date: string;
  scope: StatScope;
  attribute: string;
  delta: number;
}

/** What a change of a client's days moves, apart from the status counts. */
export interface DayEffects {
  stats: DayStatMove[];
  /** Clients by the date of their latest live appointment. */
  lastLive: Array<{ date: string; delta: number }>;
  /** Memberships of calendars: 1 joins, -1 leaves. */
  calendars: Array<{ calendarId: number; delta: number }>;
}

export const linkAttribute = (previous: string): string => `l${previous}`;
export const POINTS = 'n';

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Every scope's sorted dates of a client. */
function datesByScope(days: ClientDays): Map<StatScope, string[]> {
  const byScope = new Map<StatScope, Set<string>>();
  for (const key of Object.keys(days.all)) {
    const { date, calendarId } = parseKey(key);
    for (const scope of ['all', calendarId] as StatScope[]) {
      const dates = byScope.get(scope) ?? new Set<string>();
      dates.add(date);
      byScope.set(scope, dates);
    }
  }
  return new Map([...byScope].map(([scope, dates]) => [scope, [...dates].sort()]));
}

/** The client's latest date with a live appointment, or null. */
export function lastLiveOf(days: ClientDays): string | null {
  let last: string | null = null;
  for (const key of Object.keys(days.live)) {
    const { date } = parseKey(key);
    if (last === null || date > last) last = date;
  }
  return last;
}

/** The calendars a client has appointments in. */
export const calendarsOf = (days: ClientDays): Set<number> =>
  new Set(Object.keys(days.all).map((key) => parseKey(key).calendarId));

/** What one client's days contribute, as moves from nothing. */
function contributions(days: ClientDays): Map<string, DayStatMove> {
  const out = new Map<string, DayStatMove>();
  const add = (date: string, scope: StatScope, attribute: string) =>
    out.set(`${date}|${scope}|${attribute}`, { date, scope, attribute, delta: 1 });
  for (const [scope, dates] of datesByScope(days)) {
    dates.forEach((date, i) => {
      add(date, scope, POINTS);
      const previous = dates[i - 1];
      if (previous !== undefined && dayNumber(date) - dayNumber(previous) <= MAX_LINK_DAYS)
        add(date, scope, linkAttribute(previous));
    });
  }
  return out;
}

/** What changing a client's days from `before` to `after` moves. */
export function dayEffects(before: ClientDays, after: ClientDays): DayEffects {
  const was = contributions(before);
  const is = contributions(after);
  const stats: DayStatMove[] = [];
  for (const [id, move] of is) if (!was.has(id)) stats.push(move);
  for (const [id, move] of was) if (!is.has(id)) stats.push({ ...move, delta: -1 });
  const lastLive: DayEffects['lastLive'] = [];
  const lastBefore = lastLiveOf(before);
  const lastAfter = lastLiveOf(after);
  if (lastBefore !== lastAfter) {
    if (lastBefore !== null) lastLive.push({ date: lastBefore, delta: -1 });
    if (lastAfter !== null) lastLive.push({ date: lastAfter, delta: 1 });
  }
  const calendarsBefore = calendarsOf(before);
  const calendarsAfter = calendarsOf(after);
  const calendars: DayEffects['calendars'] = [
    ...[...calendarsAfter].filter((c) => !calendarsBefore.has(c)).map((c) => ({ calendarId: c, delta: 1 })),
    ...[...calendarsBefore].filter((c) => !calendarsAfter.has(c)).map((c) => ({ calendarId: c, delta: -1 })),
  ];
  return { stats, lastLive, calendars };
}

const sameKeys = (a: Record<string, number>, b: Record<string, number>): boolean => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => k in b);
};

/**
 * Whether a change of a client's days can be written without knowing the rest of them: no (date,
 * calendar) appears or disappears, no live entry disappears, and the latest live date stays. Such a change
 * moves no statistic, so concurrent ones (one client booking many places at once) commute: each is
 * conditioned only on the structure being the one read. Any other change is written against the days
 * exactly as read.
 */
export function commutes(before: ClientDays, after: ClientDays): boolean {
  return (
    sameKeys(before.all, after.all) &&
    Object.keys(before.live).every((k) => k in after.live) &&
    lastLiveOf(before) === lastLiveOf(after)
  );
}

/** A day item of a scope as read: status counts (calendar scopes), points and links. */
export interface DayStatRow {
  date: string;
  scope: StatScope;
  pending: number;
  confirmed: number;
  cancelled: number;
  completed: number;
  no_show: number;
  points: number;
  links: Record<string, number>;
}

/** A day item of a scope that nothing has moved yet. */
export const emptyDayStat = (date: string, scope: StatScope): DayStatRow => ({
  date,
  scope,
  pending: 0,
  confirmed: 0,
  cancelled: 0,
  completed: 0,
  no_show: 0,
  points: 0,
  links: {},
});

/** Applies one move to a day item as read (its points, or the link to an earlier date). */
export function applyStatMove(row: DayStatRow, move: DayStatMove): void {
  if (move.attribute === POINTS) row.points += move.delta;
  else {
    const previous = move.attribute.slice(1);
    row.links[previous] = (row.links[previous] ?? 0) + move.delta;
  }
}

/** Distinct clients with an appointment from `from` to `to`, from the day rows of one scope in that range. */
export function uniqueClients(rows: DayStatRow[], from: string, to: string): number {
  let n = 0;
  for (const row of rows) {
    if (row.date < from || row.date > to) continue;
    n += row.points;
    for (const [previous, count] of Object.entries(row.links)) if (previous >= from) n -= count;
  }
  return n;
}

/** A calendar's appointments on a day item's date, any status. */
export const appointmentsOnDay = (row: DayStatRow): number =>
  row.pending + row.confirmed + row.completed + row.cancelled + row.no_show;

/**
 * Appointments dated in the rows' range, from the calendars' day items (their status counts): of one
 * calendar or all, of one status or any. The total of a dated list, whatever the appointments a day holds.
 */
export function appointmentsIn(
  rows: DayStatRow[],
  calendarId: number | undefined,
  status: AppointmentStatus | undefined,
): number {
  let n = 0;
  for (const row of rows) {
    if (row.scope === 'all' || (calendarId !== undefined && row.scope !== calendarId)) continue;
    n += status ? row[status] : appointmentsOnDay(row);
  }
  return n;
}

/** Every day item's moves for a set of clients' days, from nothing (seed, recount, the debug data set). */
export function dayEffectsOfAll(clients: Iterable<ClientDays>): DayEffects {
  const stats = new Map<string, DayStatMove>();
  const lastLive = new Map<string, number>();
  const calendars = new Map<number, number>();
  for (const days of clients) {
    const effects = dayEffects(noDays(), days);
    for (const m of effects.stats) {
      const id = `${m.date}|${m.scope}|${m.attribute}`;
      const known = stats.get(id);
      if (known) known.delta += m.delta;
      else stats.set(id, { ...m });
    }
    for (const l of effects.lastLive) lastLive.set(l.date, (lastLive.get(l.date) ?? 0) + l.delta);
    for (const c of effects.calendars) calendars.set(c.calendarId, (calendars.get(c.calendarId) ?? 0) + 1);
  }
  return {
    stats: [...stats.values()],
    lastLive: [...lastLive].map(([date, delta]) => ({ date, delta })),
    calendars: [...calendars].map(([calendarId, delta]) => ({ calendarId, delta })),
  };
}
