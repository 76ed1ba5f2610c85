/**
 * A typed client of both APIs in a few lines: `paths` is generated from docs/openapi.json by
 * `npm run openapi:types`, openapi-fetch checks every path, parameter and body against it at compile time
 * and types `data` and `error` of each answer.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './api';

export type V2Slot = components['schemas']['V2Slot'];
export type V2Appointment = components['schemas']['V2Appointment'];
export type V1Appointment = components['schemas']['V1Appointment'];

export interface ClientOptions {
  baseUrl: string;
  token: string;
  /** Any fetch (tests pass one that checks each answer). */
  fetch?: typeof fetch;
}

// JSON only: v1 also answers XML and CSV, which this client does not ask for.
const connect = ({ baseUrl, token, fetch }: ClientOptions) =>
  createClient<paths, 'application/json'>({
    baseUrl,
    headers: { 'Access-Token': token },
    ...(fetch ? { fetch } : {}),
  });

/** The body of an answer, or the API's own message as an Error. */
function body<T>(answer: { data?: T; error?: { message: string }; response: Response }): T {
  if (answer.data === undefined) {
    throw new Error(`${answer.response.status}: ${answer.error?.message ?? 'no answer'}`);
  }
  return answer.data;
}

/** v2: generate a date's slots, book the first with an Idempotency-Key, list the date, cancel by token. */
export async function v2BookListCancel(options: ClientOptions, date: string, phone: string) {
  const api = connect(options);
  const generated = body(
    await api.POST('/api/v2/calendar-slots/generate', { body: { date, max_appointments: 2 } }),
  );
  const slot = generated.data[0];
  if (!slot) throw new Error(`no slot on ${date}`);
  const booked = body(
    await api.POST('/api/v2/appointments', {
      params: { header: { 'Idempotency-Key': `example-${date}-${phone}` } },
      body: { client_name: 'Jeanne Durand', client_phone: phone, slot_id: slot.id },
    }),
  ).data;
  const listed = body(await api.GET('/api/v2/calendar-slots', { params: { query: { date } } })).data;
  const cancelled = body(
    await api.POST('/api/v2/appointments/cancel', { body: { cancel_token: booked.cancel_token } }),
  ).data;
  return { slot, booked, listed, cancelled };
}

/** v1: find a bookable slot of the first calendar, book it, list the calendar's appointments, cancel it. */
export async function v1BookListCancel(options: ClientOptions, date: string, phone: string) {
  const api = connect(options);
  const calendar = body(await api.GET('/api/calendars')).data[0];
  if (!calendar) throw new Error('no calendar');
  const slots = body(
    await api.GET('/api/slots', {
      params: { query: { calendar_id: calendar.calendar_id, date_from: date } },
    }),
  );
  const slot = slots.data[0];
  if (!slot) throw new Error(`no bookable slot on ${date}`);
  const booked = body(
    await api.POST('/api/appointment', {
      body: {
        calendar_id: calendar.calendar_id,
        slot_id: slot.slot_id,
        client_firstname: 'Jean',
        client_lastname: 'Martin',
        client_email: 'jean.martin@example.com',
        client_phone: phone,
      },
    }),
  ).data.appointment;
  const listed = body(
    await api.GET('/api/appointments', {
      params: { query: { calendar_id: calendar.calendar_id, date_from: date, date_to: date } },
    }),
  );
  const cancelled = body(
    await api.PUT('/api/appointment/{id}', {
      params: { path: { id: booked.appointment_id } },
      body: { status: 'cancelled' },
    }),
  ).data.appointment;
  return { slot, booked, listed: listed.data, total: listed.pagination.total, cancelled };
}

/** v1: every appointment of a date range, page after page by cursor (`pagination.next_cursor`). */
export async function v1AllAppointments(options: ClientOptions, dateFrom: string, dateTo: string) {
  const api = connect(options);
  const all: V1Appointment[] = [];
  let cursor: string | undefined;
  do {
    const page = body(
      await api.GET('/api/appointments', {
        params: {
          query: { date_from: dateFrom, date_to: dateTo, per_page: 100, ...(cursor ? { cursor } : {}) },
        },
      }),
    );
    all.push(...page.data);
    cursor = page.pagination.next_cursor;
  } while (cursor);
  return all;
}
