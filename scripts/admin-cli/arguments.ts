// The admin CLI's argument parsers (scripts/admin.ts): a mistake is a usage error commander reports.
import { InvalidArgumentError } from 'commander';

export const integer = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a positive integer');
  return Number(value);
};
/** "09:00-12:00" → ['09:00', '12:00']. */
export const period = (value: string, previous: Array<[string, string]> = []): Array<[string, string]> => {
  const match = /^(\d{1,2}:\d{2}(?::\d{2})?)-(\d{1,2}:\d{2}(?::\d{2})?)$/.exec(value.trim());
  if (!match?.[1] || !match[2]) throw new InvalidArgumentError('expected HH:MM-HH:MM');
  return [...previous, [match[1], match[2]]];
};
