import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v1Token, v2Token } from '../../shared/domain/tokens';

/** The admin CLI as a user runs it, on a local data folder (each command starts its own DynamoDB Local). */
const ROOT = join(__dirname, '..', '..');
const folder = mkdtempSync(join(tmpdir(), 'booking-admin-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function admin(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOCAL_DB: folder, TABLE_NAME: 'booking-local', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  let json: unknown;
  try {
    json = JSON.parse(run.stdout);
  } catch {
    json = undefined;
  }
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, json };
}

describe('admin CLI', () => {
  it('--help lists the commands', () => {
    const run = admin('--help');
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

  it('creates an entity and prints its tokens; refuses a duplicate', () => {
    const run = admin('create-entity', 'acme', '--secret', 'acme-secret-1');
    expect(run.code).toBe(0);
    expect(run.json).toEqual({
      entity_account_id: 'acme',
      entity_secret_key: 'acme-secret-1',
      v1_token: v1Token('acme', 'acme-secret-1'),
      v2_token: v2Token('acme', 'acme-secret-1'),
    });
    const again = admin('create-entity', 'acme');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('admin: entity acme already exists');
  });

  it('rotates the secret, sets hours, closure days, settings and calendars', () => {
    const rotated = admin('rotate-secret', 'acme');
    expect(rotated.code).toBe(0);
    expect((rotated.json as { v2_token: string }).v2_token).not.toBe(v2Token('acme', 'acme-secret-1'));
    const hours = admin('set-hours', 'acme', 'sat', '--period', '09:00-12:30');
    expect(hours.json).toMatchObject({
      day_of_week: 'sat',
      start_time1: '09:00:00',
      end_time1: '12:30:00',
      is_open: 1,
    });
    expect(admin('add-closure', 'acme', '2031-08-14', '--name', 'Summer closure').code).toBe(0);
    const settings = admin('set-settings', 'acme', '--slot-duration', '45', '--max-appointments', '3');
    expect(settings.json).toMatchObject({
      slot_duration: 45,
      max_appointments: 3,
      timezone: 'Europe/Paris',
      country: 'FR',
    });
    const calendar = admin('create-calendar', 'acme', 'Second room');
    expect(calendar.json).toMatchObject({ calendar_id: 2, calendar_name: 'Second room', is_active: true });
  });

  it.each([
    [['set-hours', 'acme', 'funday'], 1, /day: must be one of mon/],
    [['set-hours', 'acme', 'mon', '--period', '12:00-09:00'], 1, /admin: /],
    [['set-hours', 'acme', 'mon', '--period', 'nine-to-five'], 2, /expected HH:MM-HH:MM/],
    [['set-settings', 'acme', '--slot-duration', '3'], 1, /slot_duration/],
    [['set-settings', 'acme', '--timezone', 'Mars/Olympus'], 1, /timezone/],
    [['add-closure', 'acme', '2031-02-30'], 1, /invalid date/],
    [['rotate-secret', 'nobody'], 1, /entity nobody not found/],
    [['create-entity', 'bad id!'], 1, /letters, digits/],
    [['no-such-command'], 2, /unknown command/],
  ])('%j exits %i with a clear message', (args, code, message) => {
    const run = admin(...args);
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
