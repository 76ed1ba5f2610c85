import { forbidden } from '../../../core/errors';
import type { EntityContext } from './tenant';

/**
 * The calendars a staff member's session may see and change (issue 60: a staff session reads and changes
 * only its calendars); undefined: the whole entity (the secret token, an owner).
 */
export type CalendarScope = { calendarIds: readonly number[] } | undefined;

/** Whether the calendar is inside the scope (every calendar is, without one). */
export const inScope = (scope: CalendarScope, calendarId: number): boolean =>
  !scope || scope.calendarIds.includes(calendarId);

/** 403 FORBIDDEN when the calendar is outside the scope: the appointment or the filter is another's. */
export function refuseOutsideScope(scope: CalendarScope, calendarId: number): void {
  if (!inScope(scope, calendarId)) throw forbidden('this calendar is not one of yours');
}

/**
 * The scope of the request's credential: a `staff` member's session keeps to its calendars; the secret
 * token, a publishable key and an owner's session see the whole entity.
 */
export const calendarScopeOf = (entity: Pick<EntityContext, 'staff'>): CalendarScope =>
  entity.staff?.role === 'staff' ? { calendarIds: entity.staff.calendarIds } : undefined;
