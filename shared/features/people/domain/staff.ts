/** Staff accounts (docs/CONTRACT.md#staff-and-sessions): people of an entity, each an address with a role. */
import { AppError, invalidField } from '../../../core/errors';

export const ROLES = ['owner', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** A staff member as the API shows it. */
export interface StaffMember {
  email: string;
  role: Role;
  /** The calendars a `staff` member reads and changes (an owner's are all: kept empty). */
  calendar_ids: number[];
  created_at: string;
  updated_at: string;
}

/** A staff member as stored: with the generation its sessions must carry (sign-out everywhere moves it). */
export interface StaffRecord extends StaffMember {
  generation: number;
}

/** At most this many staff members per entity. */
export const MAX_STAFF = 200;

/** An address as staff accounts compare it: trimmed, lower-cased. */
export const normalEmail = (email: string): string => email.trim().toLowerCase();

/** A plain address check (one @, a dot in the domain, no space): the link is the real proof. */
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;
export const isEmail = (email: string): boolean => email.length <= 254 && EMAIL.test(email);

/** The calendars a member is given: an owner's none (all are theirs), a staff member's at least one. */
export function calendarsFor(role: Role, calendarIds: readonly number[]): number[] {
  if (role === 'owner') return [];
  if (calendarIds.length === 0)
    throw invalidField('calendar_ids', 'a staff member needs at least one calendar');
  return [...new Set(calendarIds)].sort((a, b) => a - b);
}

/** Refuses an entity left without an owner. */
export const lastOwner = (): AppError =>
  new AppError('conflict', 'INVALID_PARAMETER', 'the last owner cannot be removed or made staff');

export const staffNotFound = (): AppError =>
  new AppError('not_found', 'RESOURCE_NOT_FOUND', 'staff member not found');

export const staffExists = (): AppError =>
  new AppError('conflict', 'INVALID_PARAMETER', 'a staff member with this e-mail exists');
