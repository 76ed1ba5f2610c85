import { services } from '../../../../shared/wiring';
import { viaHandler as call } from '../../../support/api';
import { adminHere, adminUnreached } from '../../../support/processes';

/**
 * The admin CLI held to what the issues name: every command with every flag in `admin help`, set-settings
 * with a flag for each setting the API has and the API's own answer, an unknown entity refused before any
 * other feature writes, the current secret refused by a rotation, and every usage mistake one line with
 * exit 2, answered before the store. Run in this process (`admin()` is what `npm run admin` runs) on this
 * file's table; the processes themselves: admin-cli.test.ts.
 */

describe('admin help', () => {
  it('lists every command with each of its flags', async () => {
    const help = await adminUnreached(['help']);
    expect(help).toMatchObject({ code: 0, reached: false });
    const commands = [...help.stdout.matchAll(/^ {2}([a-z-]+) .*$/gm)]
      .map((m) => m[1] as string)
      .filter((name) => name !== 'help' && !name.startsWith('-'));
    expect(commands).toEqual(
      expect.arrayContaining(['create-entity', 'set-settings', 'set-limits', 'add-staff', 'seed']),
    );
    const listing = help.stdout.slice(help.stdout.indexOf('Every command with its flags'));
    for (const command of new Set(commands)) {
      const own = await adminUnreached([command, '--help']);
      const flags = [...own.stdout.matchAll(/^ {2}(--[a-z-]+)/gm)].map((m) => m[1] as string);
      // The command's synopsis: its line and the indented lines after it.
      const synopsis = new RegExp(`^ {2}${command}( .*)?(\\n {6}.*)*`, 'm').exec(listing)?.[0] ?? '';
      for (const flag of flags.filter((f) => f !== '--help'))
        expect([command, synopsis]).toEqual([command, expect.stringMatching(new RegExp(`${flag}[ \\]]`))]);
    }
  });
});

describe('admin set-settings', () => {
  it('has a flag for every setting of GET /api/v2/settings, and prints what that route then answers', async () => {
    const created = await adminHere(['create-entity', 'audit-settings']);
    const token = (created.json as { v2_token: string }).v2_token;
    const run = await adminHere([
      'set-settings',
      'audit-settings',
      '--min-notice-minutes',
      '60',
      '--max-days-ahead',
      '30',
      '--client-change-cutoff-minutes',
      '120',
      '--max-live-bookings-per-visitor',
      '5',
      '--max-live-bookings-per-contact',
      '0',
      '--confirm-by-email',
      'true',
    ]);
    expect(run.code).toBe(0);
    const read = await call('GET', '/api/v2/settings', { headers: { 'Access-Token': token } });
    expect(read.status).toBe(200);
    expect(run.json).toEqual(read.json.data);
    expect(read.json.data).toMatchObject({
      min_notice_minutes: 60,
      max_days_ahead: 30,
      client_change_cutoff_minutes: 120,
      max_live_bookings_per_visitor: 5,
      max_live_bookings_per_contact: 0,
      confirm_by_email: true,
    });
    // Every setting the route answers has its flag (its name with dashes).
    const help = (await adminUnreached(['set-settings', '--help'])).stdout;
    const flagOf = (setting: string) =>
      setting === 'default_calendar_id' ? '--default-calendar' : `--${setting.replaceAll('_', '-')}`;
    for (const setting of Object.keys(read.json.data))
      expect([setting, help]).toEqual([setting, expect.stringContaining(`${flagOf(setting)} `)]);
    expect(
      (await adminHere(['set-settings', 'audit-settings', '--confirm-by-email', 'false'])).json,
    ).toMatchObject({ confirm_by_email: false, min_notice_minutes: 60 });
  });

  it.each([
    [
      ['set-settings', 'acme'],
      1,
      /^admin: give at least one setting: --slot-duration, .*--client-change-cutoff-minutes$/,
    ],
    [['set-settings', 'acme', '--confirm-by-email', 'yes'], 2, /^error: .*must be true or false$/],
    [['set-settings', 'acme', '--max-days-ahead', '0'], 1, /^admin: max_days_ahead: /],
    [
      ['set-settings', 'acme', '--max-live-bookings-per-visitor', '101'],
      1,
      /^admin: max_live_bookings_per_visitor: /,
    ],
  ])('%j exits %i with one line, before the store', async (args, code, line) => {
    const run = await adminUnreached(args);
    expect(run).toMatchObject({ code, reached: false });
    expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(line)]);
  });
});

describe('admin add-closure', () => {
  it.each([
    [
      ['add-closure', 'acme', '2031-08-14', '--name', 'n'.repeat(101)],
      /^admin: name: must be at most 100 characters$/,
    ],
    [
      ['add-closure', 'acme', '2031-08-14', '--name', 'a\tb'],
      /^admin: name: must not contain control characters/,
    ],
    // The API refuses an empty name too (docs/CONTRACT.md#optional-fields); until 2026-11-29 the CLI stored it
    // as "Closure day".
    [
      ['add-closure', 'acme', '2031-08-14', '--name', ''],
      /^admin: name: must not be empty: leave --name out/,
    ],
  ])('refuses a name POST /api/v2/closures refuses: %j, exit 1, before the store', async (args, line) => {
    const run = await adminUnreached(args);
    expect(run).toMatchObject({ code: 1, reached: false });
    expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(line)]);
  });
});

