import type { EntityContext } from '../../domain/entity';
import { AppointmentRepository } from '../../repositories/appointment-repository';
import { CalendarRepository } from '../../repositories/calendar-repository';
import { ClientRepository } from '../../repositories/client-repository';
import { CounterRepository } from '../../repositories/counter-repository';
import { SlotRepository } from '../../repositories/slot-repository';
import { bookingService, table } from '../index';
import { V1QueryService } from './query-service';
import { StatisticsService } from './statistics-service';

export interface V1Context {
  entity: EntityContext;
  queries: V1QueryService;
  statistics: StatisticsService;
  booking: ReturnType<typeof bookingService>;
}

let real: Omit<V1Context, 'entity'> | undefined;

/**
 * The v1 services a request uses: over the table for the token's entity, or, in debug mode, over the
 * fictitious data set (built anew for each request, so nothing a debug call does is kept or read back).
 */
export function v1For(input: { debug: boolean; entity: EntityContext }): V1Context {
  if (input.debug) {
    const { debugContext } =
      require('../../debug/debug-context') as typeof import('../../debug/debug-context');
    return debugContext();
  }
  if (!real) {
    const t = table();
    const store = {
      calendars: new CalendarRepository(t),
      slots: new SlotRepository(t),
      appointments: new AppointmentRepository(t),
      clients: new ClientRepository(t),
      counters: new CounterRepository(t),
    };
    real = {
      queries: new V1QueryService(store),
      statistics: new StatisticsService(store),
      booking: bookingService(),
    };
  }
  return { entity: input.entity, ...real };
}
