import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, todayIn } from '../../shared/core/dates';
import { ensureConsole, ensureWeb } from '../../shared/local/web-build';
import {
  axeViolations,
  consoleErrors,
  hostPage,
  hostSite,
  screenshot,
  sharedBrowser,
  tabTo,
} from '../support/browser';
import { LONG_DAYS, newEntity } from '../support/fixtures';
import { onFileTable, type Started, startServer, stopServer } from '../support/processes';

/**
 * Issue 60, points 5 and 6: the owner's console at /console in Chromium, served by the local server as
 * `npm start` runs it. The owner signs in by the link e-mailed to the outbox, sees today's appointments,
 * books a walk-in, moves one, marks a no-show, gives a staff member time off (and the widget stops
 * offering those times), switches to the week and to the setup (a key and its one line); the day view works
 * with the keyboard alone; a staff member sees their own calendar and is refused another's. axe-core on
 * each view and no console error.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = any;

// A browser, a server process and a store on a shared machine: generous, as no timing is asserted.
jest.setTimeout(300_000);

/**
 * A zone where it is about 06:00 now, so that today's 08:00-20:00 is still ahead whenever the test runs (the
 * Etc/GMT zones' sign is the other way round: Etc/GMT-5 is UTC+5).
 */
const morningZone = (): string => {
  let offset = (6 - new Date().getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
};

/** A port free now, for a server whose public base must be known before it starts. */
const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

const outbox = mkdtempSync(join(tmpdir(), 'console-outbox-'));
let server: Started;
/**
 * The console's address: a host name, not an IP address, as passkeys need one (docs/CONTRACT.md#passkeys);
 * the server's public base, so the e-mailed links and the sessions' Origin are of it.
 */
let base: string;
let site: Awaited<ReturnType<typeof hostSite>>;
let browser: Browser;

beforeAll(async () => {
  await Promise.all([ensureWeb(), ensureConsole()]);
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = await startServer({
    ...onFileTable(),
    PORT: String(port),
    PUBLIC_BASE_URL: base,
    SMTP_URL: '',
    OUTBOX_DIR: outbox,
  });
  site = await hostSite((query) => hostPage(server.url, query.get('key') ?? ''));
  browser = await sharedBrowser();
}, 300_000);
afterAll(async () => {
  await site?.close();
  if (server) await stopServer(server, 'SIGTERM');
  rmSync(outbox, { recursive: true, force: true });
}, 300_000);

const v2 = async (method: string, path: string, token: string, body?: unknown): Promise<Json> => {
  const response = await fetch(`${server.url}/api/v2${path}`, {
    method,
    headers: { 'Access-Token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.json();
};

/** A salon: Ana and Bruno, a 30-minute service, today's and tomorrow's slots, two bookings today. */
async function salon() {
  const timezone = morningZone();
  const entity = await newEntity({ hours: LONG_DAYS, settings: { timezone, max_appointments: 1 } });
  const token = entity.v2_token;
  const today = todayIn(timezone);
  const tomorrow = addDays(today, 1);
  const ana = (await v2('GET', '/calendars', token)).data[0].id as number;
  await v2('POST', '/calendars/update', token, { id: ana, name: 'Ana' });
  const bruno = (await v2('POST', '/calendars', token, { name: 'Bruno' })).data.id as number;
  for (const date of [today, tomorrow])
    for (const calendar_id of [ana, bruno])
      expect((await v2('POST', '/calendar-slots/generate', token, { date, calendar_id })).success).toBe(true);
  const cut = (
    await v2('POST', '/services', token, { name: 'Haircut', duration: 30, calendar_ids: [ana, bruno] })
  ).data.id as number;
  const book = async (calendar_id: number, start_time: string, client_name: string, client_phone: string) => {
    const answer = await v2('POST', '/appointments', token, {
      service_id: cut,
      date: today,
      start_time,
      calendar_id,
      client_name,
      client_phone,
    });
    expect(answer.success).toBe(true);
    return answer.data.id as number;
  };
  const jeanne = await book(ana, '09:00', 'Jeanne Durand', '06 12 34 56 78');
  const marc = await book(bruno, '10:00', 'Marc Petit', '06 98 76 54 32');
  for (const person of [
    { email: 'owner@salon.test', role: 'owner', calendar_ids: [] },
    { email: 'ana@salon.test', role: 'staff', calendar_ids: [ana] },
  ])
    expect((await v2('POST', '/staff', token, person)).success).toBe(true);
  const key = (await v2('POST', '/keys', token, { name: 'site', allowed_origins: [site.url] })).data
    .key as string;
  return { entity, token, timezone, today, tomorrow, ana, bruno, cut, jeanne, marc, key };
}
type Salon = Awaited<ReturnType<typeof salon>>;

/** The sign-in links e-mailed to an address so far, from the outbox's files. */
async function linksTo(address: string): Promise<string[]> {
  const links: string[] = [];
  for (const file of readdirSync(outbox).sort()) {
    const mail = await simpleParser(readFileSync(join(outbox, file)));
    if (!JSON.stringify(mail.to).includes(address)) continue;
    const link = /(\S+\/console\/sign-in#\S+)/.exec(mail.text ?? '')?.[1];
    if (link) links.push(link);
  }
  return links;
}

/** Signs in through the form and the e-mailed link, as a person does; the console's day view after. */
async function signIn(page: Page, s: Salon, email: string, name?: string): Promise<void> {
  const before = (await linksTo(email)).length;
  await page.goto(`${base}/console`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Business account').fill(s.entity.entity_account_id);
  if (name) {
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, name);
  }
  await page.locator('form[data-sign-in] button[type="submit"]').click();
  await page.locator('[data-link-sent]').waitFor();
  let links: string[] = [];
  for (let i = 0; i < 100 && links.length <= before; i++) {
    links = await linksTo(email);
    if (links.length <= before) await new Promise((done) => setTimeout(done, 100));
  }
  const link = links.at(-1) as string;
  expect(link.startsWith(`${base}/console/sign-in#`)).toBe(true);
  await page.goto(link);
  await page
    .locator('[data-console-view="day"]')
    .waitFor()
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\n${page.url()}\n${await page.locator('body').innerText()}`);
    });
  expect(new URL(page.url()).hash).toBe('');
}

const appointment = (s: Salon, id: number): Promise<Json> =>
  v2('GET', `/appointments?from=${s.today}&to=${s.tomorrow}`, s.token).then(
    (a) => a.data.appointments.find((x: Json) => x.id === id) ?? null,
  );

/** The times the widget offers for the service with one staff member on a day. */
async function widgetTimes(
  context: BrowserContext,
  s: Salon,
  calendar: number,
  date: string,
): Promise<string[]> {
  const page = await context.newPage();
  const inWidget = (selector: string) => `booking-widget ${selector}`;
  await page.goto(`${site.url}/?key=${s.key}`);
  await page.locator(inWidget(`[data-service-id="${s.cut}"]`)).click();
  const staff = page.locator(inWidget(`button[data-calendar-id="${calendar}"]:not([data-start])`));
  await staff.click();
  await page
    .locator(inWidget(`button[data-calendar-id="${calendar}"][aria-pressed="true"]:not([data-start])`))
    .waitFor();
  await page.locator(inWidget(`[data-day="${date}"]`)).click();
  await page
    .locator(inWidget('[data-start]'))
    .first()
    .waitFor({ state: 'attached' })
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\n${await page.locator('booking-widget').innerText()}`);
    });
  const times = await page
    .locator(inWidget('[data-start]'))
    .evaluateAll((nodes) =>
      nodes.map((n) => `${n.getAttribute('data-start')}@${n.getAttribute('data-calendar-id')}`),
    );
  // Each time is the staff member's own (none of "anyone").
  expect(times.filter((t) => !t.endsWith(`@${calendar}`))).toEqual([]);
  await page.close();
  return times.map((t) => t.split('@')[0] as string);
}

describe("the owner's console", () => {
  let s: Salon;
  beforeAll(async () => {
    s = await salon();
  }, 300_000);

  it('signs in by the e-mailed link and runs the day: walk-in, move, no-show, time off, week, setup', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    const csp = (await page.goto(`${base}/console`))?.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    await signIn(page, s, 'owner@salon.test', 'console-sign-in');

    // Today's appointments, one column per staff member, each with time, client, phone, service, staff, status.
    expect(
      await page
        .locator('[data-calendar-id]')
        .evaluateAll((n) => n.map((c) => c.getAttribute('data-calendar-id'))),
    ).toEqual([String(s.ana), String(s.bruno)]);
    const jeanne = page.locator(`[data-calendar-id="${s.ana}"] [data-appointment-id="${s.jeanne}"]`);
    for (const text of ['09:00–09:30', 'Jeanne Durand', '+33612345678', 'Haircut', 'Ana', 'Confirmed'])
      expect(await jeanne.textContent()).toContain(text);
    expect(
      await page.locator(`[data-calendar-id="${s.bruno}"] [data-appointment-id="${s.marc}"]`).count(),
    ).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-day');

    // A walk-in with Ana at 11:00, Jeanne found among the known clients by her name.
    await page.locator('[data-action="new"]').click();
    const dialog = page.locator('dialog[data-dialog="new"]');
    await dialog.locator('select[name="calendar_id"]').selectOption(String(s.ana));
    await dialog.locator(`select[data-loaded="${s.cut}|${s.ana}|${s.today}"]`).waitFor();
    await dialog.locator('select[name="time"]').selectOption({ label: '11:00 · Ana' });
    await dialog.getByLabel('Client name (type to search known clients)').fill('Jean');
    await dialog.locator('[data-client-phone="+33612345678"]').click();
    expect(await dialog.locator('input[name="client_phone"]').inputValue()).toBe('+33612345678');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-new-appointment');
    await dialog.locator('button[type="submit"]').click();
    const walkIn = page.locator(`[data-calendar-id="${s.ana}"] [data-start="11:00"]`);
    await walkIn.waitFor();
    const walkInId = Number(await walkIn.getAttribute('data-appointment-id'));
    expect(await appointment(s, walkInId)).toMatchObject({
      client_name: 'Jeanne Durand',
      start_time: '11:00:00',
      calendar_id: s.ana,
      service_id: s.cut,
      status: 'confirmed',
    });

    // Move Jeanne's 09:00 to 15:00 with Bruno.
    await jeanne.locator('[data-action="move"]').click();
    const move = page.locator('dialog[data-dialog="move"]');
    await move.locator('select[name="calendar_id"]').selectOption(String(s.bruno));
    await move.locator(`select[data-loaded="${s.cut}|${s.bruno}|${s.today}"]`).waitFor();
    await move.locator('select[name="time"]').selectOption({ label: '15:00 · Bruno' });
    await move.locator('button[type="submit"]').click();
    await page
      .locator(`[data-calendar-id="${s.bruno}"] [data-appointment-id="${s.jeanne}"][data-start="15:00"]`)
      .waitFor();
    expect(await appointment(s, s.jeanne)).toMatchObject({ start_time: '15:00:00', calendar_id: s.bruno });

    // Marc did not come: a no-show (before his start too).
    await page.locator(`[data-appointment-id="${s.marc}"] [data-action="no-show"]`).click();
    await page.locator(`[data-appointment-id="${s.marc}"][data-status="no_show"]`).waitFor();
    expect((await appointment(s, s.marc)).status).toBe('no_show');

    // Time off for Bruno tomorrow 13:00-16:00: the widget offered 13:00 with him, and offers none of it now.
    const before = await widgetTimes(context, s, s.bruno, s.tomorrow);
    expect(before).toEqual(expect.arrayContaining(['13:00', '15:30', '16:00']));
    await page.locator('[data-action="next"]').click();
    await page.locator('[data-action="time-off"]').click();
    const off = page.locator('dialog[data-dialog="time-off"]');
    await off.getByLabel('Staff member').selectOption(String(s.bruno));
    expect(await off.getByLabel('Date').inputValue()).toBe(s.tomorrow);
    await off.getByLabel('From').fill('13:00');
    await off.getByLabel('To (not included)').fill('16:00');
    await off.getByLabel('Reason (optional)').fill('Dentist');
    expect(await axeViolations(page)).toEqual([]);
    await off.locator('button[type="submit"]').click();
    await page.locator(`[data-calendar-id="${s.bruno}"] [data-time-off-id]`).waitFor();
    expect(await page.locator(`[data-calendar-id="${s.ana}"] [data-time-off-id]`).count()).toBe(0);
    const slots = (await v2('GET', `/calendar-slots?date=${s.tomorrow}&calendar_id=${s.bruno}`, s.token))
      .data;
    expect(
      slots.filter((x: Json) => x.start_time >= '13:00' && x.start_time < '16:00').map((x: Json) => x.status),
    ).toEqual(Array(6).fill('closed'));
    const after = await widgetTimes(context, s, s.bruno, s.tomorrow);
    expect(after.filter((t) => t >= '13:00' && t < '16:00')).toEqual([]);
    expect(after).toContain('16:00');
    expect(await widgetTimes(context, s, s.ana, s.tomorrow)).toEqual(
      expect.arrayContaining(['13:00', '15:30']),
    );

    // The week (Monday to Sunday): each staff member's days, the walk-in today, the time off on Bruno's tomorrow.
    await page.locator('[data-action="today"]').click();
    await page.locator('[data-action="week-view"]').click();
    const week = page.locator('[data-console-view="week"]');
    await week.locator(`[data-calendar-id="${s.ana}"] [data-day="${s.today}"]`).waitFor();
    expect(
      await week
        .locator(`[data-calendar-id="${s.ana}"] [data-day="${s.today}"] [data-appointment-id="${walkInId}"]`)
        .count(),
    ).toBe(1);
    expect(await week.locator('[data-calendar-id]').first().locator('[data-day]').count()).toBe(7);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-week');
    // Today a Sunday: tomorrow is the next week's.
    if (new Date(`${s.today}T00:00:00Z`).getUTCDay() === 0)
      await page.locator('[data-action="next"]').click();
    await page
      .locator(
        `[data-console-view="week"] [data-calendar-id="${s.bruno}"] [data-day="${s.tomorrow}"] [data-time-off-id]`,
      )
      .waitFor();

    // The setup: a publishable key and the one line to paste.
    await page.locator('[data-action="setup"]').click();
    const setup = page.locator('[data-console-view="setup"]');
    await setup.waitFor();
    for (const part of [
      'settings',
      'hours',
      'closures',
      'services',
      'calendars',
      'staff',
      'keys',
      'webhooks',
      'feed',
    ])
      expect(await setup.locator(`[data-setup="${part}"]`).count()).toBe(1);
    const keys = setup.locator('[data-setup="keys"]');
    await keys.getByLabel('Name').fill('Shop front');
    await keys.getByLabel('Sites that may book (origins, comma-separated)').fill('https://salon.example');
    await keys.locator('button[type="submit"]').click();
    const line = await keys.locator('[data-embed-line]').inputValue();
    expect(line).toMatch(
      new RegExp(
        `^<script src="${base}/embed\\.js" async></script><booking-widget key="pk_[^"]+"></booking-widget>$`,
      ),
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-setup');
    // The only failed requests: GET /me before signing in (401: the sign-in form is shown then).
    expect(errors(/status of 401/)).toEqual([]);
    await context.close();
  });

  it('works with the keyboard alone: next, today, and a status from the day view', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, s, 'owner@salon.test');
    const heading = page.locator('[data-range]');
    const shownToday = await heading.textContent();
    expect(await tabTo(page, '[data-action="next"]')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      '(text) => document.querySelector("[data-range]")?.textContent !== text',
      shownToday,
    );
    expect(new URL(page.url()).searchParams.get('date')).toBe(s.tomorrow);
    expect(await tabTo(page, '[data-action="today"]')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      '(text) => document.querySelector("[data-range]")?.textContent === text',
      shownToday,
    );
    const walkIn = `[data-calendar-id="${s.ana}"] [data-start="11:00"]`;
    await page.locator(walkIn).waitFor();
    expect(await tabTo(page, `${walkIn} [data-action="complete"]`, 80)).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator(`${walkIn}[data-status="completed"]`).waitFor();
    // The move form opens, is filled and closes with the keyboard too.
    expect(await tabTo(page, `[data-appointment-id="${s.jeanne}"] [data-action="move"]`, 80)).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('dialog[data-dialog="move"]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('dialog[data-dialog="move"]').waitFor({ state: 'detached' });
    await context.close();
  });

  it('adds a passkey once signed in, then signs in with it alone (a virtual authenticator)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await signIn(page, s, 'owner@salon.test');
    await page.locator('[data-action="add-passkey"]').click();
    await page.locator('[data-notice]', { hasText: 'Passkey added' }).waitFor();
    await page.locator('[data-action="sign-out"]').click();
    await page.locator('form[data-sign-in]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('[data-action="passkey-sign-in"]').click();
    await page.locator('[data-console-view="day"]').waitFor();
    expect(await page.locator('[data-me]').getAttribute('data-me')).toBe('owner@salon.test');
    await context.close();
  });

  it("keeps a staff member to their own calendar: Ana sees hers, another's is refused", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await signIn(page, s, 'ana@salon.test');
    expect(
      await page
        .locator('[data-calendar-id]')
        .evaluateAll((n) => n.map((c) => c.getAttribute('data-calendar-id'))),
    ).toEqual([String(s.ana)]);
    expect(await page.locator('[data-action="setup"]').count()).toBe(0);
    // Time off in their own calendar: the form offers theirs alone.
    await page.locator('[data-action="time-off"]').click();
    const staffChoices = page.locator('dialog[data-dialog="time-off"] select[name="calendar_id"] option');
    expect(await staffChoices.evaluateAll((o) => o.map((x) => x.getAttribute('value')))).toEqual([
      String(s.ana),
    ]);
    await page.keyboard.press('Escape');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-staff');
    // Bruno's calendar by the address: the API refuses it (403) and the console says so.
    await page.goto(`${base}/console?calendar=${s.bruno}`);
    await page.locator('[data-refused="403"]').waitFor();
    const direct = await page.request.get(
      `${base}/api/v2/appointments?from=${s.today}&to=${s.today}&calendar_id=${s.bruno}`,
    );
    expect(direct.status()).toBe(403);
    // The refusals the test asks for, and GET /me before signing in.
    expect(errors(/status of (401|403)/)).toEqual([]);
    await context.close();
  });
});
