/**
 * Example records for docs/openapi.json. Redocly's recommended rules check each example against its
 * schema, so an example that drifts from the contract fails `npm run lint:api`.
 */
import type { V2Periods, V2Slot } from './schemas';

export const v2Periods: V2Periods = {
  start_time1: '09:00:00',
  end_time1: '12:00:00',
  start_time2: '14:00:00',
  end_time2: '18:00:00',
};

export const v2Slot: V2Slot = {
  id: 14,
  date: '2026-12-01',
  start_time: '09:00:00',
  end_time: '09:30:00',
  status: 'open',
  max_appointments: 2,
  available_slots: 2,
};
