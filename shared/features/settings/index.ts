/** The settings feature's public face: what other features may use of it (docs/design/features.md). */

export type { BrandSettings } from './domain/brand-settings';
export { formatPrice, isCurrency, minorDigits, whiteContrast } from './domain/brand-settings';
export type { EntitySettings, VersionedSettings } from './domain/entity';
export { AccountIdSchema, DEFAULT_SETTINGS, settingsPatchSchema, withDefaultSettings } from './domain/entity';
export type { LiveCapSettings } from './domain/live-cap-settings';
export { confirmsByEmail, DEFAULT_LIVE_CAPS, liveCapsOf } from './domain/live-cap-settings';
export type { Language, NotificationSettings } from './domain/notification-settings';
export {
  businessName,
  LANGUAGES,
  localeLanguageProblem,
  localeOf,
  manageLinkOf,
} from './domain/notification-settings';
export type { SettingsLookup, SettingsStore } from './ports';
export type { ClosureAdded } from './services/entity-config-service';
export { checkClosureDate, EntityConfigService, parseSettingsPatch } from './services/entity-config-service';
