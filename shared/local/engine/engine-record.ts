import { randomBytes } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * The files by which processes share one DynamoDB Local per data folder (see README, "Reliability of
 * the local runtime"). reaper.js repeats the first two names: keep them in step.
 *
 * - `dynamodb-local.lock`: who owns the folder's engine, from before it starts until after it stops.
 *   Created exclusively, so two processes never both start an engine on one folder.
 * - `dynamodb-local.json`: the engine's endpoint while it serves, for other processes to reuse.
 * - `dynamodb-local.users/`: one file per process using an engine it does not own; the owner waits for
 *   them before it stops the engine.
 */
export const RECORD_FILE = 'dynamodb-local.json';
export const LOCK_FILE = 'dynamodb-local.lock';
const BREAK_FILE = 'dynamodb-local.lock.break';
const USERS_DIR = 'dynamodb-local.users';

/** Who holds the folder: a long-lived server (`npm start`) or a tool that stops its engine when done. */
export type OwnerKind = 'server' | 'tool';

/** Owner of a folder's engine, as written in the lock file. */
export interface EngineLock {
  pid: number;
  token: string;
  kind: OwnerKind;
  started_at: string;
}

/** What `dynamodb-local.json` holds while the engine serves. */
export interface EngineRecord extends EngineLock {
  endpoint: string;
  java_pid: number;
}

/** True when a process with this id exists (signal 0 checks without signalling). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readJson = <T>(path: string): T | undefined => {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
};
const unlinkQuietly = (path: string) => {
  try {
    unlinkSync(path);
  } catch {}
};

/** A fresh lock value for this process. */
export const newLock = (kind: OwnerKind): EngineLock => ({
  pid: process.pid,
  token: randomBytes(8).toString('hex'),
  kind,
  started_at: new Date().toISOString(),
});

/**
 * Creates the lock file with its content in one step (a hard link of a complete temporary file fails
 * when the lock exists), so no reader ever sees a half-written lock. False when another process holds it.
 */
export function tryLock(folder: string, lock: EngineLock): boolean {
  const temp = join(folder, `${LOCK_FILE}.${lock.token}`);
  writeFileSync(temp, JSON.stringify(lock));
  try {
    linkSync(temp, join(folder, LOCK_FILE));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkQuietly(temp);
  }
}

/** The lock and its exact text; `value` is undefined when the text is not a lock (a damaged file). */
export function readLock(folder: string): { value: EngineLock | undefined; text: string } | undefined {
  let text: string;
  try {
    text = readFileSync(join(folder, LOCK_FILE), 'utf8');
  } catch {
    return undefined;
  }
  try {
    return { value: JSON.parse(text) as EngineLock, text };
  } catch {
    return { value: undefined, text };
  }
}
export const readRecord = (folder: string) => readJson<EngineRecord>(join(folder, RECORD_FILE));

/** Age of the lock file in ms (0 when it is gone). */
export function lockAge(folder: string): number {
  try {
    return Date.now() - statSync(join(folder, LOCK_FILE)).mtimeMs;
  } catch {
    return 0;
  }
}

/** Writes the record atomically (temporary file, then rename). */
export function writeRecord(folder: string, record: EngineRecord): void {
  const temp = join(folder, `${RECORD_FILE}.${record.token}`);
  writeFileSync(temp, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(temp, join(folder, RECORD_FILE));
}

/** Removes the record while it still names this owner. */
export function removeRecord(folder: string, owner: EngineLock): void {
  if (readRecord(folder)?.token === owner.token) unlinkQuietly(join(folder, RECORD_FILE));
}
/** Removes the lock while it still names this owner. */
export function unlock(folder: string, owner: EngineLock): void {
  if (readLock(folder)?.value?.token === owner.token) unlinkQuietly(join(folder, LOCK_FILE));
}

/**
 * Removes a lock whose owner is gone. Two processes may find the same stale lock: a second, short-lived
 * lock makes sure only one of them removes it, and only if it is still the stale one (same text).
 */
export function breakStaleLock(folder: string, staleText: string): void {
  const breaker = join(folder, BREAK_FILE);
  try {
    writeFileSync(breaker, String(process.pid), { flag: 'wx' });
  } catch {
    // Another process is breaking it; its own break lock is abandoned if older than 10 s.
    try {
      if (Date.now() - statSync(breaker).mtimeMs > 10_000) unlinkQuietly(breaker);
    } catch {}
    return;
  }
  try {
    if (readLock(folder)?.text === staleText) {
      unlinkQuietly(join(folder, RECORD_FILE));
      unlinkQuietly(join(folder, LOCK_FILE));
    }
  } finally {
    unlinkQuietly(breaker);
  }
}

/** Registers this process as a user of the folder's engine; returns how to unregister. */
export function registerUser(folder: string): () => void {
  const dir = join(folder, USERS_DIR);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${process.pid}-${randomBytes(4).toString('hex')}`);
  writeFileSync(file, '');
  return () => unlinkQuietly(file);
}

/** Count of users whose process is still alive (files of dead processes are removed). */
export function liveUsers(folder: string): number {
  const dir = join(folder, USERS_DIR);
  if (!existsSync(dir)) return 0;
  let count = 0;
  for (const name of readdirSync(dir)) {
    if (isAlive(Number(name.split('-')[0]))) count++;
    else unlinkQuietly(join(dir, name));
  }
  return count;
}

/** Removes the users folder once nobody is in it (an owner's last step). */
export function removeUsersDir(folder: string): void {
  try {
    rmdirSync(join(folder, USERS_DIR));
  } catch {}
}

/** True when pid runs DynamoDB Local (always true where /proc is missing: the pid check is all we have). */
export function isDynamoDbLocal(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('DynamoDBLocal');
  } catch {
    return !existsSync('/proc');
  }
}
