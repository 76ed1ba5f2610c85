import { addDays } from '../../../core/dates';
import { DEFAULT_TIMEZONE } from '../../../core/defaults';
import {
  type AppointmentRecord,
  type AppointmentStatus,
  appointmentOf,
  type ClientRecord,
} from '../../booking';
import { fictitiousEmail, FAMILY_NAMES as LAST } from '../../contact';
import type { SlotRecord } from '../../schedule';
import { type CalendarRecord, newCalendar } from '../../schedule';

/** The fictitious data set of v1 debug mode: plain records, the same for the same day. */
export interface DebugData {
  calendars: CalendarRecord[];
  slots: SlotRecord[];
  appointments: AppointmentRecord[];
  clients: ClientRecord[];
  nextId: number;
}

/** mulberry32: a small seeded PRNG, so the data set is the same on every call. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Camille', 'Léa', 'Hugo', 'Louis', 'Chloé', 'Jules', 'Manon', 'Lucas', 'Inès', 'Nathan'];
const CALENDARS = ['Consultations', 'Physiotherapy', 'Dental care', 'Evening clinic', 'Archive'];
const HOURS = ['09:00:00', '10:00:00', '11:00:00', '14:00:00', '15:00:00', '16:00:00'];
const at = (date: string, time = '08:00:00') => new Date(`${date}T${time}Z`).toISOString();
const plusHour = (time: string) => `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}${time.slice(2)}`;

/**
 * 5 calendars (the last inactive), 50 clients with history, slots over 30 days around today
 * (today - 15 to today + 14), appointments of every status (completed only in the past); places taken
 * always equal live appointments and never exceed capacity.
 */
export function buildDebugData(today: string, seed = 20261123): DebugData {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  let id = 1;
  const created = at(addDays(today, -120));
  const calendars: CalendarRecord[] = CALENDARS.map((name, i) => ({
    ...newCalendar({
      id: id++,
      name,
      timezone: DEFAULT_TIMEZONE,
      widgetId: `wdg_debug${i + 1}`,
      now: created,
    }),
    is_active: i < 4,
  }));
  const clients: ClientRecord[] = Array.from({ length: 50 }, (_, i) => {
    const first = FIRST[i % FIRST.length] as string;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length] as string;
    const since = at(addDays(today, -(5 + ((i * 7) % 90))), '09:30:00');
    return {
      client_id: id++,
      client_firstname: first,
      client_lastname: last,
      client_email: fictitiousEmail(first, last, 'example.fr'),
      client_phone: `+3361234${String(5000 + i).padStart(4, '0')}`,
      created_at: since,
      updated_at: since,
      appointments_count: 0,
      last_appointment: null,
    };
  });
  const slots: SlotRecord[] = [];
  const appointments: AppointmentRecord[] = [];
  for (let day = -15; day < 15; day++) {
    const date = addDays(today, day);
    for (const calendar of calendars.slice(0, 4)) {
      for (const start of HOURS) {
        const capacity = 1 + Math.floor(random() * 5);
        const slot: SlotRecord = {
          slot_id: id++,
          calendar_id: calendar.calendar_id,
          date,
          start_time: start,
          end_time: plusHour(start),
          status: random() < 0.93 ? 'open' : 'closed',
          capacity,
          taken: 0,
          created_at: at(addDays(date, -20)),
          updated_at: at(addDays(date, -20)),
        };
        slots.push(slot);
        const booked = Math.floor(random() * (capacity + 2));
        for (let k = 0; k < booked; k++) {
          const roll = random();
          const status: AppointmentStatus =
            day < 0
              ? roll < 0.45
                ? 'completed'
                : roll < 0.5
                  ? 'no_show'
                  : roll < 0.7
                    ? 'confirmed'
                    : roll < 0.85
                      ? 'cancelled'
                      : 'pending'
              : roll < 0.6
                ? 'confirmed'
                : roll < 0.85
                  ? 'pending'
                  : 'cancelled';
          if (status !== 'cancelled' && slot.taken >= slot.capacity) continue;
          const client = pick(clients);
          // Booked 1 to 10 days before the slot, and never after today: no record is dated in the future.
          const bookedOn = date < today ? date : today;
          const when = at(addDays(bookedOn, -1 - Math.floor(random() * 10)), '10:00:00');
          appointments.push(appointmentOf({ appointmentId: id++, slot, client, status, createdAt: when }));
          if (status !== 'cancelled') slot.taken++;
        }
      }
    }
  }
  // A client exists before any of its bookings, and its record was last updated by its latest one.
  for (const client of clients) {
    for (const a of appointments.filter((x) => x.client_id === client.client_id)) {
      if (a.created_at < client.created_at) client.created_at = a.created_at;
      if (a.created_at > client.updated_at) client.updated_at = a.created_at;
    }
  }
  return { calendars, slots, appointments, clients, nextId: id };
}

/** The data set of one day, built once per warm container; each request gets its own copy. */
let built: { day: string; data: DebugData } | undefined;
export function debugDataFor(day: string): DebugData {
  if (built?.day !== day) built = { day, data: buildDebugData(day) };
  return structuredClone(built.data);
}
