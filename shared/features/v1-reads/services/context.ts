import type { EntityContext } from '../../access';
import type { BookingService } from '../../booking';
import type { ClientQueryService } from './client-query-service';
import type { V1QueryService } from './query-service';
import type { StatisticsService } from './statistics-service';

/** The services a v1 read uses, over real data or over debug mode's fictitious data set. */
export interface V1Reads {
  entity: EntityContext;
  queries: V1QueryService;
  clients: ClientQueryService;
  statistics: StatisticsService;
}

/** The services a v1 write uses (booking and changing appointments, then reading them back). */
export interface V1Writes {
  entity: EntityContext;
  queries: V1QueryService;
  booking: BookingService;
}
