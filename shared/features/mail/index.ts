/** The mail feature's public face: what other features may use of it (docs/design/features.md). */

export type { NotificationSettings } from './domain/notification-settings';
export {
  ADDRESS_MAX,
  LANGUAGES,
  localeLanguageProblem,
  NAME_MAX,
  notificationPatchShape,
  REMINDER_BOUNDS,
} from './domain/notification-settings';
export type { V2CalendarFeedStatus } from './http/feed-schemas';
export type { CalendarFeedStore } from './ports';
