/** The catalog feature's public face: what other features may use of it (docs/design/features.md). */
export type { ServiceRecord } from './domain/service';
export { addMinutes, coveringRun, performs } from './domain/service';
export type { ServiceShape, ServiceSlots } from './domain/service-fit';
export { serviceSlots } from './domain/service-fit';
export type { CalendarHoursStore } from './ports';
