import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v1Token, v2Token } from '../../../../shared/features/access/domain/tokens';
import { LOCK_FILE, RECORD_FILE } from '../../../../shared/local/engine/engine-record';
import {
  adminHere,
  adminUnreached,
  eventually,
  javaFor,
  runAdmin,
  type Started,
  startServer,
  stopServer,
} from '../../../support/processes';

/**
 * The admin CLI as a user runs it on a local data folder: alone (a command starts DynamoDB Local for
 * itself) and while `npm start` serves the folder (commands reuse its engine, found through the folder's
 * record). Process start-ups are slow on a loaded machine: the tests wait, they never time them.
 */
jest.setTimeout(300_000);
const folder = mkdtempSync(join(tmpdir(), 'booking-admin-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const admin = (...args: string[]) => runAdmin(folder, args);

describe('admin CLI', () => {
  it('--help lists the commands', async () => {
    const run = await admin('--help');
    expect(run.code).toBe(0);
    for (const command of [
      'create-entity',
      'rotate-secret',
      'set-hours',
      'add-closure',
      'set-settings',
      'create-calendar',
    ]) {
      expect(run.stdout).toContain(command);
    }
  });

  it('alone on the folder: concurrent commands share one DynamoDB Local and leave none behind', async () => {
    let most = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        most = Math.max(most, javaFor(folder).length);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const runs = await Promise.all(['one', 'two', 'three'].map((id) => admin('create-entity', `race-${id}`)));
    watching = false;
    await watch;
    expect(runs.map((run) => (run.code === 0 ? 0 : run.stderr))).toEqual([0, 0, 0]);
    expect(most).toBe(1);
    expect(javaFor(folder)).toEqual([]);
    expect(existsSync(join(folder, RECORD_FILE)) || existsSync(join(folder, LOCK_FILE))).toBe(false);
  });
});

describe('admin CLI: a mistake in its own arguments', () => {
  it('is answered before any DynamoDB Local is started: the folder stays empty', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'booking-admin-typo-'));
    try {
      const runs = await Promise.all(
        [
          ['set-hours', 'acme', 'funday'],
          ['create-entity', 'bad id!'],
        ].map((args) => runAdmin(fresh, args)),
      );
      expect(runs.map((run) => [run.code, run.stderr.trim()])).toEqual([
        [1, 'admin: day: must be one of mon, tue, wed, thu, fri, sat, sun'],
        [1, 'admin: accountId: must be 1 to 64 letters, digits, dots, dashes or underscores'],
      ]);
      expect(readdirSync(fresh)).toEqual([]);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});

describe('admin CLI while npm start serves the folder', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startServer({ LOCAL_DB: folder, DEMO_ACCOUNT_ID: 'demo-admin' });
  });
  afterAll(async () => {
    await stopServer(server, 'SIGTERM');
    expect(await eventually(() => javaFor(folder).length === 0)).toBe(true);
  });

  it('creates an entity and prints its tokens', async () => {
    const run = await admin('create-entity', 'acme', '--secret', 'acme-secret-1-acme-secret-1-acme-secret-1');
    expect(run.code).toBe(0);
    expect(run.json).toEqual({
      entity_account_id: 'acme',
      entity_secret_key: 'acme-secret-1-acme-secret-1-acme-secret-1',
      v1_token: v1Token('acme', 'acme-secret-1-acme-secret-1-acme-secret-1'),
      v2_token: v2Token('acme', 'acme-secret-1-acme-secret-1-acme-secret-1'),
    });
  });

  it('uses the engine of the server: one Java for the folder, and the server sees the changes at once', async () => {
    const record = JSON.parse(readFileSync(join(folder, RECORD_FILE), 'utf8'));
    expect(record).toMatchObject({ pid: server.child.pid, kind: 'server' });
    expect(javaFor(folder)).toEqual([String(record.java_pid)]);
    // What the concurrent commands wrote alone is all there.
    expect((await admin('list-entities')).json).toEqual(
      expect.arrayContaining(['race-one', 'race-two', 'race-three']),
    );
    const rotated = (
      await admin('rotate-secret', 'acme', '--secret', 'acme-secret-2-acme-secret-2-acme-secret-2')
    ).json as {
      v2_token: string;
    };
    const hours = await fetch(`${server.url}/api/v2/opening-hours`, {
      headers: { 'Access-Token': rotated.v2_token },
    });
    expect(hours.status).toBe(200);
    // An entity's default hours (Mon-Fri 09:00-12:00 and 14:00-18:00), read with the token just rotated.
    expect(JSON.stringify(await hours.json())).toContain('14:00');
    expect(javaFor(folder)).toEqual([String(record.java_pid)]);
  });
});

/**
 * Each command's answer, run in this process on DynamoDB Local (this file's table, through the services a
 * command gets from its store): the same `admin()` as `npm run admin`, without a process start per command.
 * The processes themselves (exit codes, a folder's engine shared or started, no Java left): the tests above.
 */
