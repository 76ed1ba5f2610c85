import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm start` as a user runs it: a child process with its own DynamoDB Local. Checks that data in a
 * folder survives a restart, that the printed tokens work, and that no Java process outlives the server.
 */
const ROOT = join(__dirname, '..', '..');

interface Started {
  child: ChildProcess;
  url: string;
  v1: string;
  v2: string;
  output: () => string;
}

function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent', TABLE_NAME: 'booking-local', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm start did not get ready:\n${output}`)), 45_000);
    const poll = setInterval(() => {
      const url = /API listening on (\S+)/.exec(output)?.[1];
      if (url) {
        clearInterval(poll);
        clearTimeout(timer);
        done({
          child,
          url,
          v1: /v1 token \(\/api\):\s+([0-9a-f]{64})/.exec(output)?.[1] ?? '',
          v2: /v2 token \(\/api\/v2\):\s+([0-9a-f]{40})/.exec(output)?.[1] ?? '',
          output: () => output,
        });
      }
      if (child.exitCode !== null) {
        clearInterval(poll);
        clearTimeout(timer);
        fail(new Error(`npm start exited with ${child.exitCode}:\n${output}`));
      }
    }, 100);
  });
}

const childrenOf = (pid: number): string[] =>
  (spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout ?? '').split('\n').filter(Boolean);
/** A running process's command line; '' when it is gone (a zombie awaiting its reaper is gone too). */
const commandOf = (pid: string): string => {
  const line = pid
    ? (spawnSync('ps', ['-o', 'args=', '-p', pid], { encoding: 'utf8' }).stdout ?? '').trim()
    : '';
  return line.includes('<defunct>') ? '' : line;
};

const stop = (started: Started, signal: NodeJS.Signals) =>
  new Promise<number | null>((done) => {
    started.child.once('exit', (code) => done(code));
    started.child.kill(signal);
  });

/** Java processes whose command line names this data folder (or, for memory mode, this test's marker). */
const javaFor = (marker: string): string[] =>
  (spawnSync('pgrep', ['-f', `DynamoDBLocal.jar.*${marker}`], { encoding: 'utf8' }).stdout ?? '')
    .split('\n')
    .filter(Boolean);

describe('npm start', () => {
  const folder = mkdtempSync(join(tmpdir(), 'booking-data-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('prints working demo tokens, keeps data in LOCAL_DB across a restart, and leaves no Java behind', async () => {
    const first = await start({
      LOCAL_DB: folder,
      DEMO_ACCOUNT_ID: 'demo-rt',
      DEMO_SECRET_KEY: 'runtime-secret',
    });
    expect(first.output()).toMatch(/curl -H 'Access-Token: [0-9a-f]{40}'/);
    expect(javaFor(folder)).toHaveLength(1);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    const generate = await fetch(`${first.url}/api/v2/calendar-slots/generate`, {
      method: 'POST',
      headers: { 'Access-Token': first.v2 },
      body: JSON.stringify({ date: '2031-01-07', max_appointments: 3 }),
    });
    expect(generate.status).toBe(200);
    expect(await stop(first, 'SIGINT')).toBe(0);
    expect(javaFor(folder)).toEqual([]);

    const second = await start({
      LOCAL_DB: folder,
      DEMO_ACCOUNT_ID: 'demo-rt',
      DEMO_SECRET_KEY: 'runtime-secret',
    });
    expect(second.output()).toContain("demo entity 'demo-rt' found");
    const slots = await fetch(`${second.url}/api/v2/calendar-slots?date=2031-01-07`, {
      headers: { 'Access-Token': second.v2 },
    });
    expect(((await slots.json()) as { data: unknown[] }).data).toHaveLength(14);
    expect(await stop(second, 'SIGTERM')).toBe(0);
    expect(javaFor(folder)).toEqual([]);
  });

  it('a new DEMO_SECRET_KEY replaces the demo tokens: the old ones stop working', async () => {
    const first = await start({
      LOCAL_DB: folder,
      DEMO_ACCOUNT_ID: 'demo-rot',
      DEMO_SECRET_KEY: 'first-secret',
    });
    await stop(first, 'SIGTERM');
    const second = await start({
      LOCAL_DB: folder,
      DEMO_ACCOUNT_ID: 'demo-rot',
      DEMO_SECRET_KEY: 'second-secret',
    });
    const old = await fetch(`${second.url}/api/v2/opening-hours`, { headers: { 'Access-Token': first.v2 } });
    expect(old.status).toBe(401);
    const current = await fetch(`${second.url}/api/v2/opening-hours`, {
      headers: { 'Access-Token': second.v2 },
    });
    expect(current.status).toBe(200);
    await stop(second, 'SIGTERM');
  });

  it('LOCAL_DB=memory starts fresh and stops clean when the server process is killed outright', async () => {
    const started = await start({ LOCAL_DB: 'memory' });
    const java = childrenOf(started.child.pid ?? 0).filter((pid) =>
      commandOf(pid).includes('DynamoDBLocal.jar'),
    );
    expect(java).toHaveLength(1);
    // SIGKILL: no exit handler runs; the watchdog must end DynamoDB Local by itself.
    await stop(started, 'SIGKILL');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && commandOf(java[0] ?? '').includes('DynamoDBLocal.jar')) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(commandOf(java[0] ?? '')).toBe('');
  });
});
