import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** shared/local/build-record.js: a build made again only when what it was made from changed. */
const { buildWhenChanged, bySizeAndTime } =
  require('../../../../shared/local/build-record.js') as typeof import('../../../../shared/local/build-record');

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'build-record-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

test('an input changed while the build runs is recorded as missing: the next call builds again', async () => {
  const source = join(folder, 'source.txt');
  const output = join(folder, 'output.txt');
  writeFileSync(source, 'one');
  let builds = 0;
  const options = {
    output,
    record: `${output}.inputs.json`,
    fingerprint: bySizeAndTime,
    build: async (temporary: string) => {
      builds += 1;
      writeFileSync(temporary, readFileSync(source));
      // Saved during the first build, after it read the source (past the file system's clock tick: its
      // times may trail the system clock by a few milliseconds).
      if (builds === 1) {
        await new Promise((done) => setTimeout(done, 50));
        writeFileSync(source, 'two, longer');
      }
      return [source];
    },
  };
  expect(await buildWhenChanged(options)).toBe('built');
  expect(JSON.parse(readFileSync(`${output}.inputs.json`, 'utf8'))).toEqual({ [source]: null });
  expect(await buildWhenChanged(options)).toBe('built');
  expect(readFileSync(output, 'utf8')).toBe('two, longer');
  expect(await buildWhenChanged(options)).toBe('up to date');
  expect(builds).toBe(2);
});
