/** The port of the v1 API's reads, over the table or the debug data set (docs/design/feature-map.md, "v1 reads"). */
import type { ClientRecord } from '../../domain/booking/appointment';
import type {
  AppointmentFilter,
  ClientFilter,
  ClientPlace,
  DayCounter,
  EntityCounters,
} from '../../domain/booking/listing';
import type { AppointmentReader, ClientReader, PagedList } from '../booking/ports';
import type { CalendarLister, SlotReader } from '../schedule/ports';

/**
 * Everything the v1 API reads. The DynamoDB repositories implement it for real data; debug mode
 * implements it over a fictitious data set in memory, so the same services answer both.
 */
export interface V1Store {
  calendars: CalendarLister;
  slots: SlotReader;
  appointments: AppointmentReader & { count(entityId: string, filter: AppointmentFilter): Promise<number> };
  clients: ClientReader &
    PagedList<ClientFilter, ClientPlace, ClientRecord> & {
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
