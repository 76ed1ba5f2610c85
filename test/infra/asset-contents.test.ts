/**
 * Issue 61, point 6: what a deployed asset holds is what its bundle reads. The stack's bundling hook
 * (infra/bundling.ts copyBundleData, run after esbuild on each function) and `npm run asset-sizes` (the
 * table of DESIGN.md, infra/asset-sizes.ts) decide from the same modules, those whose code is in the
 * output: here one function of each kind is bundled as the stack bundles it, the hook runs on it, and
 * its folder is compared with what asset-sizes says of it.
 *
 * @file-table none
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync, type Metafile } from 'esbuild';
import { assetSizes } from '../../infra/asset-sizes';
import {
  copyBundleData,
  dataOf,
  esbuildOptions,
  MAPS_SOURCE_DIR,
  modulesInOutput,
  writersOf,
} from '../../infra/bundling';

/** A v1 read (writers), v2 reads with and without the holidays, a booking (phone data), the dispatcher. */
const ENTRIES = [
  'functions/v1/info/get-health.ts',
  'functions/v2/opening-hours/check-date.ts',
  'functions/v2/settings/get-settings.ts',
  'functions/v2/appointments/book-appointment.ts',
  'functions/events/dispatch-changes.ts',
];

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The entry bundled as the stack does (index.js and its metafile in a folder of its own), then the hook. */
const deployedAsset = (entry: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'booking-asset-'));
  dirs.push(dir);
  const result = buildSync({ ...esbuildOptions(), entryPoints: [entry], outfile: join(dir, 'index.js') });
  require('node:fs').writeFileSync(join(dir, 'index.meta.json'), JSON.stringify(result.metafile));
  const copied = copyBundleData(dir);
  const size = (path: string): number =>
    statSync(path).isDirectory()
      ? readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0)
      : statSync(path).size;
  return { dir, copied, bytes: size(dir), files: readdirSync(dir).sort() };
};

const all = buildSync({
  ...esbuildOptions(),
  entryPoints: ENTRIES,
  outbase: '.',
  outdir: join(tmpdir(), 'booking-asset-sizes'),
  write: false,
});
const reported = new Map(assetSizes(all.metafile as Metafile, ENTRIES).map((size) => [size.entry, size]));

describe.each(ENTRIES)('%s', (entry) => {
  const asset = deployedAsset(entry);
  const size = reported.get(entry);

  it('carries the data files asset-sizes reports, and the same bytes within 2 %', () => {
    expect(asset.copied.data).toEqual(size?.data);
    expect(Math.abs(asset.bytes - (size?.assetBytes ?? 0)) / asset.bytes).toBeLessThan(0.02);
    expect(asset.files).toEqual(
      [
        'index.js',
        'index.js.map',
        ...(asset.copied.data.length > 0 ? ['data'] : []),
        ...(asset.copied.writers.length > 0 ? ['writers'] : []),
        ...(asset.copied.firstUse.some((module) => module.startsWith(`${MAPS_SOURCE_DIR}/`)) ? ['maps'] : []),
      ].sort(),
    );
  });

  it('carries the holidays only where it checks dates, the writers only where it answers v1', () => {
    expect(asset.copied.data.includes('holidays')).toBe(entry.includes('/opening-hours/'));
    expect(asset.copied.writers.length > 0).toBe(entry.startsWith('functions/v1/'));
  });

  it('carries the source-map reader beside index.js, not in it (it runs only when an error is logged)', () => {
    expect(asset.files).toContain('maps');
    expect(readdirSync(join(asset.dir, 'maps')).sort()).toEqual(['trace-mapping.js', 'trace-mapping.js.map']);
    const inIndex = modulesInOutput(
      buildSync({
        ...esbuildOptions(),
        entryPoints: [entry],
        outfile: join(asset.dir, 'again.js'),
        write: false,
      }).metafile as Metafile,
    );
    expect(inIndex.filter((module) => module.includes('@jridgewell/'))).toEqual([]);
    const reader = require(
      join(asset.dir, 'maps', 'trace-mapping.js'),
    ) as typeof import('@jridgewell/trace-mapping');
    expect(typeof reader.originalPositionFor).toBe('function');
  });
});

it('decides from the modules in the output, not from every module esbuild parsed', () => {
  const result = buildSync({
    ...esbuildOptions(),
    entryPoints: ['functions/v2/settings/get-settings.ts'],
    outdir: join(tmpdir(), 'booking-asset-one'),
    write: false,
  });
  const meta = result.metafile as Metafile;
  const inOutput = modulesInOutput(meta);
  expect(inOutput.length).toBeGreaterThan(0);
  expect(inOutput.every((input) => input in meta.inputs)).toBe(true);
  // What tree shaking dropped is parsed but not in index.js: it brings nothing along.
  const dropped = Object.keys(meta.inputs).filter((input) => !inOutput.includes(input));
  expect(dropped.length).toBeGreaterThan(0);
  // The holidays module is parsed (an import esbuild follows) and dropped: judged from every module parsed,
  // this function's asset carried the 3.5 MB of holiday data and the writers (as 62 of 65 assets did).
  expect(dataOf(Object.keys(meta.inputs))).toContain('holidays');
  expect(writersOf(Object.keys(meta.inputs)).length).toBeGreaterThan(0);
  expect(dataOf(inOutput)).toEqual([]);
  expect(writersOf(inOutput)).toEqual([]);
});
