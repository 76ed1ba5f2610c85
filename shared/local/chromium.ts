import { existsSync } from 'node:fs';

/** Debian's Chromium, which the browser tests drive (playwright-core downloads no browser). */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Returns null when Chromium is there, else the one-line reason and how to install it. */
export function chromiumProblem(): string | null {
  const path = chromiumPath();
  if (existsSync(path)) return null;
  return `The browser tests (test/browser/) need Chromium, and none is at ${path}: install it (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH.`;
}
