/** The people routes' answers (docs/CONTRACT.md#staff-and-sessions). */
import * as z from 'zod';
import { named } from '../../../shapes/common';

export const V2StaffMember = named(
  z.strictObject({
    email: z.string(),
    role: z.enum(['owner', 'staff']),
    calendar_ids: z.array(z.number().int()),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  }),
  'V2StaffMember',
  "A staff member: an e-mail address with a role, owner (everything) or staff (only the calendars of calendar_ids; an owner's list is empty).",
);

export const V2Me = named(
  z.strictObject({
    email: z.string(),
    role: z.enum(['owner', 'staff']),
    account: z.string(),
    calendar_ids: z.array(z.number().int()),
  }),
  'V2Me',
  "Who the session is: the staff member's address, role, account and calendars.",
);
