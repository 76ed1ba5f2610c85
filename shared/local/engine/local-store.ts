import { mkdirSync } from 'node:fs';
import { setTimeout as pause } from 'node:timers/promises';
import { type EngineJit, type EngineStorage, type LocalStorage, startLocalDynamo } from './dynamodb-local';
import {
  breakStaleLock,
  type EngineLock,
  type EngineRecord,
  isAlive,
  isDynamoDbLocal,
  liveUsers,
  lockAge,
  newLock,
  type OwnerKind,
  readLock,
  readRecord,
  registerUser,
  removeRecord,
  removeUsersDir,
  tryLock,
  unlock,
  writeRecord,
} from './engine-record';

/** The store a process works on: the engine's endpoint, whether this process started it, how to let go. */
export interface LocalStore {
  endpoint: string;
  /** The engine's Java process when this process started it. */
  javaPid?: number;
  owned: boolean;
  /** Stops an owned engine (after its users are done), or only unregisters from a reused one. */
  release(): Promise<void>;
}

export interface AcquireOptions {
  /** `server` (npm start) refuses a folder another server serves; `tool` (CLI, bench, tests) reuses it. */
  kind: OwnerKind;
  /** DynamoDB Local's port when this process starts it. */
  port?: number;
  /** How its JVM compiles when this process starts it (dynamodb-local.ts): `full` unless said. */
  jit?: EngineJit;
  /** How long to wait for a folder another process is starting or stopping (default 2 minutes). */
  waitMs?: number;
}

/** A lock whose owner holds it this long without a serving engine is abandoned (pid reused, hung start). */
const ABANDONED_AFTER_MS = 120_000;
/** How long an owner waits for the processes still using its engine before stopping it. */
const USERS_GRACE_MS = 15_000;

/** True when the endpoint answers HTTP at all (DynamoDB Local answers 400 to a bare GET). */
async function answers(endpoint: string): Promise<boolean> {
  try {
    await fetch(endpoint, { signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}

const serving = async (record: EngineRecord | undefined, lock: EngineLock): Promise<boolean> =>
  record !== undefined &&
  record.token === lock.token &&
  isAlive(record.pid) &&
  isAlive(record.java_pid) &&
  (await answers(record.endpoint));

/**
 * The DynamoDB Local to use for this storage. At an address: that engine, as it is. In memory: a private
 * engine of this process. In a folder:
 * the engine another process already runs there when it serves (found through the folder's record),
 * else one this process starts and records; never two engines on one folder.
 */
export async function acquireLocalStore(storage: LocalStorage, options: AcquireOptions): Promise<LocalStore> {
  if (storage.kind === 'address') {
    // Somebody else's engine: used as it is, never started nor stopped here.
    if (!(await answers(storage.endpoint)))
      throw new Error(`no DynamoDB Local answers at ${storage.endpoint} (LOCAL_DB)`);
    return { endpoint: storage.endpoint, owned: false, release: async () => undefined };
  }
  if (storage.kind === 'memory') {
    const dynamo = await startLocalDynamo(storage, options.port, options.jit);
    return {
      endpoint: dynamo.endpoint,
      javaPid: dynamo.pid,
      owned: true,
      release: async () => {
        await dynamo.stop();
      },
    };
  }
  const folder = storage.path;
  mkdirSync(folder, { recursive: true });
  const deadline = Date.now() + (options.waitMs ?? 120_000);
  let waitingFor = '';
  while (Date.now() < deadline) {
    const mine = newLock(options.kind);
    if (tryLock(folder, mine))
      return own({ storage, folder, lock: mine, port: options.port, jit: options.jit });

    const held = readLock(folder);
    if (!held) continue; // released between the two reads
    const lock = held.value;
    const record = readRecord(folder);
    if (!lock || !isAlive(lock.pid)) {
      await endOrphanedEngine(record, lock);
      breakStaleLock(folder, held.text);
      continue;
    }
    if (await serving(record, lock)) {
      const found = record as EngineRecord;
      if (options.kind === 'server' && found.kind === 'server') {
        throw new Error(
          `${folder} is already served by another npm start (pid ${found.pid}, DynamoDB Local at ${found.endpoint}): stop it or use another LOCAL_DB`,
        );
      }
      if (options.kind === 'tool') {
        // Registered before the record is read again: an owner that stops removes its record first,
        // then waits for the users it can see, so a use that starts here is always waited for.
        const unregister = registerUser(folder);
        if (await serving(readRecord(folder), lock)) {
          process.once('exit', unregister);
          return {
            endpoint: found.endpoint,
            owned: false,
            release: async () => {
              process.removeListener('exit', unregister);
              unregister();
            },
          };
        }
        unregister();
        continue;
      }
      // A server waits for a tool's engine to be released, then starts its own.
    } else if (lockAge(folder) > ABANDONED_AFTER_MS && !isDynamoDbLocal(record?.java_pid ?? 0)) {
      breakStaleLock(folder, held.text);
      continue;
    }
    waitingFor = `pid ${lock.pid} (${lock.kind}, since ${lock.started_at})`;
    await pause(150);
  }
  throw new Error(`gave up waiting for the DynamoDB Local of ${folder}, held by ${waitingFor}`);
}

/** Starts the folder's engine under our lock, records it, and returns how to stop it cleanly. */
async function own({
  storage,
  folder,
  lock,
  port,
  jit,
}: {
  storage: EngineStorage;
  folder: string;
  lock: EngineLock;
  port?: number | undefined;
  jit?: EngineJit | undefined;
}): Promise<LocalStore> {
  let dynamo: Awaited<ReturnType<typeof startLocalDynamo>>;
  try {
    dynamo = await startLocalDynamo(storage, port, jit);
  } catch (error) {
    unlock(folder, lock);
    throw error;
  }
  writeRecord(folder, { ...lock, endpoint: dynamo.endpoint, java_pid: dynamo.pid });
  // Exit without release() (process.exit, a crash): no record may outlive us or point at a dying engine.
  const onExit = () => {
    removeRecord(folder, lock);
    try {
      process.kill(dynamo.pid, 'SIGKILL');
    } catch {}
    unlock(folder, lock);
  };
  process.once('exit', onExit);
  let releasing: Promise<void> | undefined;
  return {
    endpoint: dynamo.endpoint,
    javaPid: dynamo.pid,
    owned: true,
    release: () => {
      releasing ??= (async () => {
        removeRecord(folder, lock);
        const until = Date.now() + USERS_GRACE_MS;
        while (liveUsers(folder) > 0 && Date.now() < until) await pause(100);
        await dynamo.stop();
        removeUsersDir(folder);
        unlock(folder, lock);
        process.removeListener('exit', onExit);
      })();
      return releasing;
    },
  };
}

/** An owner died: its watchdog kills the engine within a second; make sure of it before taking over. */
async function endOrphanedEngine(
  record: EngineRecord | undefined,
  lock: EngineLock | undefined,
): Promise<void> {
  if (!record || record.token !== lock?.token) return;
  const until = Date.now() + 5000;
  while (isDynamoDbLocal(record.java_pid) && Date.now() < until) await pause(100);
  if (isDynamoDbLocal(record.java_pid)) {
    try {
      process.kill(record.java_pid, 'SIGKILL');
    } catch {}
    const killed = Date.now() + 5000;
    while (isDynamoDbLocal(record.java_pid) && Date.now() < killed) await pause(50);
  }
}
