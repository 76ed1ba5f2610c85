/** The mail feature's public face: what other features may use of it (docs/design/features.md). */

export type { CalendarFeedStore } from './ports';
