/**
 * Every default the service applies when nobody chose, in one place (docs/CONTRACT.md#defaults): the
 * settings of a new entity (and of a setting an older entity lacks), v1 paging, the local table and region.
 */
export const DEFAULT_TIMEZONE = 'Europe/Paris';
export const DEFAULT_COUNTRY = 'FR';

/** A new entity's settings, but its default calendar (made with the entity). */
export const DEFAULT_SETTINGS = {
  slot_duration: 30,
  max_appointments: 1,
  timezone: DEFAULT_TIMEZONE,
  country: DEFAULT_COUNTRY,
  open_days_ahead: 0,
  /** Client e-mails in English, no cancellation link, a reminder a day before (docs/CONTRACT.md#notifications). */
  language: 'en' as const,
  cancel_url: null as string | null,
  reminder_minutes_before: 1440,
  /**
   * The business's face (docs/CONTRACT.md#notifications): no name of its own (the name the entity was
   * created with applies), no address, and dates formatted for the locale of `language` and `country`.
   */
  name: null as string | null,
  address: null as string | null,
  locale: null as string | null,
  /** Prices in euros; no brand colour (the pages' own blue), no logo (docs/CONTRACT.md#self-service). */
  currency: 'EUR',
  brand_color: null as string | null,
  logo_url: null as string | null,
  /** Nobody at the business is told of bookings until it names addresses (docs/NOTIFICATIONS.md). */
  notify_emails: [] as string[],
  /** Clients book from now to 60 days ahead and change their appointment up to its start (docs/CONTRACT.md#booking-window). */
  min_notice_minutes: 0,
  max_days_ahead: 60,
  client_change_cutoff_minutes: 0,
};

/** v1 lists: the page and its size when the query names none. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 50;

/** The table and region when the environment names none (locally; a deployed function always has both). */
export const DEFAULT_TABLE_NAME = 'booking-local';
export const DEFAULT_REGION = 'eu-west-3';

/** A phone number written without its country code is read as one of this country. */
export const DEFAULT_PHONE_REGION = 'FR';

/**
 * The booking window's bounds and defaults (docs/CONTRACT.md#booking-window): kept here, below the
 * features, so the settings' schema reads them without loading the schedule feature.
 */
export const NOTICE_BOUNDS = { min: 0, max: 43_200 } as const;
export const DAYS_AHEAD_BOUNDS = { min: 1, max: 365 } as const;
export const DEFAULT_MIN_NOTICE = 0;
export const DEFAULT_MAX_DAYS_AHEAD = 60;
