/** Keys of calendars, their slots and hours, and the services an entity offers. */
import { INDEX } from './indexes';
import { inEntity, type Key, padId } from './parts';

export const calendar = (entityId: string, calendarId: number): Key =>
  inEntity(entityId, `CAL#${padId(calendarId)}`);

export const calendarPrefix = (entityId: string): Key => inEntity(entityId, 'CAL#');
/** The end of the calendars' range (`~` sorts after every padded id). */
export const calendarsEnd = (): string => 'CAL#~';

/** How many calendars an entity has (at most MAX_CALENDARS, held by a condition); outside the `CAL#` range. */
export const calendarCount = (entityId: string): Key => inEntity(entityId, 'CALENDARS');

/** A calendar's own weekly hours, when it has them (else the entity's `HOURS` apply). */
export const calendarHours = (entityId: string, calendarId: number): Key =>
  inEntity(entityId, `HOURS#CAL#${padId(calendarId)}`);

export const slot = (entityId: string, slotId: number): Key => inEntity(entityId, `SLOT#${padId(slotId)}`);

/** Guard item that makes a start time unique per calendar and date, even under concurrent generation. */
export const slotStart = (entityId: string, calendarId: number, date: string, startTime: string): Key =>
  inEntity(entityId, `SLOTAT#${padId(calendarId)}#${date}#${startTime}`);

/** A slot's place in its calendar's index by date and time. */
export const slotByCalendarDate = (
  entityId: string,
  s: { calendarId: number; date: string; startTime: string; slotId: number },
) => ({
  [INDEX.calendarDate.pk]: INDEX.calendarDate.partition(entityId, s.calendarId),
  [INDEX.calendarDate.sk]: INDEX.calendarDate.sort('SLOT', s.date, s.startTime, s.slotId),
});

/** A service an entity offers (docs/CONTRACT.md#services-and-staff); listed by the `SERVICE#` prefix. */
export const service = (entityId: string, serviceId: number): Key =>
  inEntity(entityId, `SERVICE#${padId(serviceId)}`);

export const servicePrefix = (entityId: string): Key => inEntity(entityId, 'SERVICE#');

/** How many services an entity has (at most MAX_SERVICES, held by a condition). */
export const serviceCount = (entityId: string): Key => inEntity(entityId, 'SERVICES');

/**
 * A staff member's time off (docs/CONTRACT.md#time-off), sorted by calendar, date and id: a calendar's
 * time off of a date (generation) or from a date on (the list) is one query.
 */
export const timeOff = (entityId: string, t: { calendarId: number; date: string; timeOffId: number }): Key =>
  inEntity(entityId, `TIMEOFF#${padId(t.calendarId)}#${t.date}#${padId(t.timeOffId)}`);

/** Every time off of the entity, or of one calendar, or of one calendar and date (`begins_with`). */
export const timeOffPrefix = (entityId: string, calendarId?: number, date?: string): Key =>
  inEntity(
    entityId,
    `TIMEOFF#${calendarId === undefined ? '' : `${padId(calendarId)}#${date === undefined ? '' : `${date}#`}`}`,
  );
