import { todayIn } from '../../../core/dates';
import { DEFAULT_TIMEZONE } from '../../../core/defaults';
import type { AppointmentStore, BookingWriter } from '../../booking';
import {
  type AppointmentFilter,
  type AppointmentRecord,
  applyStatMove,
  byName,
  type ClientFilter,
  type ClientRecord,
  type DayStatRow,
  dayEffectsOfAll,
  daysOf,
  type EntityCounters,
  emptyDayStat,
  lastLiveOf,
  matchesClient,
  takesPlace,
} from '../../booking';
import type { CalendarRecord } from '../../schedule';
import type { V1Store } from '../ports';
import type { DebugData } from './fixture-data';

const when = (a: AppointmentRecord) =>
  `${a.date}#${a.start_time}#${String(a.appointment_id).padStart(10, '0')}`;
const inFilter = (a: AppointmentRecord, f: AppointmentFilter) =>
  (f.calendarId === undefined || a.calendar_id === f.calendarId) &&
  (f.calendarId !== undefined || f.calendarIds === undefined || f.calendarIds.includes(a.calendar_id)) &&
  (f.clientId === undefined || a.client_id === f.clientId) &&
  (f.status === undefined || a.status === f.status) &&
  (f.dateFrom === undefined || a.date >= f.dateFrom) &&
  (f.dateTo === undefined || a.date <= f.dateTo);

/**
 * The debug data set behind the same interfaces as the table: V1Store for the reads, and the stores the
 * booking service writes through, with the same conditions as the DynamoDB transactions. Counters are
 * computed live from the records ("statistics computed live"). It lives for one request.
 */
export interface InMemoryStoreDeps {
  data: DebugData;
  /** The entity's time zone (DEFAULT_TIMEZONE when absent). */
  timezone?: string;
}

export class InMemoryStore {
  private readonly data: DebugData;
  private readonly timezone: string;

  constructor(deps: InMemoryStoreDeps) {
    this.data = deps.data;
    this.timezone = deps.timezone ?? DEFAULT_TIMEZONE;
  }

  private calendarWithCounters(c: CalendarRecord): CalendarRecord {
    const slots = this.data.slots.filter((s) => s.calendar_id === c.calendar_id);
    const mine = this.data.appointments.filter((a) => a.calendar_id === c.calendar_id);
    const count = (status: string) => mine.filter((a) => a.status === status).length;
    return {
      ...c,
      slots_count: slots.length,
      capacity_total: slots.reduce((n, s) => n + s.capacity, 0),
      places_taken: slots.reduce((n, s) => n + s.taken, 0),
      pending_count: count('pending'),
      confirmed_count: count('confirmed'),
      cancelled_count: count('cancelled'),
      completed_count: count('completed'),
      no_show_count: count('no_show'),
      clients_count: new Set(mine.map((a) => a.client_id)).size,
    };
  }

  /** Each client's days, from the appointments. */
  private clientDays() {
    const byClient = new Map<number, AppointmentRecord[]>();
    for (const a of this.data.appointments)
      byClient.set(a.client_id, [...(byClient.get(a.client_id) ?? []), a]);
    return [...byClient.values()].map(daysOf);
  }

  private membersOf(calendarId: number, search: string | undefined) {
    const ids = new Set(
      this.data.appointments.filter((a) => a.calendar_id === calendarId).map((a) => a.client_id),
    );
    return this.data.clients
      .filter((c) => ids.has(c.client_id))
      .map((c) => this.clientWithCounts(c))
      .filter((c) => matchesClient(c, { search }))
      .sort(byName);
  }

  private clientWithCounts(c: ClientRecord): ClientRecord {
    const mine = this.data.appointments.filter((a) => a.client_id === c.client_id);
    const last = mine.reduce<string | null>((max, a) => (max === null || a.date > max ? a.date : max), null);
    return { ...c, appointments_count: mine.length, last_appointment: last };
  }

  readonly calendars: V1Store['calendars'] = {
    list: async () => this.data.calendars.map((c) => this.calendarWithCounters(c)),
    get: async (_e, id) => {
      const c = this.data.calendars.find((x) => x.calendar_id === id);
      return c ? this.calendarWithCounters(c) : null;
    },
  };

  readonly slots: V1Store['slots'] = {
    get: async (_e, id) => {
      const s = this.data.slots.find((x) => x.slot_id === id);
      return s ? { ...s } : null;
    },
    listRange: async (_e, calendarId, from, to) =>
      this.data.slots
        .filter((s) => s.calendar_id === calendarId && s.date >= from && s.date <= to)
        .sort(
          (a, b) =>
            `${a.date}${a.start_time}`.localeCompare(`${b.date}${b.start_time}`) || a.slot_id - b.slot_id,
        )
        .map((s) => ({ ...s })),
  };

  private filteredAppointments(f: AppointmentFilter) {
    return this.data.appointments
      .filter((a) => inFilter(a, f))
      .sort((a, b) => when(a).localeCompare(when(b)));
  }

