/** The v2 management answers: settings and closure days (docs/CONTRACT.md#self-service). */
import type { EntitySettings } from '../domain/entity';
import { confirmsByEmail, liveCapsOf } from '../domain/live-cap-settings';
import type { ClosureAdded } from '../services/entity-config-service';
import type { V2ClosureAdded, V2Settings } from './schemas';

/** Every setting of the entity (management routes), in the documented order. */
export const v2Settings = (s: EntitySettings): V2Settings => ({
  slot_duration: s.slot_duration,
  max_appointments: s.max_appointments,
  timezone: s.timezone,
  country: s.country,
  default_calendar_id: s.default_calendar_id,
  open_days_ahead: s.open_days_ahead,
  language: s.language,
  cancel_url: s.cancel_url,
  reminder_minutes_before: s.reminder_minutes_before,
  name: s.name,
  address: s.address,
  locale: s.locale,
  currency: s.currency,
  brand_color: s.brand_color,
  logo_url: s.logo_url,
  notify_emails: s.notify_emails,
  max_live_bookings_per_visitor: liveCapsOf(s).visitor,
  max_live_bookings_per_contact: liveCapsOf(s).contact,
  confirm_by_email: confirmsByEmail(s),
  min_notice_minutes: s.min_notice_minutes,
  max_days_ahead: s.max_days_ahead,
  client_change_cutoff_minutes: s.client_change_cutoff_minutes,
});

/** A closure day as just added: what it closed, and the booked appointments its date holds. */
export const v2ClosureAdded = (added: ClosureAdded): V2ClosureAdded => ({
  ...added.closure,
  closed_slots: added.closedSlots,
  booked_appointments: added.bookedAppointments,
});
