/**
 * This file uses no table of its own (test/support/jest/per-file-table.ts).
 *
 * @file-table none
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { assetSizes, assetTable, functionEntries, parseAssetTable } from '../../infra/asset-sizes';
import { buildWriters, bundleLimitOf, dataOf, esbuildOptions, ROOT, writersOf } from '../../infra/bundling';
import COUNTRIES from '../../shared/core/data/holiday-countries.json';
import TABLES from '../../shared/core/data/holiday-tables.json';
import * as source from '../../shared/features/schedule/domain/holidays';
import { EVENT_ENTRIES, FEED_ROUTE, NOT_FOUND_ENTRY, ROUTES } from '../../shared/routes';

const { buildWhenChanged, bySizeAndTime } =
  require('../../shared/local/build-record.js') as typeof import('../../shared/local/build-record');

/**
 * Every route's function bundled at once, with the stack's options (infra/bundling.ts), in one esbuild
 * call: none may pass the limit, so the weight cannot come back unnoticed. A failure names the bundle and
 * its three largest inputs.
 */
const ENTRIES = [
  ...new Set([
    ...ROUTES.map((r) => r.entry),
    FEED_ROUTE.entry,
    NOT_FOUND_ENTRY,
    ...Object.values(EVENT_ENTRIES),
  ]),
];

let meta: Metafile;
let outdir = '';

/**
 * The bundles, made again only when a file they were made from changed (their record beside them, by size
 * and time: shared/local/build-record.js): the files esbuild read, its options (infra/bundling.ts), esbuild
 * itself, the project's package.json (`sideEffects`), package-lock.json (the packages installed) and
 * tsconfig.json, the routes table (the entries), and the project's folders those files are in.
 * Kept in node_modules/.cache/bundle-size/; about 7 s of esbuild's CPU a run when nothing changed (measured
 * 2026-11-27 on this project's 2-core machine). What the tests check of them is checked on every run.
 */
const CACHE = join(ROOT, 'node_modules', '.cache', 'bundle-size');
const MADE = join(CACHE, 'bundles.json');
const RECORD = `${MADE}.inputs.json`;
const HOLIDAYS = 'shared/features/schedule/domain/holidays.ts';
const BUILD_FILES = [
  'infra/bundling.ts',
  'shared/routes.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'test/infra/bundle-size.test.ts',
].map((file) => join(ROOT, file));
type Made = { outdir: string; metafile: Metafile };

const bundles = (): Promise<string> =>
  buildWhenChanged({
    output: MADE,
    record: RECORD,
    fingerprint: bySizeAndTime,
    build: async (temporary) => {
      mkdirSync(CACHE, { recursive: true });
      const into = mkdtempSync(join(CACHE, 'out-'));
      const result = await build({
        ...esbuildOptions(),
        entryPoints: [...ENTRIES, HOLIDAYS],
        outbase: ROOT,
        outdir: into,
      });
      const made: Made = { outdir: into, metafile: result.metafile as Metafile };
      writeFileSync(temporary, JSON.stringify(made));
      const inputs = Object.keys(made.metafile.inputs).map((input) => resolve(ROOT, input));
      // The project's folders those inputs are in: a file added beside one can change what an import finds.
      const folders = new Set(
        inputs.filter((input) => !input.includes('/node_modules/')).map((f) => dirname(f)),
      );
      return [...inputs, ...folders, ...BUILD_FILES, require.resolve('esbuild/package.json')];
    },
  });

beforeAll(async () => {
  let state = await bundles();
  let made = JSON.parse(readFileSync(MADE, 'utf8')) as Made;
  // The entries come from shared/routes.ts and this file, both recorded; bundles removed since: made again.
  if (!existsSync(made.outdir)) {
    rmSync(RECORD, { force: true });
    state = await bundles();
    made = JSON.parse(readFileSync(MADE, 'utf8')) as Made;
  }
  if (state === 'built')
    for (const name of readdirSync(CACHE))
      if (name.startsWith('out-') && join(CACHE, name) !== made.outdir)
        rmSync(join(CACHE, name), { recursive: true, force: true });
  meta = made.metafile;
  outdir = made.outdir;
}, 300_000);

const outputOf = (entry: string) => {
  const found = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === entry);
  if (!found) throw new Error(`no bundle for ${entry}`);
  return found[1];
};

it('bundles every route function', () => {
  expect(ENTRIES.length).toBeGreaterThanOrEqual(28);
  for (const entry of ENTRIES) expect(outputOf(entry).bytes).toBeGreaterThan(0);
});