describe('admin CLI commands on the store', () => {
  const onStore = (...args: string[]) => adminHere(args);
  beforeAll(async () => {
    expect(
      (await onStore('create-entity', 'acme', '--secret', 'acme-secret-1-acme-secret-1-acme-secret-1')).code,
    ).toBe(0);
  });

  it('generates a secret when none is given; refuses a duplicate', async () => {
    const generated = await onStore('create-entity', 'acme-random');
    expect(generated.code).toBe(0);
    expect((generated.json as { entity_secret_key: string }).entity_secret_key).toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    );
    const again = await onStore('create-entity', 'acme');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('admin: entity acme already exists');
  });

  it('rotates the secret, sets hours, closure days, settings and calendars', async () => {
    const rotated = await onStore('rotate-secret', 'acme');
    expect(rotated.code).toBe(0);
    expect((rotated.json as { v2_token: string }).v2_token).not.toBe(
      v2Token('acme', 'acme-secret-1-acme-secret-1-acme-secret-1'),
    );
    const hours = await onStore('set-hours', 'acme', 'sat', '--period', '09:00-12:30');
    expect(hours.json).toMatchObject({
      day_of_week: 'sat',
      start_time1: '09:00:00',
      end_time1: '12:30:00',
      is_open: 1,
    });
    expect((await onStore('add-closure', 'acme', '2031-08-14', '--name', 'Summer closure')).code).toBe(0);
    const settings = await onStore(
      'set-settings',
      'acme',
      '--slot-duration',
      '45',
      '--max-appointments',
      '3',
    );
    expect(settings.json).toMatchObject({
      slot_duration: 45,
      max_appointments: 3,
      timezone: 'Europe/Paris',
      country: 'FR',
      open_days_ahead: 0,
    });
    const calendar = await onStore('create-calendar', 'acme', 'Second room');
    expect(calendar.json).toMatchObject({ calendar_id: 2, calendar_name: 'Second room', is_active: true });
    const openDays = await onStore('set-settings', 'acme', '--open-days-ahead', '7');
    expect(openDays.json).toMatchObject({ slot_duration: 45, open_days_ahead: 7 });
    const mail = await onStore(
      'set-settings',
      'acme',
      '--language',
      'fr',
      '--cancel-url',
      'https://www.example.fr/cancel?token={cancel_token}',
      '--reminder-minutes-before',
      '120',
    );
    expect(mail.json).toMatchObject({
      language: 'fr',
      cancel_url: 'https://www.example.fr/cancel?token={cancel_token}',
      reminder_minutes_before: 120,
    });
    expect((await onStore('set-settings', 'acme', '--cancel-url', '')).json).toMatchObject({
      cancel_url: null,
    });
    // Who at the business hears of bookings (issue 59 point 5): a list, then cleared.
    expect(
      (await onStore('set-settings', 'acme', '--notify-emails', 'accueil@acme.example,chef@acme.example'))
        .json,
    ).toMatchObject({ notify_emails: ['accueil@acme.example', 'chef@acme.example'] });
    expect((await onStore('set-settings', 'acme', '--notify-emails', '')).json).toMatchObject({
      notify_emails: [],
    });
    const face = await onStore(
      'set-settings',
      'acme',
      '--name',
      'Salon Léa',
      '--address',
      '12 rue des Lilas, 75011 Paris',
      '--locale',
      'fr-ca',
    );
    expect(face.json).toMatchObject({
      name: 'Salon Léa',
      address: '12 rue des Lilas, 75011 Paris',
      locale: 'fr-CA',
    });
  });

  // What only the store can answer (the rest: "argument mistakes", in this process, below).
  it.each([
    [['rotate-secret', 'nobody'], 1, /^admin: entity nobody not found/],
    [['set-settings', 'acme', '--locale', 'en-GB'], 1, /^admin: locale: must be a locale of the language fr/],
  ])('%j exits %i with a clear message', async (args, code, message) => {
    const run = await onStore(...args);
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

/**
 * The CLI's own checks, run in this process (`admin()` is what `npm run admin` runs) with a store it must
 * not reach: each mistake is answered from the arguments alone, with exit code 1 (refused) or 2 (usage),
 * one line and no stack. Real processes: the tests above.
 */
describe('admin CLI: argument mistakes, answered without the store', () => {
  it.each([
    [['set-hours', 'acme', 'funday'], 1, /^admin: day: must be one of mon/],
    [
      ['set-hours', 'acme', 'mon', '--period', '12:00-09:00'],
      1,
      /^admin: end_time1: must be after start_time1/,
    ],
    [['set-hours', 'acme', 'mon', '--period', 'nine-to-five'], 2, /expected HH:MM-HH:MM/],
    [['set-settings', 'acme', '--slot-duration', '3'], 1, /^admin: slot_duration/],
    [['set-settings', 'acme', '--timezone', 'Mars/Olympus'], 1, /^admin: timezone/],
    [['set-settings', 'acme', '--open-days-ahead', '366'], 1, /^admin: open_days_ahead: /],
    [['set-settings', 'acme', '--language', 'de'], 1, /^admin: language: /],
    [['set-settings', 'acme', '--cancel-url', 'https://x.fr/cancel'], 1, /^admin: cancel_url: /],
    [['add-closure', 'acme', '2031-02-30'], 1, /^admin: date: invalid date/],
    [
      ['create-entity', 'weak', '--secret', 'short-secret'],
      1,
      /^admin: secret: must be at least 32 characters/,
    ],
    [
      ['rotate-secret', 'acme', '--secret', 'x'.repeat(31)],
      1,
      /^admin: secret: must be at least 32 characters/,
    ],
    [['create-entity', 'bad id!'], 1, /letters, digits/],
    [['no-such-command'], 2, /unknown command/],
  ])('%j exits %i with a clear message', async (args, code, message) => {
    const run = await adminUnreached(args);
    expect(run).toMatchObject({ code, reached: false });
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
