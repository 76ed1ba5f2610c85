import { config } from 'zod/mini';
import { en } from 'zod/v4/locales';

let set = false;

/**
 * zod's English messages ("Too small: expected number to be >=5"), which some answers quote. The classic
 * flavour sets them when it builds its first schema; the `mini` flavour, which everything a function loads
 * uses, sets none, so each module whose schemas give zod's own messages calls this before building them.
 */
export function englishIssues(): void {
  if (set) return;
  config(en());
  set = true;
}
