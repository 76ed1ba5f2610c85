import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `npm start` and the admin CLI as a user runs them, and the processes they leave (or must not leave). */
export const ROOT = join(__dirname, '..', '..');

export interface Started {
  child: ChildProcess;
  url: string;
  v1: string;
  v2: string;
  output: () => string;
}

/**
 * The store for a server whose test is not about the engine: the run's shared DynamoDB Local (its address
 * as LOCAL_DB: the server starts no Java) and a table of the server's own (one per name), beside the file's.
 */
export function onSharedEngine(name = 'server'): Record<string, string> {
  const engine = process.env.DYNAMODB_ENDPOINT;
  // Never an empty LOCAL_DB: that is the project's own ./.data folder.
  if (!engine) throw new Error('no shared engine: the store project sets DYNAMODB_ENDPOINT');
  return { LOCAL_DB: engine, TABLE_NAME: `${process.env.TABLE_NAME}-${name}` };
}

/**
 * The run's shared DynamoDB Local and this test file's own table, for a server that shares the file's data
 * with the file itself: what the file writes in this process (adminHere below) the server reads, and back.
 */
export function onFileTable(): Record<string, string> {
  return { ...onSharedEngine(), TABLE_NAME: process.env.TABLE_NAME ?? '' };
}

/**
 * Starts the local API as a child process: `node scripts/run.js start` directly, or through `npm start`
 * (npm → sh → node, as a user runs it). Resolves when it prints its URL, fails when it exits first; no
 * wall-clock budget of its own (the test's timeout bounds it), so a loaded machine only makes it slower.
 */
export function startServer(env: Record<string, string>, via: 'node' | 'npm' = 'node'): Promise<Started> {
  const [command, args] =
    via === 'npm' ? ['npm', ['start', '--silent']] : [process.execPath, ['scripts/run.js', 'start']];
  const child = spawn(command as string, args as string[], {
    cwd: ROOT,
    // A test's server lives a minute: DynamoDB Local's quick JVM (README, DYNAMODB_LOCAL_JIT).
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'silent',
      TABLE_NAME: 'booking-local',
      DYNAMODB_LOCAL_JIT: 'quick',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, fail) => {
    let ready = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Once started, what it prints is only kept (output()), not searched again at every chunk.
      if (ready) return;
      const url = /API listening on (\S+)/.exec(output)?.[1];
      // The last line it prints is the v1 curl: everything before it is there then.
      if (url && /curl -H 'Access-Token: [0-9a-f]{64}'/.test(output)) {
        ready = true;
        child.off('exit', onExit);
        done({
          child,
          url,
          v1: /v1 token \(\/api\):\s+([0-9a-f]{64})/.exec(output)?.[1] ?? '',
          v2: /v2 token \(\/api\/v2\):\s+([0-9a-f]{40})/.exec(output)?.[1] ?? '',
          output: () => output,
        });
      }
    };
    const onExit = (code: number | null) => fail(new Error(`npm start exited with ${code}:\n${output}`));
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', onExit);
  });
}

/** Signals the started process and resolves with its exit code once it has exited. */
export const stopServer = (started: Started, signal: NodeJS.Signals) =>
  new Promise<number | null>((done) => {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      done(started.child.exitCode);
      return;
    }
    started.child.once('exit', (code) => done(code));
    started.child.kill(signal);
  });

/**
 * The machine's processes as pgrep and ps read them, from /proc (Linux), without a process started per look:
 * the tests poll these every 50-100 ms while processes start and stop.
 */
interface ProcessInfo {
  pid: string;
  parent: string;
  /** Its command line, arguments joined by spaces; '' once the kernel has released it (exiting, zombie). */
  command: string;
}
function processInfo(pid: string): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's name in parentheses (which may hold spaces): state, parent pid, ...
    const [state = '', parent = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, parent, command: state === 'Z' ? '' : command };
  } catch {
    return undefined; // gone meanwhile
  }
}
const processes = (): ProcessInfo[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(processInfo)
    .filter((info): info is ProcessInfo => info !== undefined);

export const childrenOf = (pid: number): string[] =>
  processes()
    .filter((info) => info.parent === String(pid))
    .map((info) => info.pid);

/** A running process's command line; '' when it is gone or going (a zombie, or already exiting). */
export const commandOf = (pid: string): string => (pid ? (processInfo(pid)?.command ?? '') : '');

/** Java processes whose command line names this data folder (or, for memory mode, this test's marker). */
export const javaFor = (marker: string): string[] =>
  processes()
    .filter(({ command }) => {
      const jar = command.indexOf('DynamoDBLocal.jar');
      return jar >= 0 && command.indexOf(marker, jar) >= 0;
    })
    .map((info) => info.pid);

/**
 * Polls until `condition` holds; false if it still does not after `boundMs`. The bound only ends a
 * failing test: it is generous, and passing never depends on how fast the machine is.
 */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  boundMs = 60_000,
): Promise<boolean> {
  const until = Date.now() + boundMs;
  while (!(await condition())) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** True while something accepts connections at the URL. */
export const listening = (url: string): Promise<boolean> =>
  fetch(url).then(
    () => true,
    () => false,
  );

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
  json: unknown;
}

/** What a command printed, as JSON; undefined when it printed something else. */
export function jsonOf(stdout: string): unknown {
  try {
    return JSON.parse(stdout);
  } catch {
    return undefined;
  }
}

type AdminConnect = NonNullable<Parameters<typeof import('../../scripts/admin').admin>[2]>;

/**
 * An admin command run in this process: `admin()`, what `npm run admin` runs, its output captured, on this
 * test file's table (or the store `connect` gives). The same answers and writes as the CLI's process without
 * a process start per command (about a second of CPU each); what only a process shows (exit on a refusal,
 * a folder's engine started or shared, no Java left) is admin-cli.test.ts's.
 */
export async function adminHere(args: string[], connect?: AdminConnect): Promise<AdminRun> {
  const { admin } = require('../../scripts/admin') as typeof import('../../scripts/admin');
  const onFile: AdminConnect = async () => {
    const { services } = require('../../shared/wiring') as typeof import('../../shared/wiring');
    return { services: services(), close: async () => undefined };
  };
  let stdout = '';
  let stderr = '';
  const output = {
    out: (text: string) => {
      stdout += text;
    },
    err: (text: string) => {
      stderr += text;
    },
  };
  const code = await admin(args, output, connect ?? onFile);
  return { code, stdout, stderr, json: jsonOf(stdout) };
}

/**
 * An admin command run in this process with a store it must not reach: its answer, and whether it reached
 * the store anyway (a mistake the arguments alone should answer).
 */
export async function adminUnreached(args: string[]): Promise<AdminRun & { reached: boolean }> {
  let reached = false;
  const run = await adminHere(args, async () => {
    reached = true;
    throw new Error('the store was reached');
  });
  return { ...run, reached };
}

/** Runs the admin CLI on a data folder (asynchronously, so a test can watch processes meanwhile). */
export function runAdmin(store: string | Record<string, string>, args: string[]): Promise<AdminRun> {
  // A data folder (its engine and its table), or a server's store as onSharedEngine() names it.
  const where = typeof store === 'string' ? { LOCAL_DB: store, TABLE_NAME: 'booking-local' } : store;
  const child = spawn(process.execPath, ['scripts/run.js', 'admin', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...where, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((done) => {
    child.once('close', (code) => done({ code, stdout, stderr, json: jsonOf(stdout) }));
  });
}
