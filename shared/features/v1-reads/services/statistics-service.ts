import { addDays, datesInRange, todayIn } from '../../../core/dates';
import { AppError } from '../../../core/errors';
import type { EntityContext } from '../../access';
import { appointmentsOnDay, type DayStatRow, uniqueClients } from '../../booking';
import { totalAppointments } from '../../schedule';
import type { V1Store } from '../ports';
import { checkRange } from './query-service';

export const PERIODS = ['today', 'last7days', 'last15days', 'last30days', 'specific_day', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

export interface PeriodQuery {
  period: Period;
  date?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

const LAST_DAYS: Partial<Record<Period, number>> = { today: 1, last7days: 7, last15days: 15, last30days: 30 };
const round = (n: number): number => Math.round(n * 10_000) / 10_000;
const ratio = (part: number, whole: number): number => (whole > 0 ? round(part / whole) : 0);

/** First and last date of a period, in a time zone: `last7days` is today and the 6 days before. */
export function periodRange(query: PeriodQuery, timezone: string, now: Date): { start: string; end: string } {
  const days = LAST_DAYS[query.period];
  if (days !== undefined) {
    const today = todayIn(timezone, now);
    return { start: addDays(today, -(days - 1)), end: today };
  }
  if (query.period === 'specific_day') {
    if (!query.date)
      throw new AppError('validation', 'INVALID_PARAMETER', 'date: is required when period is specific_day');
    return { start: query.date, end: query.date };
  }
  if (!query.start_date || !query.end_date) {
    throw new AppError(
      'validation',
      'INVALID_PARAMETER',
      'start_date and end_date: are required when period is custom',
    );
  }
  if (query.end_date < query.start_date) {
    throw new AppError('validation', 'INVALID_PARAMETER', 'end_date: must not be before start_date');
  }
  checkRange(query.start_date, query.end_date);
  return { start: query.start_date, end: query.end_date };
}

/** What the v1 statistics need: the v1 store (the table or the debug data set), a clock. */
export interface StatisticsServiceDeps {
  store: V1Store;
  now?: () => Date;
}

/** Statistics from the counters the write transactions keep: reads grow with the period, not with history. */
export class StatisticsService {
  private readonly now: () => Date;

  constructor(private readonly deps: StatisticsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Summary and daily breakdown of a period, for one calendar or all (docs/CONTRACT.md#v1-in-short). */
  async appointments(entity: EntityContext, query: PeriodQuery, calendarId?: number) {
    let timezone = entity.settings.timezone;
    if (calendarId !== undefined) {
      const calendar = await this.deps.store.calendars.get(entity.entityId, calendarId);
      if (!calendar) throw new AppError('not_found', 'RESOURCE_NOT_FOUND', 'calendar not found');
      timezone = calendar.timezone;
    }
    const { start, end } = periodRange(query, timezone, this.now());
    // The range's day items: status counts per calendar, points and links per scope (day-stats.ts).
    const rows = await this.deps.store.counters.dayStats(entity.entityId, start, end);
    const scope = calendarId ?? 'all';
    const counters = rows.filter(
      (d) =>
        d.scope !== 'all' && (calendarId === undefined || d.scope === calendarId) && appointmentsOnDay(d) > 0,
    );
    const sum = (pick: (d: DayStatRow) => number) => counters.reduce((n, d) => n + pick(d), 0);
    const total = sum(appointmentsOnDay);
    const confirmed = sum((d) => d.confirmed);
    const completed = sum((d) => d.completed);
    const byDay = new Map<string, { all: number; confirmed: number; cancelled: number; no_show: number }>();
    for (const d of counters) {
      const day = byDay.get(d.date) ?? { all: 0, confirmed: 0, cancelled: 0, no_show: 0 };
      day.all += appointmentsOnDay(d);
      day.confirmed += d.confirmed;
      day.cancelled += d.cancelled;
      day.no_show += d.no_show;
      byDay.set(d.date, day);
    }
    const uniques = uniqueClients(
      rows.filter((d) => d.scope === scope),
      start,
      end,
    );
    return {
      period: query.period,
      ...(calendarId !== undefined ? { calendar_id: calendarId } : {}),
      start_date: start,
      end_date: end,
      summary: {
        total_appointments: total,
        confirmed_appointments: confirmed,
        pending_appointments: sum((d) => d.pending),
        cancelled_appointments: sum((d) => d.cancelled),
        completed_appointments: completed,
        no_show_appointments: sum((d) => d.no_show),
        calendars_with_appointments: new Set(counters.map((d) => d.scope)).size,
        unique_clients: uniques,
        days_with_appointments: byDay.size,
        success_rate: ratio(confirmed + completed, total),
      },
      daily_breakdown: datesInRange(start, end).map((date) => ({
        date,
        appointments_count: byDay.get(date)?.all ?? 0,
        confirmed_count: byDay.get(date)?.confirmed ?? 0,
        cancelled_count: byDay.get(date)?.cancelled ?? 0,
        no_show_count: byDay.get(date)?.no_show ?? 0,
      })),
    };
  }

  /** The calendar report: one read of the calendars, whose counters the writes keep. */
  async calendars(entity: EntityContext) {
    const calendars = await this.deps.store.calendars.list(entity.entityId);
    const total = calendars.reduce((n, c) => n + totalAppointments(c), 0);
    return {
      total_calendars: calendars.length,
      active_calendars: calendars.filter((c) => c.is_active).length,
      inactive_calendars: calendars.filter((c) => !c.is_active).length,
      calendars_with_appointments: calendars.filter((c) => totalAppointments(c) > 0).length,
      average_appointments_per_calendar: ratio(total, calendars.length),
      calendars: calendars.map((c) => ({
        calendar_id: c.calendar_id,
        calendar_name: c.calendar_name,
        appointments_count: totalAppointments(c),
        slots_count: c.slots_count,
        utilization_rate: ratio(c.places_taken, c.capacity_total),
      })),
    };
  }

  /**
   * The client report: the client counters, 30 days of new-client counters, the clients by date of their
   * latest live appointment from 30 days ago on (active clients: a non-cancelled appointment dated within
   * the last 30 days or later), and the ten first entries of the client-rank index.
   */
  async clients(entity: EntityContext) {
    const today = todayIn(entity.settings.timezone, this.now());
    const [counters, newClients, recent, top, calendars] = await Promise.all([
      this.deps.store.counters.entityCounters(entity.entityId),
      this.deps.store.counters.newClients(entity.entityId, addDays(today, -29), today),
      this.deps.store.counters.activeClients(entity.entityId, addDays(today, -30)),
      this.deps.store.clients.top(entity.entityId, 10),
      this.deps.store.calendars.list(entity.entityId),
    ]);
    const appointments = calendars.reduce((n, c) => n + totalAppointments(c), 0);
    return {
      total_clients: counters.total_clients,
      active_clients: recent,
      clients_with_appointments: counters.clients_with_appointments,
      new_clients_last_30_days: newClients,
      repeat_clients: counters.repeat_clients,
      average_appointments_per_client: ratio(appointments, counters.total_clients),
      top_clients: top.map((c) => ({
        client_id: c.client_id,
        client_name: `${c.client_firstname} ${c.client_lastname}`.trim(),
        appointments_count: c.appointments_count,
        last_appointment: c.last_appointment,
      })),
    };
  }
}
