import type { Browser, Page } from 'playwright-core';
import { addDays, todayIn } from '../../shared/core/dates';
import { ensureWeb } from '../../shared/local/web-build';
import { startHttp, v2Json } from '../support/api';
import {
  axeViolations,
  consoleErrors,
  focusedIs,
  hostPage,
  hostSite,
  screenshot,
  sharedBrowser,
  tabTo,
} from '../support/browser';
import { ALWAYS_OPEN, mobile, newEntity } from '../support/fixtures';
import { counterDrift } from '../support/invariants';

/**
 * Issue 30 in a real browser: the one line on a business's own site (another origin), the wrong origin
 * told on screen, two visitors racing for the last place, a visitor in New York, the keyboard alone,
 * French; axe-core on every state and no console error.
 */
type Entity = Awaited<ReturnType<typeof newEntity>>;
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = any;

// A browser, two servers and a store on a shared machine: generous, as no timing is asserted.
jest.setTimeout(300_000);

let api: Awaited<ReturnType<typeof startHttp>>;
let site: Awaited<ReturnType<typeof hostSite>>;
let elsewhere: Awaited<ReturnType<typeof hostSite>>;
let browser: Browser;

beforeAll(async () => {
  await ensureWeb();
  api = await startHttp();
  const page = (query: URLSearchParams) =>
    hostPage(
      api.baseUrl,
      query.get('key') ?? '',
      query.get('attrs') ? String(query.get('attrs')) : '',
      query.get('lang') ?? 'en',
    );
  site = await hostSite(page);
  elsewhere = await hostSite(page);
  browser = await sharedBrowser();
});
afterAll(async () => {
  await site?.close();
  await elsewhere?.close();
  await api?.close();
});

const v2 = (method: string, path: string, token: string, body?: unknown): Promise<Json> =>
  v2Json(api.call, method, path, token, body);

/** A business with a key for the site, and one day of slots (capacity `capacity`) in the coming days. */
async function business(capacity = 2): Promise<{ entity: Entity; key: string; date: string; slots: Json[] }> {
  const entity = await newEntity({ hours: ALWAYS_OPEN });
  const key = (await v2('POST', '/keys', entity.v2_token, { name: 'site', allowed_origins: [site.url] })).data
    .key;
  let date = addDays(todayIn('Europe/Paris'), 2);
  for (let i = 0; i < 7; i++, date = addDays(date, 1)) {
    const generated = await v2('POST', '/calendar-slots/generate', entity.v2_token, {
      date,
      max_appointments: capacity,
    });
    if (generated.success) return { entity, key, date, slots: generated.data };
  }
  throw new Error('no open day to generate');
}

const inWidget = (selector: string) => `booking-widget ${selector}`;
const hhmm = (time: string) => time.slice(0, 5);
const REFUSALS = /Failed to load resource: the server responded with a status of (400|403|409)/;

async function pickTime(page: Page, date: string, start: string): Promise<void> {
  await page.locator(inWidget(`[data-day="${date}"]`)).click();
  await page.locator(inWidget(`[data-start="${hhmm(start)}"]`)).click();
}
async function fill(page: Page, name: string, phone: string, email = ''): Promise<void> {
  await page.locator(inWidget('[name="client_name"]')).fill(name);
  await page.locator(inWidget('[name="client_phone"]')).fill(phone);
  if (email) await page.locator(inWidget('[name="client_email"]')).fill(email);
}

