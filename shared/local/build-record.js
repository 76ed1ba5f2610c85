/**
 * A build made only when what it is made from changed: the record beside the output names each input
 * with its fingerprint (`byContent`, `bySizeAndTime`), and the output and its record are written under
 * temporary names and renamed, so a process starting at the same time uses the old output or the new one,
 * whole. Used by the widget's build (shared/local/web-build.ts), the scripts' bundles (scripts/run.js) and
 * the functions' bundles bundle-size.test.ts checks: plain JavaScript, since scripts/run.js runs before
 * anything could compile TypeScript.
 */
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');

/** A file's SHA-256: a checkout that only touches times changes nothing. */
const byContent = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
/** A file's (or folder's) size and time: a stat, for inputs by the thousand. */
const bySizeAndTime = (file, stats = statSync(file)) => `${stats.size}:${stats.mtimeMs}`;

/**
 * Each file's fingerprint, by absolute path; a missing file has none, nor one changed at or after `since`
 * (a time in ms, when given: a build that started then may have read it before the change).
 */
function fingerprints(files, fingerprint, since) {
  const found = {};
  for (const file of files) {
    try {
      const stats = statSync(file);
      found[file] = since !== undefined && stats.mtimeMs >= since ? null : fingerprint(file, stats);
    } catch {
      found[file] = null;
    }
  }
  return found;
}

function upToDate(output, record, fingerprint) {
  let recorded;
  try {
    statSync(output);
    recorded = JSON.parse(readFileSync(record, 'utf8'));
  } catch {
    return false;
  }
  const files = Object.keys(recorded);
  const now = fingerprints(files, fingerprint);
  return files.length > 0 && files.every((file) => recorded[file] !== null && now[file] === recorded[file]);
}

/**
 * `build(temporary)` writes the output to the path it is given and resolves to the files it was made from
 * (absolute paths); it runs only when the output or its record is missing, or an input's fingerprint changed.
 */
async function buildWhenChanged({ output, record, fingerprint, build }) {
  if (upToDate(output, record, fingerprint)) return 'up to date';
  mkdirSync(dirname(output), { recursive: true });
  const temporary = `${output}.${process.pid}.tmp`;
  const temporaryRecord = `${temporary}.record`;
  // An input changed while the build ran may have been read before the change: recorded as missing, so
  // the next call builds again.
  const started = Date.now();
  try {
    const inputs = await build(temporary);
    writeFileSync(temporaryRecord, JSON.stringify(fingerprints(inputs, fingerprint, started)));
    renameSync(temporary, output);
    renameSync(temporaryRecord, record);
  } finally {
    rmSync(temporary, { force: true });
    rmSync(temporaryRecord, { force: true });
  }
  return 'built';
}

module.exports = { buildWhenChanged, byContent, bySizeAndTime };
