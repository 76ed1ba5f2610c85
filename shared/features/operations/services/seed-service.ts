import { createHash } from 'node:crypto';
import { addDays, todayIn } from '../../../core/dates';
import { AppError } from '../../../core/errors';
import type { AppointmentRecord } from '../../booking';
import type { CalendarRecord, DayStatus, SlotRecord } from '../../schedule';
import { slotTimes } from '../../schedule';
import type { EntitySettings } from '../../settings';
import type { SeedStore } from '../ports';
import { batchesOf, eachInParallel, inParallel } from './seed-parallel';
import { addToCalendar, clientCountOf, planAppointments } from './seed-plan';

/** An item of the table, as the store makes it. */
type Item = ReturnType<SeedStore['calendarClientItem']>;

export interface SeedRequest {
  accountId: string;
  appointments: number;
  /** Days of slots, half before today and half from today (default 365). */
  days: number;
  /** Calendars the appointments spread over (created when the entity has fewer; default 1). */
  calendars: number;
  /** The stage: production is refused. */
  stage: string;
}

export interface SeedServiceDeps {
  store: SeedStore;
  settings(entityId: string): Promise<EntitySettings | null>;
  calendars: {
    list(entityId: string): Promise<CalendarRecord[]>;
  };
  createCalendar(accountId: string, name: string): Promise<unknown>;
  dayStatus(entity: { entityId: string; settings: EntitySettings }, date: string): Promise<DayStatus>;
  slotsOf(entityId: string, calendarId: number, from: string, to: string): Promise<SlotRecord[]>;
  ids(entityId: string, count: number): Promise<number[]>;
  now?: () => Date;
}

export interface SeedProgress {
  written: number;
  total: number;
}

export interface SeedSummary {
  account: string;
  appointments: number;
  clients: number;
  slots: number;
  slots_created: number;
  days: number;
  calendars: number[];
  from: string;
  to: string;
  items_written: number;
  seconds: number;
}

/**
 * `npm run admin -- seed`: fills an entity with appointments as bookings would leave them, for measuring
 * reads at size. The slots are those generation makes from the entity's hours on each open day of the
 * range (the ones already there are kept), the same whatever N: a slot's capacity is raised to hold what
 * lands on it. Appointment items carry the seeded mark, so no e-mail and no webhook leaves for them.
 */
export class SeedService {
  constructor(private readonly deps: SeedServiceDeps) {}

