import * as z from 'zod/mini';
import { isValidTimezone } from '../../../core/dates';
import { DEFAULT_SETTINGS as DEFAULTS } from '../../../core/defaults';
import { englishIssues } from '../../../core/zod-locale';
import { type BrandSettings, brandPatchShape } from './brand-settings';
import { type LiveCapSettings, liveCapPatchShape } from './live-cap-settings';
import { type NotificationSettings, notificationPatchShape } from './notification-settings';
import { type NotifySettings, notifyPatchShape } from './notify-settings';
import { type WindowSettings, windowPatchShape } from './window-settings';

/** Per-entity settings (docs/CONTRACT.md#self-service), the client e-mails' among them. */
export interface EntitySettings
  extends NotificationSettings,
    BrandSettings,
    NotifySettings,
    LiveCapSettings,
    WindowSettings {
  slot_duration: number;
  max_appointments: number;
  timezone: string;
  country: string;
  default_calendar_id: number;
  /** Days from today whose slots open by themselves (docs/CONTRACT.md#self-service); 0 = none. */
  open_days_ahead: number;
}

export const DEFAULT_SETTINGS: Omit<EntitySettings, 'default_calendar_id'> = DEFAULTS;

/** Settings as stored by an earlier version may lack a newer setting: its default applies. */
export const withDefaultSettings = <T extends Partial<EntitySettings>>(
  stored: T,
): T & typeof DEFAULT_SETTINGS => ({
  ...DEFAULT_SETTINGS,
  ...stored,
});

/** Bounds shared by settings, generation and slot updates (docs/CONTRACT.md#v2-in-short). */
export const DURATION_BOUNDS = { min: 5, max: 480 } as const;
export const CAPACITY_BOUNDS = { min: 1, max: 1000 } as const;
export const OPEN_DAYS_BOUNDS = { min: 0, max: 365 } as const;

/** entity_account_id: letters, digits, dot, dash, underscore; 1 to 64 characters. */
export const AccountIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores'));

/** A change to settings; each field validated with the same bounds the API enforces. */
const wholeNumber = (bounds: { min: number; max: number }) =>
  z.number().check(z.int(), z.gte(bounds.min), z.lte(bounds.max));
const buildSettingsPatchSchema = () => {
  englishIssues();
  return z.partial(
    z.object({
      slot_duration: wholeNumber(DURATION_BOUNDS),
      max_appointments: wholeNumber(CAPACITY_BOUNDS),
      timezone: z.string().check(z.refine(isValidTimezone, 'must be an IANA time zone such as Europe/Paris')),
      country: z
        .string()
        .check(z.regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, 'must be an ISO 3166 country code such as FR')),
      default_calendar_id: z.number().check(z.int(), z.positive()),
      open_days_ahead: wholeNumber(OPEN_DAYS_BOUNDS),
      ...notificationPatchShape(),
      ...brandPatchShape(),
      ...liveCapPatchShape(),
      ...notifyPatchShape(),
      ...windowPatchShape(),
    }),
  );
};
let settingsPatch: ReturnType<typeof buildSettingsPatchSchema> | undefined;
/**
 * The settings change schema, built on first use: every function reads settings (the token carries
 * them), few change them, and the others need not carry the schema.
 */
export const settingsPatchSchema = (): ReturnType<typeof buildSettingsPatchSchema> => {
  settingsPatch ??= buildSettingsPatchSchema();
  return settingsPatch;
};
export type SettingsPatch = z.infer<ReturnType<typeof buildSettingsPatchSchema>>;

/** Settings as stored, with the version that guards their copies on the token items. */
export type VersionedSettings = EntitySettings & { version: number };
