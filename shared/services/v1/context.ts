import type { EntityContext } from '../../domain/entity';
import type { BookingService } from '../booking-service';
import type { V1QueryService } from './query-service';
import type { StatisticsService } from './statistics-service';

/** The services a v1 request uses, over real data or over debug mode's fictitious data set. */
export interface V1Context {
  entity: EntityContext;
  queries: V1QueryService;
  statistics: StatisticsService;
  booking: BookingService;
}