  async seed(request: SeedRequest, progress: (p: SeedProgress) => void = () => {}): Promise<SeedSummary> {
    if (request.stage === 'production') {
      throw new AppError('forbidden', 'FORBIDDEN', 'seed: refused on the production stage');
    }
    const started = Date.now();
    const now = (this.deps.now ?? (() => new Date()))();
    const entityId = request.accountId;
    const settings = await this.deps.settings(entityId);
    if (!settings) throw new AppError('not_found', 'RESOURCE_NOT_FOUND', `entity ${entityId} not found`);
    const entity = { entityId, settings };
    const { store } = this.deps;

    // Calendars: the entity's, plus new ones up to the number asked for.
    let calendars = await this.deps.calendars.list(entityId);
    for (let n = calendars.length; n < request.calendars; n++) {
      await this.deps.createCalendar(request.accountId, `Seeded calendar ${n + 1}`);
    }
    calendars = (await this.deps.calendars.list(entityId)).slice(0, Math.max(1, request.calendars));

    // Slots: every open day's generated times, on each calendar; the existing ones kept.
    const today = todayIn(settings.timezone, now);
    const from = addDays(today, -Math.floor(request.days / 2));
    const to = addDays(from, request.days - 1);
    const slots: SlotRecord[] = [];
    const created = new Set<SlotRecord>();
    const stamp = now.toISOString();
    // Each day's hours and closure, read side by side (the same for every calendar).
    const dates: string[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
    const statuses = new Map<string, DayStatus>();
    await inParallel(
      dates.map((date) => async () => {
        statuses.set(date, await this.deps.dayStatus(entity, date));
      }),
    );
    for (const calendar of calendars) {
      const existing = await this.deps.slotsOf(entityId, calendar.calendar_id, from, to);
      const known = new Set(existing.map((s) => `${s.date}|${s.start_time}`));
      slots.push(...existing.filter((s) => s.status === 'open'));
      const wanted: Array<Omit<SlotRecord, 'slot_id'>> = [];
      for (const date of dates) {
        const status = statuses.get(date);
        if (!status?.is_open || status.holiday) continue;
        for (const t of slotTimes(date, status.day, settings.slot_duration, calendar.timezone)) {
          if (known.has(`${date}|${t.start_time}`)) continue;
          wanted.push({
            calendar_id: calendar.calendar_id,
            date,
            start_time: t.start_time,
            end_time: t.end_time,
            status: 'open',
            capacity: settings.max_appointments,
            taken: 0,
            created_at: stamp,
            updated_at: stamp,
          });
        }
      }
      const ids = await this.deps.ids(entityId, wanted.length);
      wanted.forEach((w, i) => {
        const slot = { ...w, slot_id: ids[i] ?? 0 };
        slots.push(slot);
        created.add(slot);
      });
    }
    if (slots.length === 0) {
      throw new AppError(
        'conflict',
        'SLOT_UNAVAILABLE',
        `seed: no open day from ${from} to ${to} (opening hours?)`,
      );
    }
    slots.sort(
      (a, b) => `${a.date}${a.start_time}`.localeCompare(`${b.date}${b.start_time}`) || a.slot_id - b.slot_id,
    );

    // Clients and appointments, in memory first: ids, then every counter they move (seed-plan.ts).
    const n = request.appointments;
    const clientCount = clientCountOf(n);
    const ids = await this.deps.ids(entityId, n + clientCount);
    const { clients, appointments, taken, calendarClients, dayStats, calendarAdds, lastLive } =
      planAppointments({ n, clientCount, ids, slots, today, now, stamp });
    const addTo = (calendarId: number, name: string, by: number) =>
      addToCalendar(calendarAdds, calendarId, name, by);

    // Slots: each holds what landed on it (capacity raised where needed); new ones count in their calendar.
    const slotItems = slots.flatMap((slot) => {
      const added = taken.get(slot) ?? 0;
      const isNew = created.has(slot);
      if (added === 0 && !isNew) return [];
      const capacity = Math.max(slot.capacity, slot.taken + added);
      addTo(slot.calendar_id, 'capacity_total', capacity - (isNew ? 0 : slot.capacity));
      if (isNew) addTo(slot.calendar_id, 'slots_count', 1);
      return store.slotItemsOf(entityId, { ...slot, capacity, taken: slot.taken + added }, isNew);
    });

    // Each record's items are made as the writes reach them, not all first: the writes start at once, the
    // items of 100,000 appointments (some 330,000) are never all in memory, and making them overlaps the
    // store's work (of 100,000 appointments, the first write came 10.8-15.3 s after the start when all were
    // made first, a third of it in the garbage collector; 5.1 s after, made this way: 2026-11-27).
    const tokenHash = (a: AppointmentRecord) =>
      createHash('sha256').update(`seed:${entityId}:${a.appointment_id}`).digest('hex');
    function* itemsToWrite(): Generator<Item> {
      yield* slotItems;
      for (const c of clients) yield* store.clientItems(entityId, c);
      for (const a of appointments) yield* store.appointmentItems(entityId, a, tokenHash(a));
      for (const m of calendarClients.values())
        yield store.calendarClientItem(entityId, m.calendarId, m.client, m.count);
    }
    // Every client, and every appointment, leaves the same number of items: the first one's tell the total.
    const [firstClient] = clients;
    const [firstAppointment] = appointments;
    const total =
      slotItems.length +
      (firstClient ? clients.length * store.clientItems(entityId, firstClient).length : 0) +
      (firstAppointment
        ? appointments.length * store.appointmentItems(entityId, firstAppointment, '').length
        : 0) +
      calendarClients.size;
    let written = 0;
    await eachInParallel(batchesOf(itemsToWrite()), async (part) => {
      await store.put(part);
      written += part.length;
      progress({ written, total: Math.max(total, written) });
    });

    // The shared counters, by ADD (they may hold bookings already): calendars, day statistics, latest live
    // days, the entity's clients, new clients per day.
    await inParallel([
      ...[...calendarAdds].map(
        ([calendarId, adds]) =>
          () =>
            store.addToCalendar(entityId, calendarId, adds),
      ),
      ...[...dayStats.values()].map((d) => () => store.addToDayStat(entityId, d.date, d.scope, d.adds)),
      ...lastLive.map((l) => () => store.addToLastLive(entityId, l.date, l.delta)),
    ]);
    await store.addToEntityCounters(entityId, {
      total_clients: clients.length,
      clients_with_appointments: clients.filter((c) => c.appointments_count >= 1).length,
      repeat_clients: clients.filter((c) => c.appointments_count >= 2).length,
    });
    const newByDay = new Map<string, number>();
    for (const c of clients) {
      const day = todayIn(settings.timezone, new Date(c.created_at));
      newByDay.set(day, (newByDay.get(day) ?? 0) + 1);
    }
    await inParallel(
      [...newByDay].map(
        ([date, count]) =>
          () =>
            store.addNewClients(entityId, date, count),
      ),
    );

    return {
      account: entityId,
      appointments: n,
      clients: clients.length,
      slots: slots.length,
      slots_created: created.size,
      days: request.days,
      calendars: calendars.map((c) => c.calendar_id),
      from,
      to,
      items_written: written,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  }
}