describe('admin create-calendar', () => {
  it.each([
    [['create-calendar', 'acme', 'a\tb'], /^admin: name: must not contain control characters/],
    [['create-calendar', 'acme', ' '], /^admin: name: must be 1 to 100 characters$/],
    [['create-calendar', 'acme', 'Room', '--timezone', 'Mars/Olympus'], /^admin: timezone: /],
  ])('refuses what POST /api/v2/calendars refuses: %j, exit 1, before the store', async (args, line) => {
    const run = await adminUnreached(args);
    expect(run).toMatchObject({ code: 1, reached: false });
    expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(line)]);
  });

  it('creates a calendar with a trimmed name, which both APIs then list', async () => {
    const created = await adminHere(['create-entity', 'audit-calendar']);
    const token = (created.json as { v2_token: string }).v2_token;
    const run = await adminHere(['create-calendar', 'audit-calendar', '  Second room ']);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ calendar_name: 'Second room', is_active: true });
    const listed = await call('GET', '/api/v2/calendars', { headers: { 'Access-Token': token } });
    expect(listed.json.data).toContainEqual(
      expect.objectContaining({ id: (run.json as { calendar_id: number }).calendar_id, name: 'Second room' }),
    );
  });
});

describe('admin commands on an unknown entity', () => {
  it.each([
    [['add-staff', 'audit-nobody', 'owner@audit.example', '--role', 'owner']],
    [['list-webhooks', 'audit-nobody']],
    [['remove-webhook', 'audit-nobody', 'wh_0123456789abcdef01234567']],
  ])('%j: exit 1, entity not found, nothing written', async (args) => {
    const run = await adminHere(args);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('admin: entity audit-nobody not found\n');
    expect(await services().staff.list('audit-nobody')).toEqual([]);
  });
});

describe('admin rotate-secret', () => {
  it('refuses the current secret, and changes nothing', async () => {
    const secret = 'audit-secret-audit-secret-audit-secret';
    const created = await adminHere(['create-entity', 'audit-rotate', '--secret', secret]);
    const token = (created.json as { v2_token: string }).v2_token;
    const run = await adminHere(['rotate-secret', 'audit-rotate', '--secret', secret]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('admin: secret: is the current secret: a rotation needs another one\n');
    const hours = await call('GET', '/api/v2/opening-hours', { headers: { 'Access-Token': token } });
    expect(hours.status).toBe(200);
  });
});

describe('admin usage mistakes', () => {
  it.each([
    [['set-calendar-active', 'acme', '2', 'nope'], /^error: .*'active'\. must be true or false$/],
    [['set-calendar-active', 'acme', 'x', 'true'], /^error: .*'calendarId'\. must be a whole number/],
    [['create-calendar', 'acme', 'Second', 'room'], /^error: too many arguments for 'create-calendar'/],
    [['add-closure', 'acme', '2031-08-14', 'Summer'], /^error: too many arguments for 'add-closure'/],
    [['rotate-secret'], /^error: missing required argument 'accountId'$/],
    [['seed', 'acme', '--appointments', 'many'], /^error: .*must be a whole number/],
    [['add-staff', 'acme', 'a@acme.example'], /^error: required option '--role <owner\|staff>'/],
  ])('%j: exit 2, one line, before the store', async (args, line) => {
    const run = await adminUnreached(args);
    expect(run).toMatchObject({ code: 2, reached: false });
    expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(line)]);
  });
});

describe('admin seed and recount-stats', () => {
  it('a seed of no appointment writes slots and no client', async () => {
    const created = await adminHere(['create-entity', 'audit-seed']);
    const v1 = { 'Access-Token': (created.json as { v1_token: string }).v1_token };
    const run = await adminHere(['seed', 'audit-seed', '--appointments', '0', '--days', '8']);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ appointments: 0, clients: 0 });
    expect((run.json as { slots: number }).slots).toBeGreaterThan(0);
    const clients = await call('GET', '/api/clients', { headers: v1 });
    expect(clients.status).toBe(200);
    expect(clients.json.data).toEqual([]);
  });

  it.each([[['seed', 'audit-nobody', '--appointments', '1']], [['recount-stats', 'audit-nobody']]])(
    '%j: exit 1, entity not found, as every command says it',
    async (args) => {
      const run = await adminHere(args);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('admin: entity audit-nobody not found\n');
    },
  );
});

describe('admin commands load no HTTP stack', () => {
  it('what a command loads (the CLI, its connection, the services) brings neither middy nor shared/http/stack', () => {
    // The handlers import the stack statically (a flat bundle: docs/design/observability.md, "Cold starts:
    // one flat module scope"); the CLI reaches the services through shared/wiring/services.ts and the table
    // check through shared/wiring/core.ts, so a command does not pay for loading it.
    const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
    const script = [
      "require('./scripts/admin-cli/connect')",
      "require('./scripts/admin-cli/entity-commands')",
      "require('./scripts/admin-cli/data-commands')",
      "require('./shared/wiring/services').services()",
      "require('./shared/wiring/operations')",
      // The table check every command makes (it requires what it needs when called; its store is not there).
      "require('./shared/local/runtime').ensureLocalTable('none').catch(() => undefined)",
      'const loaded = Object.keys(require.cache).filter((k) => /@middy|shared[\\\\/]http[\\\\/]stack/.test(k))',
      'process.stdout.write(JSON.stringify(loaded))',
      'process.exit(0)',
    ].join(';');
    const run = spawnSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], {
      cwd: `${__dirname}/../../../..`,
      encoding: 'utf8',
      env: { ...process.env, DYNAMODB_ENDPOINT: 'http://127.0.0.1:1', TABLE_NAME: 'none' },
    });
    expect([run.status, run.stderr]).toEqual([0, expect.any(String)]);
    expect(JSON.parse(run.stdout)).toEqual([]);
  });
});
