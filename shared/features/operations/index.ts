/** The operations feature's public face: what other features may use of it (docs/design/features.md). */

export type { NewEntity } from './domain/new-entity';
export type { EntityStore } from './ports';
export { HealthService } from './services/health-service';