  readonly appointments: V1Store['appointments'] & AppointmentStore & BookingWriter = {
    get: async (_e, id) => {
      const a = this.data.appointments.find((x) => x.appointment_id === id);
      return a ? { ...a } : null;
    },
    list: async ({ filter, offset, limit }) =>
      this.filteredAppointments(filter).slice(offset, offset + limit),
    count: async (_e, f) => this.filteredAppointments(f).length,
    latestOfClient: async (_e, clientId, limit) =>
      this.filteredAppointments({ clientId }).reverse().slice(0, limit),
    // Debug bookings issue tokens, but nothing is kept between requests, so no token is ever known.
    findByCancelToken: async () => null,
    book: async (_e, plan) => {
      const a = plan.appointment;
      const slot = this.data.slots.find((s) => s.slot_id === a.slot_id);
      if (slot?.status !== 'open' || slot.taken >= slot.capacity) {
        return { ok: false, reason: 'slot', slot: slot ? { ...slot } : null };
      }
      if (!this.data.calendars.find((c) => c.calendar_id === a.calendar_id)?.is_active) {
        return { ok: false, reason: 'calendar' };
      }
      if (takesPlace(a.status)) slot.taken++;
      this.data.appointments.push({ ...a });
      const index = this.data.clients.findIndex((c) => c.client_id === plan.client.client_id);
      if (index >= 0) this.data.clients[index] = { ...plan.client };
      else this.data.clients.push({ ...plan.client });
      return { ok: true };
    },
    transition: async (_e, plan) => {
      const { before, after } = plan;
      const index = this.data.appointments.findIndex((a) => a.appointment_id === before.appointment_id);
      const current = this.data.appointments[index];
      if (!current || current.status !== before.status || current.slot_id !== before.slot_id) {
        return { ok: false, reason: 'stale' };
      }
      const moved = before.slot_id !== after.slot_id;
      const take = takesPlace(after.status) && (!takesPlace(before.status) || moved);
      const release = takesPlace(before.status) && (!takesPlace(after.status) || moved);
      const next = this.data.slots.find((s) => s.slot_id === after.slot_id);
      if (take && (next?.status !== 'open' || next.taken >= next.capacity)) {
        return { ok: false, reason: 'slot', slot: next ? { ...next } : null };
      }
      if (moved && !this.data.calendars.find((c) => c.calendar_id === after.calendar_id)?.is_active) {
        return { ok: false, reason: 'calendar' };
      }
      if (take && next) next.taken++;
      const old = this.data.slots.find((s) => s.slot_id === before.slot_id);
      if (release && old) old.taken--;
      this.data.appointments[index] = { ...after };
      return { ok: true };
    },
  };

  private filteredClients(f: ClientFilter) {
    return this.data.clients
      .map((c) => this.clientWithCounts(c))
      .filter((c) => matchesClient(c, f))
      .sort(byName);
  }

  readonly clients: V1Store['clients'] = {
    get: async (_e, id) => {
      const c = this.data.clients.find((x) => x.client_id === id);
      return c ? this.clientWithCounts(c) : null;
    },
    findByPhone: async (_e, phone) => {
      const c = this.data.clients.find((x) => x.client_phone === phone);
      return c ? this.clientWithCounts(c) : null;
    },
    list: async ({ filter, offset, limit }) => this.filteredClients(filter).slice(offset, offset + limit),
    count: async (_e, f) => this.filteredClients(f).length,
    ofCalendar: async ({ filter, offset, limit, after }) => {
      const members = this.membersOf(filter.calendarId, filter.search);
      const from = after ? members.findIndex((c) => c.client_id === after.client_id) + 1 : offset;
      return members.slice(from, from + limit);
    },
    countOfCalendar: async (_e, calendarId, search) => this.membersOf(calendarId, search).length,
    top: async (_e, limit) =>
      this.data.clients
        .map((c) => this.clientWithCounts(c))
        .sort((a, b) => b.appointments_count - a.appointments_count || b.client_id - a.client_id)
        .slice(0, limit),
  };

  readonly counters: V1Store['counters'] = {
    dayStats: async (_e, from, to) => {
      const rows = new Map<string, DayStatRow>();
      const row = (date: string, scope: number | 'all') => {
        const id = `${date}|${scope}`;
        const known = rows.get(id);
        if (known) return known;
        const fresh = emptyDayStat(date, scope);
        rows.set(id, fresh);
        return fresh;
      };
      for (const a of this.data.appointments) row(a.date, a.calendar_id)[a.status]++;
      for (const m of dayEffectsOfAll(this.clientDays()).stats) {
        applyStatMove(row(m.date, m.scope), m);
      }
      return [...rows.values()].filter((r) => r.date >= from && r.date <= to);
    },
    activeClients: async (_e, from) =>
      this.clientDays().filter((days) => (lastLiveOf(days) ?? '') >= from).length,
    entityCounters: async (): Promise<EntityCounters> => {
      const counts = this.data.clients.map((c) => this.clientWithCounts(c).appointments_count);
      return {
        total_clients: counts.length,
        clients_with_appointments: counts.filter((n) => n >= 1).length,
        repeat_clients: counts.filter((n) => n >= 2).length,
      };
    },
    // New clients per day are counted on the entity's calendar day, as the booking transaction does.
    newClients: async (_e, from, to) =>
      this.data.clients.filter((c) => {
        const day = todayIn(this.timezone, new Date(c.created_at));
        return day >= from && day <= to;
      }).length,
  };

  /** Ids continue the data set's sequence. */
  readonly ids = {
    next: async (_e: string, count = 1) => Array.from({ length: count }, () => this.data.nextId++),
  };
}
