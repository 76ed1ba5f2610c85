import { invalidField } from '../../../core/errors';
import { buildDayHours, WEEKDAYS, type Weekday } from '../../schedule';
import { AccountIdSchema, checkClosureDate, parseSettingsPatch } from '../../settings';
import { secretOf } from './credentials';

export const checkDay = (day: string): void => {
  if (!WEEKDAYS.includes(day as Weekday)) throw invalidField('day', `must be one of ${WEEKDAYS.join(', ')}`);
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
  settings(patch: Record<string, unknown>) {
    parseSettingsPatch(patch);
  },
};
