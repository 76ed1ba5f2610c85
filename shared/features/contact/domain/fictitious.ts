/** Fictitious clients, for the debug data set (shared/features/v1-reads/debug/fixture-data.ts) and `npm run admin -- seed`. */

/** Family names, common in France. */
export const FAMILY_NAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
];

/** `first.last<tag>@<domain>`, lower-case, the first name without its accents (`Léa` → `lea`). */
export const fictitiousEmail = (first: string, last: string, domain: string, tag = ''): string =>
  `${first
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '')}.${last.toLowerCase()}${tag}@${domain}`;
