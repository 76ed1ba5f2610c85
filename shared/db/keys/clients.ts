/** Keys of clients, their phones, and their memberships of calendars. */
import { INDEX } from './indexes';
import { inEntity, type Key, padId } from './parts';

export const client = (entityId: string, clientId: number): Key =>
  inEntity(entityId, `CLIENT#${padId(clientId)}`);

/** Phone uniqueness and find-by-phone: one item per E.164 number. */
export const clientPhone = (entityId: string, e164: string): Key => inEntity(entityId, `PHONE#${e164}`);

export const clientIndexes = (
  entityId: string,
  c: {
    clientId: number;
    lastName: string;
    firstName: string;
    email: string | null;
    appointmentsCount: number;
  },
) => ({
  [INDEX.clientName.pk]: INDEX.clientName.partition(entityId),
  [INDEX.clientName.sk]: INDEX.clientName.sort(c.lastName, c.firstName, c.clientId),
  ...(c.email
    ? {
        [INDEX.clientEmail.pk]: INDEX.clientEmail.partition(entityId, c.email),
        [INDEX.clientEmail.sk]: INDEX.clientEmail.sort(c.clientId),
      }
    : {}),
  [INDEX.clientRank.pk]: INDEX.clientRank.partition(entityId),
  [INDEX.clientRank.sk]: INDEX.clientRank.sort(c.appointmentsCount, c.clientId),
});

/** Membership of a client in a calendar (clients of a calendar), with its appointment count there. */
export const calendarClient = (entityId: string, calendarId: number, clientId: number): Key =>
  inEntity(entityId, `CALCLIENT#${padId(calendarId)}#${padId(clientId)}`);

export const calendarClientPrefix = (entityId: string, calendarId: number): Key =>
  inEntity(entityId, `CALCLIENT#${padId(calendarId)}#`);

/** A calendar-client item's index keys while the client is a member (clients of a calendar, by name). */
export const calendarClientIndexes = (
  entityId: string,
  m: { calendarId: number; clientId: number; lastName: string; firstName: string },
) => ({
  [INDEX.clientName.pk]: INDEX.clientName.calendarPartition(entityId, m.calendarId),
  [INDEX.clientName.sk]: INDEX.clientName.memberSort(m.lastName, m.firstName, m.clientId),
});

/** A client's membership of a calendar: its item's key and its place in the calendar's index by name. */
export const calendarMember = (
  entityId: string,
  calendarId: number,
  client: { client_id: number; client_lastname: string; client_firstname: string },
) => ({
  ...calendarClient(entityId, calendarId, client.client_id),
  ...calendarClientIndexes(entityId, {
    calendarId,
    clientId: client.client_id,
    lastName: client.client_lastname,
    firstName: client.client_firstname,
  }),
});
