/**
 * This file uses no table of its own (test/support/jest/per-file-table.ts).
 *
 * @file-table none
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECORD_FILE } from '../../../shared/local/engine/engine-record';
import {
  childrenOf,
  commandOf,
  eventually,
  javaFor,
  listening,
  type Started,
  startServer as start,
  stopServer as stop,
} from '../../support/processes';

/**
 * `npm start` as a user runs it: a child process with its own DynamoDB Local. Checks that data in a
 * folder survives a restart, that the printed tokens work, and that no Java process outlives the server,
 * nor the npm process that launched it. Start-ups are slow on a loaded machine: the tests wait for
 * events (ready line, exit) or poll with a generous bound, and never time anything. Each test has a store
 * of its own (a folder, memory, or its own table on the run's engine) and looks only at its own processes,
 * so they run side by side: the file mostly waits on processes starting and stopping (16 s against 20-23 s
 * alone, measured 2026-11-27).
 */
jest.setTimeout(300_000);
describe('npm start', () => {
  const folder = mkdtempSync(join(tmpdir(), 'booking-data-'));
  const others: string[] = [];
  afterAll(() => {
    for (const path of [folder, ...others]) rmSync(path, { recursive: true, force: true });
  });

  it.concurrent('prints working demo tokens, keeps data in LOCAL_DB across a restart, a new DEMO_SECRET_KEY replaces the tokens, and leaves no Java behind', async () => {
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

    // The same folder and entity, another secret: the data is there, the old tokens stop working.
    const second = await start({
      LOCAL_DB: folder,
      DEMO_ACCOUNT_ID: 'demo-rt',
      DEMO_SECRET_KEY: 'second-secret',
    });
    expect(second.output()).toContain("demo entity 'demo-rt' found");
    expect(second.v2).not.toBe(first.v2);
    const slots = await fetch(`${second.url}/api/v2/calendar-slots?date=2031-01-07`, {
      headers: { 'Access-Token': second.v2 },
    });
    expect(((await slots.json()) as { data: unknown[] }).data).toHaveLength(14);
    const old = await fetch(`${second.url}/api/v2/opening-hours`, { headers: { 'Access-Token': first.v2 } });
    expect(old.status).toBe(401);
    const oldV1 = await fetch(`${second.url}/api/calendars`, { headers: { 'Access-Token': first.v1 } });
    expect(oldV1.status).toBe(401);
    expect(await stop(second, 'SIGTERM')).toBe(0);
    expect(javaFor(folder)).toEqual([]);
  });

  it.concurrent('LOCAL_DB=<address> serves from the DynamoDB Local running there, starts no Java, and leaves it running', async () => {
    const engine = process.env.DYNAMODB_ENDPOINT ?? '';
    const started = await start({ LOCAL_DB: engine, TABLE_NAME: `${process.env.TABLE_NAME}-address` });
    expect(started.output()).toContain(`store: DynamoDB Local at ${engine}, already running (LOCAL_DB)`);
    const java = childrenOf(started.child.pid ?? 0).filter((pid) =>
      commandOf(pid).includes('DynamoDBLocal.jar'),
    );
    expect(java).toEqual([]);
    const calendars = await fetch(`${started.url}/api/calendars`, {
      headers: { 'Access-Token': started.v1 },
    });
    expect(calendars.status).toBe(200);
    await stop(started, 'SIGTERM');
    expect(await listening(engine)).toBe(true);
  });

  it.concurrent('LOCAL_DB=<address> where nothing answers: says so in one line, and exits', async () => {
    await expect(start({ LOCAL_DB: 'http://127.0.0.1:9' })).rejects.toThrow(
      /npm start failed: no DynamoDB Local answers at http:\/\/127\.0\.0\.1:9 \(LOCAL_DB\)/,
    );
  });

  it.concurrent('LOCAL_DB=memory starts fresh and stops clean when the server process is killed outright', async () => {
    const started = await start({ LOCAL_DB: 'memory' });
    const java = childrenOf(started.child.pid ?? 0).filter((pid) =>
      commandOf(pid).includes('DynamoDBLocal.jar'),
    );
    expect(java).toHaveLength(1);
    // Without DynamoDB Local's telemetry (shared/local/engine/dynamodb-local.ts).
    expect(commandOf(java[0] ?? '')).toContain('-disableTelemetry');
    // SIGKILL: no exit handler runs; the watchdog must end DynamoDB Local by itself.
    await stop(started, 'SIGKILL');
    await eventually(() => !commandOf(java[0] ?? '').includes('DynamoDBLocal.jar'));
    expect(commandOf(java[0] ?? '')).toBe('');
  });

  // npm runs the script through a shell: npm → sh → node (server) → java. A signal to npm's pid alone.
  it.concurrent.each(['SIGTERM', 'SIGKILL'] as const)(
    'ends with npm: %s to the npm process stops the server and DynamoDB Local, and removes the record',
    async (signal) => {
      const data = mkdtempSync(join(tmpdir(), `booking-npm-${signal}-`));
      others.push(data);
      const started: Started = await start({ LOCAL_DB: data }, 'npm');
      // Its engine, as the process list shows it, polled (one run of the whole suite on 2026-11-27 read no
      // such process the moment npm start was ready; not seen again).
      expect(await eventually(() => javaFor(data).length === 1)).toBe(true);
      expect(existsSync(join(data, RECORD_FILE))).toBe(true);
      await stop(started, signal);
      const ended = await eventually(
        async () => javaFor(data).length === 0 && !(await listening(started.url)),
      );
      expect({ ended, java: javaFor(data), listening: await listening(started.url) }).toEqual({
        ended: true,
        java: [],
        listening: false,
      });
      expect(await eventually(() => !existsSync(join(data, RECORD_FILE)))).toBe(true);
    },
  );
});
