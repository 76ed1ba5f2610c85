/**
 * What each function's asset weighs (DESIGN.md, "Asset sizes"): its bundle and source map, the writers and map reader
 * bundled beside it, and the data files it reads (bundling.ts copies only those). `npm run asset-sizes`
 * prints the table; test/infra/bundle-size.test.ts checks DESIGN.md against it.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { EVENT_ENTRIES, FEED_ROUTE, NOT_FOUND_ENTRY, ROUTES } from '../shared/routes';
import { buildWriters, dataOf, firstUseOf, modulesInOutput, ROOT } from './bundling';

/** Every function's handler file: the routes', the feed's, not-found's and the event functions'. */
export const functionEntries = (): string[] => [
  ...new Set([
    ...ROUTES.map((r) => r.entry),
    FEED_ROUTE.entry,
    NOT_FOUND_ENTRY,
    ...Object.values(EVENT_ENTRIES),
  ]),
];

export interface AssetSize {
  entry: string;
  /** index.js, minified. */
  bundleBytes: number;
  /** The data files the asset carries (relative to shared/core/data). */
  data: string[];
  /** Everything deployed: bundle, source map, writers and map reader, data. */
  assetBytes: number;
}

const sizeOf = (path: string): number => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
};

/** The sizes of the modules bundled apart (the writers and the map reader, loaded beside index.js on first use). */
function writersBytes(writers: string[]): number {
  if (writers.length === 0) return 0;
  const dir = mkdtempSync(join(tmpdir(), 'booking-writers-'));
  try {
    const meta = buildWriters(dir, writers);
    return Object.values(meta.outputs).reduce((sum, output) => sum + output.bytes, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each entry's asset, from one esbuild metafile of every entry (bundled with esbuildOptions()). */
export function assetSizes(meta: Metafile, entries: readonly string[]): AssetSize[] {
  const cache = new Map<string, number>();
  return entries.map((entry) => {
    const found = Object.entries(meta.outputs).find(([, output]) => output.entryPoint === entry);
    if (!found) throw new Error(`no bundle for ${entry}`);
    const [file, output] = found;
    const map = meta.outputs[`${file}.map`]?.bytes ?? 0;
    const inputs = modulesInOutput(meta, file);
    const data = dataOf(inputs);
    const writers = firstUseOf(inputs);
    const key = writers.join(',');
    if (!cache.has(key)) cache.set(key, writersBytes(writers));
    const dataBytes = data.reduce((sum, name) => sum + sizeOf(join(ROOT, 'shared', 'core', 'data', name)), 0);
    return {
      entry,
      bundleBytes: output.bytes,
      data,
      assetBytes: output.bytes + map + (cache.get(key) ?? 0) + dataBytes,
    };
  });
}

const kb = (bytes: number): string => `${Math.round(bytes / 1024)} KB`;

/** The markdown table of DESIGN.md. */
export const assetTable = (sizes: readonly AssetSize[]): string =>
  [
    '| Function (handler) | Bundle | Data files | Asset (all deployed) |',
    '| ------------------ | -----: | ---------- | -------------------: |',
    ...sizes.map(
      (size) =>
        `| \`${size.entry}\` | ${kb(size.bundleBytes)} | ${size.data.map((d) => `\`${d}\``).join(', ') || 'none'} | ${kb(size.assetBytes)} |`,
    ),
  ].join('\n');

/** The rows of DESIGN.md's table: entry, data files, asset bytes (rounded to the KB). */
export function parseAssetTable(markdown: string): Map<string, { data: string[]; assetKb: number }> {
  const rows = new Map<string, { data: string[]; assetKb: number }>();
  for (const line of markdown.split('\n')) {
    const match = /^\| `([^`]+\.ts)` \| [\d.]+ KB \| (.+?) \| (\d+) KB \|$/.exec(line.trim());
    if (!match) continue;
    const data =
      match[2] === 'none' ? [] : [...(match[2] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
    rows.set(match[1] as string, { data, assetKb: Number(match[3]) });
  }
  return rows;
}
