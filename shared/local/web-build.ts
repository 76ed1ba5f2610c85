import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';

const ROOT = join(__dirname, '..', '..');
/** Where the built widget script is written; GET /embed.js reads it (web/dist is not committed). */
export const EMBED_OUT = join(ROOT, 'web', 'dist', 'embed.js');

/** Builds web/embed/main.ts into one minified script (ES2020, for the browsers of the last years). */
export async function buildWeb(outfile = EMBED_OUT): Promise<Metafile> {
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