it.each(ENTRIES)('%s is within its limit (minified, AWS SDK external)', (entry) => {
  const output = outputOf(entry);
  const limit = bundleLimitOf(entry);
  const largest = Object.entries(output.inputs)
    .sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput)
    .slice(0, 3)
    .map(([input, { bytesInOutput }]) => `${input} ${(bytesInOutput / 1024).toFixed(1)} KB`);
  const verdict =
    output.bytes <= limit
      ? 'ok'
      : `${entry}: ${output.bytes} bytes, over ${limit}; largest inputs: ${largest.join(', ')}`;
  expect(verdict).toBe('ok');
});

it('carries the XML and CSV writers only in v1 functions, each data set only where its module is', () => {
  for (const entry of ENTRIES) {
    const inputs = Object.keys(outputOf(entry).inputs);
    const has = (name: string) => inputs.some((i) => i.includes(`node_modules/${name}/`));
    if (!entry.startsWith('functions/v1/') && entry !== NOT_FOUND_ENTRY) {
      expect([entry, has('xmlbuilder2'), has('papaparse')]).toEqual([entry, false, false]);
    }
    for (const heavy of ['date-holidays', 'moment-timezone', 'astronomia', 'free-email-domains-list']) {
      expect([entry, heavy, has(heavy)]).toEqual([entry, heavy, false]);
    }
  }
  expect(dataOf(Object.keys(outputOf('functions/v2/validation/validate-email.ts').inputs))).toEqual([
    'free-email-domains.txt.br',
  ]);
  expect(dataOf(Object.keys(outputOf('functions/v2/opening-hours/check-date.ts').inputs))).toEqual([
    'holidays',
  ]);
  expect(dataOf(Object.keys(outputOf('functions/v2/calendar-slots/list-slots.ts').inputs))).toEqual([]);
});

it("no function bundle carries zod's classic flavour: what they build when they load is `mini`", () => {
  // docs/design/observability.md, "Cold starts as Lambda runs them": the classic module and its schemas
  // cost each function's cold start about 20 ms more.
  for (const entry of ENTRIES) {
    const classic = Object.keys(outputOf(entry).inputs).filter((i) =>
      i.includes('node_modules/zod/v4/classic/'),
    );
    expect([entry, classic]).toEqual([entry, []]);
  }
});

it('no project module is loaded with `require` inside a bundle: every bundle is one flat module scope', () => {
  // docs/design/observability.md, "One flat module scope": one such `require` makes esbuild wrap the module
  // and everything it imports in a function each (`__esm`), which V8 compiles twice at every cold start.
  // Libraries may still be required where first used: outside the bundle (the AWS SDK, Powertools), or a
  // CommonJS one inside it (SimpleWebAuthn), which esbuild wraps however it is loaded.
  const required = Object.entries(meta.inputs)
    .filter(([path]) => path.startsWith('shared/') || path.startsWith('functions/'))
    .flatMap(([path, input]) =>
      input.imports
        .filter((i) => i.kind === 'require-call' || i.kind === 'dynamic-import')
        .filter((i) => !i.external && !i.path.startsWith('node_modules/'))
        .map((i) => `${path} requires ${i.path}`),
    );
  expect(required).toEqual([]);
});

it('no function bundle carries the XML or CSV writer: the v1 ones and not-found load them beside them', () => {
  for (const entry of ENTRIES) {
    const inputs = Object.keys(outputOf(entry).inputs);
    const has = (name: string) => inputs.some((i) => i.includes(`node_modules/${name}/`));
    expect([entry, has('xmlbuilder2'), has('papaparse')]).toEqual([entry, false, false]);
    const answersV1 = entry.startsWith('functions/v1/') || entry === NOT_FOUND_ENTRY;
    expect([entry, writersOf(inputs)]).toEqual([
      entry,
      answersV1 ? ['shared/http/writers/csv-writer.ts', 'shared/http/writers/xml-writer.ts'] : [],
    ]);
  }
});

it('the writers, bundled apart, load beside a bundle and write what the libraries write', () => {
  const dir = join(outdir, 'writers-test');
  const writers = buildWriters(dir, writersOf(['shared/http/formats.ts']));
  const built = Object.keys(writers.outputs)
    .filter((file) => file.endsWith('.js'))
    .map((file) => relative(dir, join(ROOT, file)))
    .sort();
  expect(built).toEqual(['writers/csv-writer.js', 'writers/xml-writer.js']);
  const xml = require(join(dir, 'writers', 'xml-writer.js')) as typeof import('xmlbuilder2');
  const csv = require(join(dir, 'writers', 'csv-writer.js')) as typeof import('papaparse');
  expect(xml.create({ version: '1.0' }).ele('a').txt('<&>').end({ prettyPrint: false })).toBe(
    '<?xml version="1.0"?><a>&lt;&amp;&gt;</a>',
  );
  expect(csv.unparse({ fields: ['a', 'b'], data: [['1,2', '"']] }, { newline: '\r\n' })).toBe(
    'a,b\r\n"1,2",""""',
  );
});

