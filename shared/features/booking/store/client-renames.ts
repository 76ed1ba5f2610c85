/**
 * A known client renamed by a booking the business makes itself (docs/CONTRACT.md#clients): in the
 * booking's one transaction, the client item's names, e-mail, search text and name-keyed index keys, and
 * each of its memberships of calendars (its place in the calendar's index of clients by name, its search
 * text). Nothing more is written when the booking's names and e-mail are those stored (most repeat
 * bookings): such a booking costs what it cost before.
 *
 * Why the memberships need no condition of their own: the calendars a client is a member of are those of
 * its days (`days_all`), and a booking's write of the days is already conditioned on them (`days_version`
 * as read when the change commutes, `days_touch` otherwise); any change of the memberships (joining or
 * leaving a calendar) is a change that does not commute, which moves both. So the memberships renamed
 * are exactly those stored when the transaction commits, or it is refused and tried again on fresh reads.
 * The client item is conditioned on the names and e-mail read, so of two concurrent renames one is
 * retried, and a booking that puts a membership with the names it read (a client joining a calendar) was
 * conditioned on `days_touch`, which the rename moved: no index is left half-renamed.
 */
import { CONDITION } from '../../../db/conditions';
import type { CounterUpdates } from '../../../db/counters';
import * as keys from '../../../db/keys';
import { INDEX } from '../../../db/keys';
import type { ClientRecord } from '../domain/appointment';
import { type ClientDays, calendarsOf } from '../domain/day-stats';
import { searchTextOf } from './client-items';

type Names = Pick<ClientRecord, 'client_firstname' | 'client_lastname' | 'client_email'>;

/** Whether a booking changes a client's names or e-mail (an e-mail left out keeps the stored one). */
export const renames = (read: Names, after: Names): boolean =>
  read.client_firstname !== after.client_firstname ||
  read.client_lastname !== after.client_lastname ||
  read.client_email !== after.client_email;

/**
 * The client item's part of a booking the business makes (`guarded`), as client-updates' UpdateParts: the
 * condition that its names and e-mail are those read, and, when they change, the new names (and e-mail),
 * the search text and the client-name (and client-email) index keys. A condition costs no write: a
 * booking with the names stored writes what it wrote before, and one made on a read a moment old (before
 * another booking's rename) is refused and retried instead of leaving that booking's names. Null when
 * nothing changes and nothing is guarded (a public booking).
 */
export function renameParts(r: {
  entityId: string;
  clientId: number;
  read: Names;
  after: Names;
  guarded: boolean;
}) {
  const { entityId, clientId, read, after } = r;
  const changes = renames(read, after);
  if (!changes && !r.guarded) return null;
  const guard = {
    conditions: [
      CONDITION.clientNamesAsRead,
      read.client_email === null ? CONDITION.clientNoEmail : CONDITION.clientEmailAsRead,
    ],
    values: {
      ':readFirst': read.client_firstname,
      ':readLast': read.client_lastname,
      ...(read.client_email === null ? { ':nullType': 'NULL' } : { ':readEmail': read.client_email }),
    },
  };
  if (!changes) return { set: [], add: [], names: {}, ...guard };
  const indexes: Record<string, unknown> = keys.clientIndexes(entityId, {
    clientId,
    lastName: after.client_lastname,
    firstName: after.client_firstname,
    email: after.client_email,
    appointmentsCount: 0,
  });
  const attributes: Record<string, unknown> = {
    client_firstname: after.client_firstname,
    client_lastname: after.client_lastname,
    search_text: searchTextOf(after),
    [INDEX.clientName.sk]: indexes[INDEX.clientName.sk],
  };
  if (after.client_email !== null && after.client_email !== read.client_email) {
    attributes.client_email = after.client_email;
    attributes[INDEX.clientEmail.pk] = indexes[INDEX.clientEmail.pk];
    attributes[INDEX.clientEmail.sk] = indexes[INDEX.clientEmail.sk];
  }
  const names = Object.keys(attributes);
  return {
    set: names.map((name) => `#${name} = :rn_${name}`),
    add: [],
    conditions: guard.conditions,
    names: {},
    values: {
      ...Object.fromEntries(names.map((name) => [`:rn_${name}`, attributes[name]])),
      ...guard.values,
    },
  };
}

/**
 * Puts, for a renamed client, its new place in the index of clients by name and its new search text on
 * its membership of every calendar it had an appointment in before this booking (`days`, as read); a
 * calendar it joins with this booking is put with the new names by countClientDays. Nothing when neither
 * the lower-cased names nor the search text change.
 */
export function renameMembers(
  counters: CounterUpdates,
  entityId: string,
  m: { clientId: number; read: Names; after: Names; days: ClientDays },
): void {
  const place = (names: Names, calendarId: number) =>
    keys.calendarClientIndexes(entityId, {
      calendarId,
      clientId: m.clientId,
      lastName: names.client_lastname,
      firstName: names.client_firstname,
    });
  const search = searchTextOf(m.after);
  const moves = place(m.read, 0)[INDEX.clientName.sk] !== place(m.after, 0)[INDEX.clientName.sk];
  if (!moves && search === searchTextOf(m.read)) return;
  for (const calendarId of calendarsOf(m.days)) {
    counters.put(keys.calendarClient(entityId, calendarId, m.clientId), {
      type: 'calendar-client',
      calendar_id: calendarId,
      client_id: m.clientId,
      ...place(m.after, calendarId),
      search_text: search,
    });
  }
}
