/** The catalog feature's public face: what other features may use of it (docs/design/features.md). */
export { addMinutes, coveringRun } from './domain/service';
export type { CalendarHoursStore } from './ports';