describe('the widget on a business’s own site', () => {
  it('books through the one line on another origin: days, times, form, confirmation', async () => {
    const { entity, key, date, slots } = await business();
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${site.url}/?key=${key}`);
    await page.locator(inWidget(`[data-day="${date}"]`)).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-days');
    await page.locator(inWidget(`[data-day="${date}"]`)).click();
    const first = page.locator(inWidget(`[data-start="${hhmm(slots[0].start_time)}"]`));
    expect(await first.getAttribute('data-calendar-id')).toBe('1');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-times');
    await first.click();
    await fill(page, 'Jeanne Durand', '06 12 34 56 78', 'jeanne@example.com');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-form');
    // A double click books once: the button is disabled while the first request runs, with one Idempotency-Key.
    await page.locator(inWidget('button[type="submit"]')).dblclick();
    const confirmed = page.locator(inWidget('[data-confirmed]'));
    await confirmed.waitFor();
    const id = Number(await confirmed.getAttribute('data-appointment-id'));
    expect(id).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-confirmed');
    const after = (await v2('GET', `/calendar-slots?date=${date}`, entity.v2_token)).data;
    expect(after[0].available_slots).toBe(slots[0].available_slots - 1);
    expect(errors()).toEqual([]);
    await page.close();
  });

  it('tells the visitor on screen when the site is not an origin of the key', async () => {
    const { key } = await business();
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${elsewhere.url}/?key=${key}`);
    const alert = page.locator(inWidget('[role="alert"]'));
    await alert.waitFor();
    expect(await alert.textContent()).toContain(`Booking is not allowed from this site (${elsewhere.url})`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-wrong-origin');
    // On a French page (no lang attribute on the widget), the refusal is in French.
    await page.goto(`${elsewhere.url}/?key=${key}&lang=fr`);
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      `La réservation n’est pas autorisée depuis ce site (${elsewhere.url})`,
    );
    expect(errors(REFUSALS)).toEqual([]);
    await page.close();
  });

  it('shows a refusal next to its cause: an invalid phone beside the phone field', async () => {
    const { date, slots, key } = await business();
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${site.url}/?key=${key}`);
    await pickTime(page, date, slots[1].start_time);
    await fill(page, 'Jeanne Durand', '12');
    await page.locator(inWidget('button[type="submit"]')).click();
    const phone = page.locator(inWidget('[name="client_phone"]'));
    await page.locator(inWidget('[role="alert"]')).waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await phone.getAttribute('aria-describedby');
    expect(await page.locator(inWidget(`#${describedBy}`)).textContent()).toBe(
      'This phone number is not valid.',
    );
    expect(await focusedIs(page, '[name="client_phone"]')).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-error-phone');
    expect(errors(REFUSALS)).toEqual([]);
    await page.close();
  });

  it('two visitors race for the last place: one is confirmed, the other is told; capacity is exact', async () => {
    const { entity, key, date, slots } = await business(2);
    const slot = slots[2];
    await v2('POST', '/appointments', key, {
      client_name: 'First Client',
      client_phone: mobile(300),
      slot_id: slot.id,
    });
    const pages = [await browser.newPage(), await browser.newPage()];
    const errors = pages.map(consoleErrors);
    for (const [i, page] of pages.entries()) {
      await page.goto(`${site.url}/?key=${key}`);
      await pickTime(page, date, slot.start_time);
      await fill(page, `Visitor ${i}`, mobile(310 + i));
    }
    await Promise.all(pages.map((page) => page.locator(inWidget('button[type="submit"]')).click()));
    const outcomes = await Promise.all(
      pages.map(async (page) => {
        const done = page.locator(inWidget('[data-confirmed], [role="alert"]'));
        await done.first().waitFor();
        return (await page.locator(inWidget('[data-confirmed]')).count()) === 1 ? 'confirmed' : 'told';
      }),
    );
    expect([...outcomes].sort()).toEqual(['confirmed', 'told']);
    const loser = pages[outcomes.indexOf('told')] as Page;
    expect(await loser.locator(inWidget('[role="alert"]')).textContent()).toContain(
      'This time was just taken',
    );
    // The times were refreshed: the full one is gone.
    expect(await loser.locator(inWidget(`[data-slot-id="${slot.id}"]`)).count()).toBe(0);
    expect(await axeViolations(loser)).toEqual([]);
    await screenshot(loser, 'widget-error-full');
    const after = (await v2('GET', `/calendar-slots?date=${date}`, entity.v2_token)).data;
    expect(after.find((s: Json) => s.id === slot.id).available_slots).toBe(0);
    expect(await counterDrift(entity.entity_account_id)).toEqual([]);
    for (const e of errors) expect(e(REFUSALS)).toEqual([]);
    await Promise.all(pages.map((page) => page.close()));
  });

  it('shows a visitor in America/New_York the business’s times, and says whose they are', async () => {
    const { key, date, slots } = await business();
    const context = await browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${site.url}/?key=${key}`);
    expect(await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone')).toBe('America/New_York');
    await page.locator(inWidget(`[data-day="${date}"]`)).click();
    const first = page.locator(inWidget(`[data-start="${hhmm(slots[0].start_time)}"]`));
    expect(await first.textContent()).toBe(hhmm(slots[0].start_time));
    // The zone named for people, as Intl names it (not the IANA name).
    expect(await page.locator(inWidget('.zone')).textContent()).toContain('Paris time');
    await first.click();
    await fill(page, 'Ny Visitor', '+1 212 555 0100');
    await page.locator(inWidget('button[type="submit"]')).click();
    await page.locator(inWidget('[data-confirmed]')).waitFor();
    expect(await page.locator(inWidget('[data-confirmed]')).textContent()).toContain(
      `${hhmm(slots[0].start_time)}–${hhmm(slots[0].end_time)} (Paris time)`,
    );
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('books with the keyboard alone, in French', async () => {
    const { key, date, slots } = await business();
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${site.url}/?key=${key}&attrs=${encodeURIComponent('lang="fr"')}`);
    await page.locator(inWidget(`[data-day="${date}"]`)).waitFor();
    expect(await page.locator(inWidget('legend')).first().textContent()).toBe('Choisissez un jour');
    expect(await tabTo(page, '[data-day]')).toBe(true);
    expect(await tabTo(page, `[data-day="${date}"]`)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focusedIs(page, '[data-start]')).toBe(true);
    expect(await tabTo(page, `[data-start="${hhmm(slots[1].start_time)}"]`)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focusedIs(page, '[name="client_name"]')).toBe(true);
    await page.keyboard.type('Camille Martin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('07 11 22 33 44');
    expect(await tabTo(page, 'button[type="submit"]')).toBe(true);
    expect(await page.locator(inWidget('button[type="submit"]')).textContent()).toMatch(/^Réserver /);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-form-fr');
    await page.keyboard.press('Enter');
    const confirmed = page.locator(inWidget('[data-confirmed]'));
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toContain('Votre rendez-vous est réservé');
    expect(await focusedIs(page, '[data-confirmed]')).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors()).toEqual([]);
    await page.close();
  });
});
