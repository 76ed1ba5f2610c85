import { invalidField } from '../../../core/errors';
import { hasUnsafeText } from '../../../core/safe-text';
import { buildDayHours, WEEKDAYS, type Weekday } from '../../schedule';
import { AccountIdSchema, checkClosureDate, parseSettingsPatch } from '../../settings';
import { secretOf } from './credentials';

export const checkDay = (day: string): void => {
  if (!WEEKDAYS.includes(day as Weekday)) throw invalidField('day', `must be one of ${WEEKDAYS.join(', ')}`);
};

/** A calendar's name as the API takes it: trimmed, 1 to 100 characters, no control character. */
export const calendarName = (name: string): string => {
  if (hasUnsafeText(name))
    throw invalidField('name', 'must not contain control characters or lone surrogates');
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 100) throw invalidField('name', 'must be 1 to 100 characters');
  return trimmed;
};

/**
 * The checks a command's own arguments allow without a store. The admin CLI runs them before it starts or
 * reaches DynamoDB Local, so that a typo is answered at once; AdminService's methods (admin-service.ts) check the same again.
 */
export const argumentChecks = {
  createEntity(o: { accountId: string; secret?: string | undefined; timezone?: string; country?: string }) {
    const id = AccountIdSchema.safeParse(o.accountId);
    if (!id.success) throw invalidField('accountId', id.error.issues[0]?.message ?? 'invalid');
    secretOf(o.secret);
    parseSettingsPatch({ timezone: o.timezone, country: o.country });
  },
  rotateSecret(secret: string | undefined) {
    secretOf(secret);
  },
  setDayHours(day: string, periods: Array<[string, string]>) {
    checkDay(day);
    buildDayHours(day as Weekday, periods);
  },
  closureDate: checkClosureDate,
  /**
   * A closure's date, and its name as `POST /api/v2/closures` takes it: none is "Closure day", an empty one
   * is refused (docs/CONTRACT.md#optional-fields).
   */
  closure(date: string, name: string | undefined) {
    checkClosureDate(date);
    if (name === undefined) return;
    if (name.trim() === '')
      throw invalidField('name', 'must not be empty: leave --name out for "Closure day"');
    if (hasUnsafeText(name))
      throw invalidField('name', 'must not contain control characters or lone surrogates');
    if (name.trim().length > 100) throw invalidField('name', 'must be at most 100 characters');
  },
  createCalendar(name: string, timezone: string | undefined) {
    calendarName(name);
    if (timezone !== undefined) parseSettingsPatch({ timezone });
  },
  settings(patch: Record<string, unknown>) {
    parseSettingsPatch(patch);
  },
};
