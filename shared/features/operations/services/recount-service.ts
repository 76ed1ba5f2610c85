import { AppError } from '../../../core/errors';
import type { AppointmentRecord, ClientDays, ClientRecord } from '../../booking';
import { type DayStatRow, dayEffectsOfAll, daysOf, type StatScope } from '../../booking';

type Item = Record<string, unknown>;
interface Key {
  pk: string;
  sk: string;
}

/** What a recount reads and writes (shared/features/operations/store/recount-repository.ts). */
export interface RecountStore {
  appointments(entityId: string): Promise<AppointmentRecord[]>;
  clients(entityId: string): Promise<ClientRecord[]>;
  calendarIds(entityId: string): Promise<number[]>;
  dayStats(entityId: string): Promise<DayStatRow[]>;
  lastLiveDates(entityId: string): Promise<string[]>;
  members(entityId: string): Promise<Array<{ calendarId: number; clientId: number }>>;
  setClientDays(entityId: string, clientId: number, days: ClientDays): Promise<void>;
  setCalendarClients(entityId: string, calendarId: number, count: number): Promise<void>;
  setMember(
    entityId: string,
    calendarId: number,
    clientId: number,
    client: ClientRecord | null,
  ): Promise<void>;
  dayStatItem(entityId: string, date: string, scope: StatScope, counts: Record<string, number>): Item;
  lastLiveItem(entityId: string, date: string, count: number): Item;
  dayStatKey(entityId: string, date: string, scope: StatScope): Key;
  lastLiveKey(entityId: string, date: string): Key;
  write(puts: Item[], deletes: Key[]): Promise<void>;
}

export interface RecountSummary {
  account: string;
  appointments: number;
  clients: number;
  day_items: number;
  last_live_days: number;
  memberships: number;
}

/** Runs tasks, a few at a time. */
async function inParallel(tasks: Array<() => Promise<void>>, width = 8): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]?.();
  };
  await Promise.all(Array.from({ length: width }, worker));
}

export interface RecountServiceDeps {
  store: RecountStore;
}

/**
 * `npm run admin -- recount-stats`: rebuilds an entity's flat statistics (docs/design/data-model.md,
 * "Statistics that stay flat") from its appointments — each client's days, the day items, the latest-live
 * days, the calendars' memberships — for a deployment whose clients predate them. A recount, not a
 * transaction: run it while the entity takes no bookings.
 */
export class RecountService {
  constructor(private readonly deps: RecountServiceDeps) {}

  async recount(entityId: string): Promise<RecountSummary> {
    const { store } = this.deps;
    const [appointments, clients, calendarIds, storedDays, storedLast, storedMembers] = await Promise.all([
      store.appointments(entityId),
      store.clients(entityId),
      store.calendarIds(entityId),
      store.dayStats(entityId),
      store.lastLiveDates(entityId),
      store.members(entityId),
    ]);
    if (clients.length === 0 && appointments.length === 0 && calendarIds.length === 0)
      throw new AppError('not_found', 'RESOURCE_NOT_FOUND', `entity ${entityId} not found`);
    const byClient = new Map<number, AppointmentRecord[]>();
    for (const a of appointments) byClient.set(a.client_id, [...(byClient.get(a.client_id) ?? []), a]);
    const days = new Map(clients.map((c) => [c.client_id, daysOf(byClient.get(c.client_id) ?? [])]));
    const effects = dayEffectsOfAll(days.values());

    // Day items, whole: status counts per calendar, points and links per scope; stale ones deleted.
    const rows = new Map<string, { date: string; scope: StatScope; counts: Record<string, number> }>();
    const row = (date: string, scope: StatScope) => {
      const id = `${date}|${scope}`;
      const known = rows.get(id) ?? { date, scope, counts: {} };
      rows.set(id, known);
      return known.counts;
    };
    for (const a of appointments) {
      const counts = row(a.date, a.calendar_id);
      counts[a.status] = (counts[a.status] ?? 0) + 1;
    }
    for (const m of effects.stats) {
      const counts = row(m.date, m.scope);
      counts[m.attribute] = (counts[m.attribute] ?? 0) + m.delta;
    }
    const lastLive = new Map(effects.lastLive.map((l) => [l.date, l.delta]));
    await store.write(
      [
        ...[...rows.values()].map((r) => store.dayStatItem(entityId, r.date, r.scope, r.counts)),
        ...[...lastLive].map(([date, count]) => store.lastLiveItem(entityId, date, count)),
      ],
      [
        ...storedDays
          .filter((d) => !rows.has(`${d.date}|${d.scope}`))
          .map((d) => store.dayStatKey(entityId, d.date, d.scope)),
        ...storedLast.filter((d) => !lastLive.has(d)).map((d) => store.lastLiveKey(entityId, d)),
      ],
    );

    // Clients' days; memberships and the calendars' client counts.
    const byId = new Map(clients.map((c) => [c.client_id, c]));
    const members = new Set(appointments.map((a) => `${a.calendar_id}|${a.client_id}`));
    const perCalendar = new Map<number, number>(calendarIds.map((id) => [id, 0]));
    for (const m of members) {
      const calendarId = Number(m.split('|')[0]);
      perCalendar.set(calendarId, (perCalendar.get(calendarId) ?? 0) + 1);
    }
    await inParallel([
      ...[...days].map(
        ([clientId, d]) =>
          () =>
            store.setClientDays(entityId, clientId, d),
      ),
      ...[...perCalendar].map(
        ([calendarId, n]) =>
          () =>
            store.setCalendarClients(entityId, calendarId, n),
      ),
      ...storedMembers.map(
        (m) => () =>
          store.setMember(
            entityId,
            m.calendarId,
            m.clientId,
            members.has(`${m.calendarId}|${m.clientId}`) ? (byId.get(m.clientId) ?? null) : null,
          ),
      ),
    ]);
    return {
      account: entityId,
      appointments: appointments.length,
      clients: clients.length,
      day_items: rows.size,
      last_live_days: lastLive.size,
      memberships: members.size,
    };
  }
}
