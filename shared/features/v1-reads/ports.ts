/** The port of the v1 API's reads, over the table or the debug data set (docs/design/features.md). */
import type {
  AppointmentFilter,
  AppointmentReader,
  CalendarMembersFilter,
  ClientFilter,
  ClientPlace,
  ClientReader,
  ClientRecord,
  DayStatRow,
  EntityCounters,
  ListPage,
  PagedList,
} from '../booking';
import type { CalendarLister, SlotReader } from '../schedule';

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
      /** A page of the clients of a calendar, by name (read from a cursor's client on when `after`). */
      ofCalendar(page: ListPage<CalendarMembersFilter, ClientPlace>): Promise<ClientRecord[]>;
      countOfCalendar(entityId: string, calendarId: number, search: string): Promise<number>;
      top(entityId: string, limit: number): Promise<ClientRecord[]>;
    };
  counters: {
    /** The day items of every scope from one date to another. */
    dayStats(entityId: string, from: string, to: string): Promise<DayStatRow[]>;
    /** Clients with a live appointment dated `from` or later. */
    activeClients(entityId: string, from: string): Promise<number>;
    entityCounters(entityId: string): Promise<EntityCounters>;
    newClients(entityId: string, from: string, to: string): Promise<number>;
  };
}
