import type { AppointmentRecord, ClientRecord } from '../../domain/appointment';
import type { AppointmentFilter, ClientFilter, DayCounter, EntityCounters } from '../../domain/listing';
import type { CalendarRecord } from '../../repositories/calendar-repository';
import type { SlotRecord } from '../../repositories/slot-repository';

/**
 * Everything the v1 API reads. The DynamoDB repositories implement it for real data; debug mode
 * implements it over a fictitious data set in memory, so the same services answer both.
 */
export interface V1Store {
  calendars: {
    list(entityId: string): Promise<CalendarRecord[]>;
    get(entityId: string, calendarId: number): Promise<CalendarRecord | null>;
  };
  slots: {
    get(entityId: string, slotId: number): Promise<SlotRecord | null>;
    listRange(entityId: string, calendarId: number, from: string, to: string): Promise<SlotRecord[]>;
  };
  appointments: {
    get(entityId: string, appointmentId: number): Promise<AppointmentRecord | null>;
    list(
      entityId: string,
      filter: AppointmentFilter,
      offset: number,
      limit: number,
    ): Promise<AppointmentRecord[]>;
    count(entityId: string, filter: AppointmentFilter): Promise<number>;
  };
  clients: {
    get(entityId: string, clientId: number): Promise<ClientRecord | null>;
    findByPhone(entityId: string, e164: string): Promise<ClientRecord | null>;
    list(entityId: string, filter: ClientFilter, offset: number, limit: number): Promise<ClientRecord[]>;
    count(entityId: string, filter: ClientFilter): Promise<number>;
    ofCalendar(entityId: string, calendarId: number): Promise<ClientRecord[]>;
    top(entityId: string, limit: number): Promise<ClientRecord[]>;
  };
  counters: {
    dayCounters(entityId: string, from: string, to: string): Promise<DayCounter[]>;
    entityCounters(entityId: string): Promise<EntityCounters>;
    newClients(entityId: string, from: string, to: string): Promise<number>;
  };
}
