/**
 * Writes test/support/jest/durations.json, the time each test file took in a whole run, from jest's `--json`
 * output (`npm run test:durations` runs the suite and then this). The test sequencer reads it for a file
 * jest has no time of its own for: on a fresh clone, where jest's record of the last run is empty, the
 * slowest files still go first instead of by size (test/support/jest/sequencer.js).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface JestResults {
  success: boolean;
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
}

const ROOT = join(__dirname, '..');
const from = process.argv[2];
if (!from) {
  console.error('usage: node --require tsx/cjs scripts/test-durations.ts <jest --json output>');
  process.exit(1);
}
const results = JSON.parse(readFileSync(from, 'utf8')) as JestResults;
if (!results.success) {
  console.error(`${from}: the run failed; durations are kept from green runs only`);
  process.exit(1);
}
const seconds = Object.fromEntries(
  results.testResults
    .map((r) => [relative(ROOT, r.name), Math.round((r.endTime - r.startTime) / 100) / 10] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);
const file = join(ROOT, 'test', 'support', 'jest', 'durations.json');
writeFileSync(file, `${JSON.stringify({ seconds }, null, 2)}\n`);
console.log(`${relative(ROOT, file)}: ${Object.keys(seconds).length} files`);
