/** The mail feature's public face: what other features may use of it (docs/design/features.md). */

export type { V2CalendarFeedStatus } from './http/feed-schemas';
export type { CalendarFeedStore } from './ports';
