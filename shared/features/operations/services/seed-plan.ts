import {
  type AppointmentRecord,
  type AppointmentStatus,
  appointmentOf,
  type ClientDays,
  type ClientRecord,
  dayEffectsOfAll,
  daysOf,
  type StatScope,
  takesPlace,
} from '../../booking';
import { fictitiousEmail, FAMILY_NAMES as LAST } from '../../contact';
import type { SlotRecord } from '../../schedule';

// The seed's clients and appointments, made in memory before anything is written
// (shared/features/operations/services/seed-service.ts writes them), with every counter they move.

const FIRST = ['Jeanne', 'Louis', 'Camille', 'Hugo', 'Léa', 'Jules', 'Chloé', 'Adam', 'Manon', 'Nathan'];
/** How many appointments a seeded client has on average (some one, some many). */
const APPOINTMENTS_PER_CLIENT = 2.5;
/** Past appointments are mostly completed, future ones mostly confirmed; a tenth cancelled either way. */
function statusOf(i: number, past: boolean): AppointmentStatus {
  const r = (i * 37) % 10;
  if (r === 0) return 'cancelled';
  if (past) return r === 1 ? 'confirmed' : 'completed';
  return r === 1 ? 'pending' : 'confirmed';
}

/** How many clients `n` seeded appointments are spread over (none for none: a seed of slots only). */
export const clientCountOf = (n: number): number =>
  n === 0 ? 0 : Math.max(1, Math.min(n, Math.round(n / APPOINTMENTS_PER_CLIENT)));

/** Adds `by` to a calendar's counter `name`. */
export function addToCalendar(
  calendarAdds: Map<number, Record<string, number>>,
  calendarId: number,
  name: string,
  by: number,
): void {
  const adds = calendarAdds.get(calendarId) ?? {};
  adds[name] = (adds[name] ?? 0) + by;
  calendarAdds.set(calendarId, adds);
}

export interface SeedPlanRequest {
  /** Appointments to make (N). */
  n: number;
  /** Clients they are spread over (clientCountOf(n)). */
  clientCount: number;
  /** n + clientCount fresh ids: the appointments', then the clients'. */
  ids: number[];
  /** The open slots the appointments spread over, in time order. */
  slots: SlotRecord[];
  /** The entity's today, and the seed's clock and timestamp. */
  today: string;
  now: Date;
  stamp: string;
}

/** The seed's records and the counters they move, before any write. */
export interface SeedPlan {
  clients: ClientRecord[];
  appointments: AppointmentRecord[];
  /** Places taken on each slot. */
  taken: Map<SlotRecord, number>;
  /** Each calendar's clients, with how many appointments they have there. */
  calendarClients: Map<string, { calendarId: number; client: ClientRecord; count: number }>;
  dayStats: Map<string, { date: string; scope: StatScope; adds: Record<string, number> }>;
  /** What to add to each calendar's counters (addToCalendar). */
  calendarAdds: Map<number, Record<string, number>>;
  /** What to add to the latest live days. */
  lastLive: ReturnType<typeof dayEffectsOfAll>['lastLive'];
}

/** Clients and appointments, in memory first: ids, then every counter they move. */
export function planAppointments({
  n,
  clientCount,
  ids,
  slots,
  today,
  now,
  stamp,
}: SeedPlanRequest): SeedPlan {
  const clients: ClientRecord[] = Array.from({ length: clientCount }, (_, k) => {
    const last = `${LAST[k % LAST.length]}${Math.floor(k / LAST.length) || ''}`;
    const first = FIRST[(k * 7) % FIRST.length] ?? 'Jeanne';
    return {
      client_id: ids[n + k] ?? 0,
      client_firstname: first,
      client_lastname: last,
      client_email: fictitiousEmail(first, last, 'example.com', `.${k}`),
      // Numbers of a block no real booking uses here (+33 7 99 …), unique per seeded client.
      client_phone: `+33799${String(k + (ids[0] ?? 0))
        .padStart(6, '0')
        .slice(-6)}`,
      created_at: stamp,
      updated_at: stamp,
      appointments_count: 0,
      last_appointment: null,
    };
  });
  const taken = new Map<SlotRecord, number>();
  const appointments: AppointmentRecord[] = [];
  const calendarClients = new Map<string, { calendarId: number; client: ClientRecord; count: number }>();
  const appointmentsOf = new Map<ClientRecord, AppointmentRecord[]>();
  const dayStats = new Map<string, { date: string; scope: StatScope; adds: Record<string, number> }>();
  const addToDay = (date: string, scope: StatScope, name: string, by: number) => {
    const id = `${date}|${scope}`;
    const day = dayStats.get(id) ?? { date, scope, adds: {} };
    day.adds[name] = (day.adds[name] ?? 0) + by;
    dayStats.set(id, day);
  };
  const calendarAdds = new Map<number, Record<string, number>>();
  const addTo = (calendarId: number, name: string, by: number) =>
    addToCalendar(calendarAdds, calendarId, name, by);
  for (let i = 0; i < n; i++) {
    // Spread over every slot, evenly, whatever N.
    const slot = slots[Math.floor((i * slots.length) / n) % slots.length] as SlotRecord;
    // A client's appointments are spread over time: client k books every clientCount-th appointment.
    const client = clients[(i * 7919) % clientCount] as ClientRecord;
    const status = statusOf(i, slot.date < today);
    const createdAt = new Date(
      Math.min(now.getTime(), Date.parse(`${slot.date}T00:00:00Z`) - 7 * 86_400_000),
    ).toISOString();
    const a = appointmentOf({ appointmentId: ids[i] ?? 0, slot, client, status, createdAt });
    appointments.push(a);
    appointmentsOf.set(client, [...(appointmentsOf.get(client) ?? []), a]);
    addToDay(a.date, a.calendar_id, status, 1);
    client.appointments_count++;
    if (!client.last_appointment || client.last_appointment < a.date) client.last_appointment = a.date;
    if (client.created_at > createdAt) client.created_at = createdAt;
    if (takesPlace(status)) {
      taken.set(slot, (taken.get(slot) ?? 0) + 1);
      addTo(slot.calendar_id, 'places_taken', 1);
    }
    addTo(slot.calendar_id, `${status}_count`, 1);
    const memberKey = `${a.calendar_id}|${a.client_id}`;
    const member = calendarClients.get(memberKey) ?? {
      calendarId: a.calendar_id,
      client,
      count: 0,
    };
    if (member.count === 0) addTo(a.calendar_id, 'clients_count', 1);
    member.count++;
    calendarClients.set(memberKey, member);
  }
  // Each client's days (all its appointments are new), and what they add to the day statistics.
  const clientDays: ClientDays[] = [];
  for (const c of clients) {
    c.updated_at = c.created_at;
    const days = daysOf(appointmentsOf.get(c) ?? []);
    c.day_state = { ...days, version: 1, touch: 1 };
    clientDays.push(days);
  }
  const effects = dayEffectsOfAll(clientDays);
  for (const m of effects.stats) addToDay(m.date, m.scope, m.attribute, m.delta);
  return {
    clients,
    appointments,
    taken,
    calendarClients,
    dayStats,
    calendarAdds,
    lastLive: effects.lastLive,
  };
}
