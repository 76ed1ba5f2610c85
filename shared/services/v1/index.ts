import type { EntityContext } from '../../domain/entity';
import { services } from '../index';
import { V1QueryService } from './query-service';
import { StatisticsService } from './statistics-service';

export interface V1Context {
  entity: EntityContext;
  queries: V1QueryService;
  statistics: StatisticsService;
  booking: ReturnType<typeof services>['appointments'];
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
    const s = services();
    real = {
      queries: new V1QueryService(s.repos),
      statistics: new StatisticsService(s.repos),
      booking: s.appointments,
    };
  }
  return { entity: input.entity, ...real };
}
