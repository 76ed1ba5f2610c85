import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The built widget script: beside the bundled function on AWS (the stack's bundling writes it there),
 * the web build folder (web/dist/) locally (built by `npm start` and the tests). Read once per cold start.
 */
let cached: string | null = null;
export function embedScript(): string | null {
  if (cached !== null && process.env.STAGE !== 'local') return cached;
  const root = join(__dirname, '..', '..', '..', '..');
  for (const path of [join(__dirname, 'embed.js'), join(root, 'web', 'dist', 'embed.js')]) {
    if (existsSync(path)) {
      cached = readFileSync(path, 'utf8');
      return cached;
    }
  }
  return null;
}
