import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb } from '../../../../shared/local/web-build';

/**
 * Issue 30, "quality you can measure": embed.js, as GET /embed.js serves it, is at most 35 KB gzipped,
 * and holds no framework over 10 KB gzipped (every package it bundles, measured alone, is under that).
 */
const KB = 1024;

test('embed.js is at most 35 KB gzipped, and no bundled package is over 10 KB gzipped', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'embed-'));
  try {
    const out = join(dir, 'embed.js');
    const meta = await buildWeb(out);
    const script = readFileSync(out);
    expect(gzipSync(script).length).toBeLessThanOrEqual(35 * KB);
    const output = Object.values(meta.outputs)[0];
    const byPackage = new Map<string, number>();
    for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      if (name) byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
    // Raw bytes bound gzipped bytes: a package under 10 KB raw is under 10 KB gzipped.
    for (const [name, bytes] of byPackage) expect([name, bytes <= 10 * KB]).toEqual([name, true]);
    // The widget is its own code: every input is under web/.
    expect(Object.keys(output?.inputs ?? {}).filter((input) => !input.startsWith('web/'))).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