it('no function bundle carries the source-map reader: it is bundled apart beside index.js (maps/)', () => {
  // docs/design/observability.md, "Cold starts: less code to compile": 16 KB V8 compiled at every load.
  for (const entry of ENTRIES) {
    const inOutput = Object.entries(outputOf(entry).inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path);
    expect([entry, inOutput.filter((i) => i.includes('node_modules/@jridgewell/'))]).toEqual([entry, []]);
  }
});

it('the feed-address functions carry neither the iCalendar writer nor luxon: only the feed renders', () => {
  const addresses = ENTRIES.filter((entry) => entry.startsWith('functions/v2/calendar-feed/'));
  expect(addresses).toHaveLength(3);
  for (const entry of addresses) {
    const heavy = Object.entries(outputOf(entry).inputs)
      .filter(
        ([path, input]) => input.bytesInOutput > 0 && /node_modules\/(ical-generator|luxon)\//.test(path),
      )
      .map(([path]) => path);
    expect([entry, heavy]).toEqual([entry, []]);
  }
  const feed = Object.entries(outputOf(FEED_ROUTE.entry).inputs);
  expect(
    feed.some(([path, input]) => path.includes('node_modules/ical-generator/') && input.bytesInOutput > 0),
  ).toBe(true);
});

it("the reads a client's link opens carry no booking service: only whether the link opens them", () => {
  for (const entry of [
    'functions/v2/business/get-business.ts',
    'functions/v2/calendar-slots/list-slots.ts',
  ]) {
    const booking = Object.entries(outputOf(entry).inputs)
      .filter(
        ([path, input]) => input.bytesInOutput > 0 && path.endsWith('/booking/services/booking-service.ts'),
      )
      .map(([path]) => path);
    expect([entry, booking]).toEqual([entry, []]);
  }
});

it('the bundled holidays module (calendars left out) gives every country the holidays the source gives', () => {
  // The module lives in shared/features/schedule/domain/: its bundle is there under outdir.
  const bundled = join(outdir, 'shared', 'features', 'schedule', 'domain', 'holidays.js');
  mkdirSync(join(outdir, 'shared', 'features', 'schedule', 'domain', 'data'), { recursive: true });
  // The bundle reads its data beside itself, as a deployed function does.
  require('node:fs').cpSync(
    join(ROOT, 'shared', 'core', 'data'),
    join(outdir, 'shared', 'features', 'schedule', 'domain', 'data'),
    {
      recursive: true,
    },
  );
  const lean = require(bundled) as typeof source;
  expect(relative(ROOT, bundled)).toMatch(/^node_modules\/\.cache\/bundle-size\/out-/);
  // The countries whose calendars are left out read their precomputed tables (holiday-tables.json).
  for (const country of [...Object.keys(COUNTRIES), ...Object.keys(TABLES.countries)]) {
    expect([country, lean.publicHolidays(2026, country)]).toEqual([
      country,
      source.publicHolidays(2026, country),
    ]);
  }
  expect(lean.isSupportedCountry('JP')).toBe(true);
  expect(lean.publicHoliday('2026-03-20', 'JP')?.name).toBe('Spring Equinox Day');
});

it('DESIGN.md gives each function’s asset: its data files exactly, its size within a fifth', () => {
  expect([...ENTRIES].sort()).toEqual(functionEntries().sort());
  const listed = parseAssetTable(readFileSync(join(ROOT, 'DESIGN.md'), 'utf8'));
  const hint = `DESIGN.md's asset table is stale: run npm run asset-sizes and paste\n${assetTable(assetSizes(meta, ENTRIES))}`;
  for (const size of assetSizes(meta, ENTRIES)) {
    const row = listed.get(size.entry);
    const actualKb = size.assetBytes / 1024;
    const close = row !== undefined && Math.abs(row.assetKb - actualKb) <= Math.max(64, actualKb / 5);
    expect([size.entry, row?.data, close ? 'ok' : hint]).toEqual([size.entry, size.data, 'ok']);
  }
  // Holiday data only where the holidays module is: never in a v1 list or a v2 booking.
  const data = new Map(assetSizes(meta, ENTRIES).map((size) => [size.entry, size.data]));
  expect(data.get('functions/v1/appointments/list-appointments.ts')).toEqual([]);
  expect(data.get('functions/v2/appointments/book-appointment.ts')).not.toContain('holidays');
});

it('keeps cdk.out under 100 MB: every asset together under 92 MB (templates and metadata take about 7 MB)', () => {
  // Measured 2026-11-29: a full `cdk synth` of both stages wrote 92 MB, 85 MB of it assets (holiday data in
  // 10 assets, the writers in 17); 291 MB when every asset carried what any module esbuild parsed reads.
  const total = assetSizes(meta, ENTRIES).reduce((sum, size) => sum + size.assetBytes, 0);
  expect(Math.round(total / 1024 / 1024)).toBeLessThan(92);
});
