import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Metafile } from 'esbuild';

const ROOT = join(__dirname, '..', '..');
/** Where the built widget script is written; GET /embed.js reads it (web/dist is not committed). */
export const EMBED_OUT = join(ROOT, 'web', 'dist', 'embed.js');

/** Builds web/embed/main.ts into one minified script (ES2020, for the browsers of the last years). */
export async function buildWeb(outfile = EMBED_OUT): Promise<Metafile> {
  const { build } = require('esbuild') as typeof import('esbuild');
  const result = await build({
    entryPoints: [join(ROOT, 'web', 'embed', 'main.ts')],
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

/** Each file's SHA-256, by absolute path; a missing file has none. */
function digests(files: readonly string[]): Record<string, string | null> {
  const found: Record<string, string | null> = {};
  for (const file of files) {
    try {
      found[file] = createHash('sha256').update(readFileSync(file)).digest('hex');
    } catch {
      found[file] = null;
    }
  }
  return found;
}

/** The record beside the script of what it was built from: each file's SHA-256. */
const stampOf = (outfile: string) => `${outfile}.sources.json`;

function upToDate(outfile: string): boolean {
  let recorded: Record<string, string | null>;
  try {
    readFileSync(outfile);
    recorded = JSON.parse(readFileSync(stampOf(outfile), 'utf8')) as Record<string, string | null>;
  } catch {
    return false;
  }
  const files = Object.keys(recorded);
  const now = digests(files);
  return files.length > 0 && files.every((file) => recorded[file] !== null && now[file] === recorded[file]);
}

/**
 * The widget's script, built only when what it is built from changed since the last build (the stamp
 * beside it, compared by content, so a checkout that only touches times builds nothing). `npm start` calls
 * it at each start: building costs an esbuild process and about 0.3 s of CPU, comparing about a
 * millisecond. The script and its stamp are written under temporary names and renamed: a server or test
 * starting at the same time reads the old script or the new one, never half of one.
 */
export async function ensureWeb(outfile = EMBED_OUT): Promise<'built' | 'up to date'> {
  if (upToDate(outfile)) return 'up to date';
  mkdirSync(dirname(outfile), { recursive: true });
  const temporary = `${outfile}.${process.pid}.tmp`;
  try {
    const metafile = await buildWeb(temporary);
    // The metafile names its inputs relative to the working folder.
    const inputs = Object.keys(metafile.inputs).map((input) => resolve(input));
    const stamp = JSON.stringify(digests([...inputs, ...BUILD_FILES]));
    writeFileSync(`${temporary}.sources`, stamp);
    renameSync(temporary, outfile);
    renameSync(`${temporary}.sources`, stampOf(outfile));
  } finally {
    rmSync(temporary, { force: true });
    rmSync(`${temporary}.sources`, { force: true });
  }
  return 'built';
}
