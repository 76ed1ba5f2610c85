// The admin CLI's parsers of arguments and flags (scripts/admin.ts): a mistake is a usage error commander
// reports in one line, exit 2, before any store is reached.
import { InvalidArgumentError } from 'commander';

export const integer = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number (0 or more)');
  return Number(value);
};
/** "true" or "false" (a calendar's state, confirm_by_email). */
export const boolean = (value: string): boolean => {
  if (value !== 'true' && value !== 'false') throw new InvalidArgumentError('must be true or false');
  return value === 'true';
};
/** "09:00-12:00" → ['09:00', '12:00']. */
export const period = (value: string, previous: Array<[string, string]> = []): Array<[string, string]> => {
  const match = /^(\d{1,2}:\d{2}(?::\d{2})?)-(\d{1,2}:\d{2}(?::\d{2})?)$/.exec(value.trim());
  if (!match?.[1] || !match[2]) throw new InvalidArgumentError('expected HH:MM-HH:MM');
  return [...previous, [match[1], match[2]]];
};
