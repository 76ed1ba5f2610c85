import { join, resolve } from 'node:path';
import type { Metafile } from 'esbuild';
import { buildWhenChanged, byContent } from './build-record';

const ROOT = join(__dirname, '..', '..');
/** Where the built widget script is written; GET /embed.js reads it (web/dist is not committed). */
export const EMBED_OUT = join(ROOT, 'web', 'dist', 'embed.js');

/** Where the built owner's console script is written; GET /console.js reads it. */
export const CONSOLE_OUT = join(ROOT, 'web', 'dist', 'console.js');

/** The browser scripts web/ is built into: the widget (web/embed) and the owner's console (web/console). */
export type WebScript = 'embed' | 'console';

/** Builds web/<script>/main.ts into one minified script (ES2020, for the browsers of the last years). */
export async function buildWeb(outfile = EMBED_OUT, script: WebScript = 'embed'): Promise<Metafile> {
  const { build } = require('esbuild') as typeof import('esbuild');
  const result = await build({
    entryPoints: [join(ROOT, 'web', script, 'main.ts')],
    outfile,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    tsconfig: join(ROOT, 'web', 'tsconfig.json'),
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
  });
  return result.metafile;
}

/**
 * What a build is made of besides its inputs: the build's options (this file), web/tsconfig.json and
 * esbuild's version.
 */
const BUILD_FILES = [__filename, join(ROOT, 'web', 'tsconfig.json'), require.resolve('esbuild/package.json')];

/**
 * The widget's script, built only when what it is built from changed since the last build (the record
 * beside it, compared by content, so a checkout that only touches times builds nothing; build-record.js).
 * `npm start` calls it at each start: building costs an esbuild process and about 0.3 s of CPU, comparing
 * about a millisecond. A server or test starting at the same time reads the old script or the new one,
 * never half of one.
 */
export function ensureWeb(outfile = EMBED_OUT, script: WebScript = 'embed'): Promise<'built' | 'up to date'> {
  return buildWhenChanged({
    output: outfile,
    record: `${outfile}.sources.json`,
    fingerprint: byContent,
    build: async (temporary) => {
      const metafile = await buildWeb(temporary, script);
      // The metafile names its inputs relative to the working folder.
      return [...Object.keys(metafile.inputs).map((input) => resolve(input)), ...BUILD_FILES];
    },
  });
}

/** The owner's console script (GET /console.js), built as the widget's is: only when its sources changed. */
export const ensureConsole = (outfile = CONSOLE_OUT) => ensureWeb(outfile, 'console');
