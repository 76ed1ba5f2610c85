/** A client's items as stored: the client (with its index keys and days), its phone item, and back. */
import * as keys from '../../../db/keys';
import type { ClientRecord } from '../domain/appointment';
import type { ClientDayState, ClientDays } from '../domain/day-stats';
import type { ClientPlace } from '../domain/listing';

const numbers = (value: unknown): Record<string, number> =>
  Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, Number(v)]),
  );

/** A client's days as stored; absent on clients written before they were kept. */
const dayStateOf = (item: Record<string, unknown>): ClientDayState | undefined =>
  item.days_touch === undefined
    ? undefined
    : {
        all: numbers(item.days_all),
        live: numbers(item.days_live),
        version: Number(item.days_version ?? 0),
        touch: Number(item.days_touch),
      };

/**
 * A client's days as attributes: an empty map is left out (read back as empty), since DynamoDB Local's
 * stream gives an empty map without its type, which no stream reader can unmarshall.
 */
export const storedDays = (days: ClientDays): Record<string, Record<string, number>> => ({
  ...(Object.keys(days.all).length ? { days_all: days.all } : {}),
  ...(Object.keys(days.live).length ? { days_live: days.live } : {}),
});

/** Lower-cased names and e-mail, for the case-insensitive `search` filter. */
export const searchTextOf = (
  c: Pick<ClientRecord, 'client_lastname' | 'client_firstname' | 'client_email'>,
) => [c.client_lastname, c.client_firstname, c.client_email ?? ''].join('\u0001').toLowerCase();

export const toClient = (item: Record<string, unknown>): ClientRecord => ({
  client_id: Number(item.client_id),
  client_firstname: String(item.client_firstname ?? ''),
  client_lastname: String(item.client_lastname ?? ''),
  client_email: (item.client_email as string | null | undefined) ?? null,
  client_phone: String(item.client_phone ?? ''),
  created_at: String(item.created_at),
  updated_at: String(item.updated_at),
  appointments_count: Number(item.appointments_count ?? 0),
  last_appointment: (item.last_appointment as string | null | undefined) ?? null,
  ...(dayStateOf(item) ? { day_state: dayStateOf(item) } : {}),
});

/** The keys of a client's item, the table's and its indexes', from the fields they are made of. */
export const clientKeys = (entityId: string, c: ClientPlace, appointmentsCount: number) => ({
  ...keys.client(entityId, c.client_id),
  ...keys.clientIndexes(entityId, {
    clientId: c.client_id,
    lastName: c.client_lastname,
    firstName: c.client_firstname,
    email: c.client_email,
    appointmentsCount,
  }),
});

/** The item of a client, with its name, e-mail and rank index keys. */
export function clientItem(entityId: string, c: ClientRecord): Record<string, unknown> {
  const record = toClient(c as unknown as Record<string, unknown>);
  return {
    ...record,
    ...(c.day_state
      ? {
          ...storedDays(c.day_state),
          days_version: c.day_state.version,
          days_touch: c.day_state.touch,
        }
      : {}),
    type: 'client',
    search_text: searchTextOf(c),
    ...clientKeys(entityId, c, c.appointments_count),
  };
}

/** The item that finds a client by phone and keeps phones unique. */
export const clientPhoneItem = (entityId: string, e164: string, clientId: number) => ({
  ...keys.clientPhone(entityId, e164),
  type: 'client-phone',
  client_id: clientId,
});
