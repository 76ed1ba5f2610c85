import type { StaffIdentity } from '../../access';

/** GET /me's answer (V2Me), from the session's staff member. */
export const presentMe = (account: string, staff: StaffIdentity) => ({
  email: staff.email,
  role: staff.role,
  account,
  calendar_ids: staff.calendarIds,
});
