/** The table's global secondary indexes, each declared once with the compositions of its keys. */
import { entityPk, padId, RANK_STEP } from './parts';

/** A date-ordered sort key shared by slots and appointments: `<KIND>#<date>#<time>#<id>`. */
const datedPrefix = (kind: 'SLOT' | 'APPT', date: string): string => `${kind}#${date}`;
const dated = {
  sort: (kind: 'SLOT' | 'APPT', date: string, time: string, id: number): string =>
    `${datedPrefix(kind, date)}#${time}#${padId(id)}`,
  /** Bounds of a date range, both days included ('~' sorts after every key character used). */
  from: datedPrefix,
  to: (kind: 'SLOT' | 'APPT', date: string): string => `${datedPrefix(kind, date)}#~`,
};

/** An index's name, key attributes and key type, with the compositions of its keys. */
const declare = <N extends string, P extends string, S extends string, T extends 'S' | 'N', C>(
  index: { name: N; pk: P; sk: S; skType: T },
  compose: C,
) => ({ name: index.name, pk: index.pk, sk: index.sk, skType: index.skType, ...compose });

/**
 * Each index, declared once: its name, the attributes that hold its keys, and how each key is composed
 * (`partition`, `sort`, and for ranges `from`/`to`). Written index attributes and query bounds both come
 * from these compositions; shared/db/table.ts declares the indexes from the same table for DynamoDB Local and CDK.
 */
export const INDEX = {
  /** Slots and appointments of one calendar, by date and time. */
  calendarDate: declare(
    { name: 'calendar-date', pk: 'gsi1pk', sk: 'gsi1sk', skType: 'S' },
    {
      partition: (entityId: string, calendarId: number): string =>
        `${entityPk(entityId)}#CAL#${padId(calendarId)}`,
      ...dated,
    },
  ),
  /** Appointments of one entity across calendars, by date and time. */
  entityDate: declare(
    { name: 'entity-date', pk: 'gsi2pk', sk: 'gsi2sk', skType: 'S' },
    {
      partition: (entityId: string): string => `${entityPk(entityId)}#APPTS`,
      ...dated,
    },
  ),
  /** Appointments of one client, by date and time. */
  clientAppointments: declare(
    { name: 'client-appointments', pk: 'gsi3pk', sk: 'gsi3sk', skType: 'S' },
    {
      partition: (entityId: string, clientId: number): string =>
        `${entityPk(entityId)}#CLIENT#${padId(clientId)}`,
      ...dated,
    },
  ),
  /** Clients of one entity, by last name, first name, id. */
  clientName: declare(
    { name: 'client-name', pk: 'gsi4pk', sk: 'gsi4sk', skType: 'S' },
    {
      partition: (entityId: string): string => `${entityPk(entityId)}#CLIENTS`,
      sort: (lastName: string, firstName: string, clientId: number): string =>
        `${lastName.toLowerCase()}#${firstName.toLowerCase()}#${padId(clientId)}`,
      /**
       * The members of one calendar (calendar-client items while the client has appointments there), in
       * the order the v1 list of a calendar's clients shows (`byName`): names lower-cased, separated by
       * U+0001, which sorts before every character a name holds.
       */
      calendarPartition: (entityId: string, calendarId: number): string =>
        `${entityPk(entityId)}#CAL#${padId(calendarId)}#CLIENTS`,
      memberSort: (lastName: string, firstName: string, clientId: number): string =>
        `${lastName.toLowerCase()}\u0001${firstName.toLowerCase()}\u0001${padId(clientId)}`,
    },
  ),
  /** Clients of one entity by exact (lower-cased) e-mail. */
  clientEmail: declare(
    { name: 'client-email', pk: 'gsi5pk', sk: 'gsi5sk', skType: 'S' },
    {
      partition: (entityId: string, email: string): string =>
        `${entityPk(entityId)}#EMAIL#${email.toLowerCase()}`,
      sort: (clientId: number): string => padId(clientId),
    },
  ),
  /**
   * Clients of one entity by number of appointments, then id, both descending (top clients). The sort key
   * is a number, `appointments_count × RANK_STEP + client_id`, so a booking moves a client up the rank
   * with an atomic ADD of RANK_STEP, and ties are ordered by the index itself.
   */
  clientRank: declare(
    { name: 'client-rank', pk: 'gsi6pk', sk: 'client_rank', skType: 'N' },
    {
      partition: (entityId: string): string => `${entityPk(entityId)}#CLIENTRANK`,
      sort: (appointmentsCount: number, clientId: number): number => appointmentsCount * RANK_STEP + clientId,
    },
  ),
} as const;

export type IndexName = (typeof INDEX)[keyof typeof INDEX]['name'];
