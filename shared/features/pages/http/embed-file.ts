import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The built widget script (and the owner's console's): beside the bundled function on AWS (the stack's bundling writes it there),
 * the web build folder (web/dist/) locally (built by `npm start` and the tests). Read once per cold start.
 */
const cached = new Map<string, string>();
function builtScript(file: 'embed.js' | 'console.js'): string | null {
  const known = cached.get(file);
  if (known !== undefined && process.env.STAGE !== 'local') return known;
  const root = join(__dirname, '..', '..', '..', '..');
  for (const path of [join(__dirname, file), join(root, 'web', 'dist', file)]) {
    if (existsSync(path)) {
      const text = readFileSync(path, 'utf8');
      cached.set(file, text);
      return text;
    }
  }
  return null;
}
export const embedScript = (): string | null => builtScript('embed.js');
/** The owner's console's script (web/console), built and found the same way (GET /console.js). */
export const consoleScript = (): string | null => builtScript('console.js');
