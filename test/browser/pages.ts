import type { Browser } from 'playwright-core';
import { addDays, todayIn } from '../../shared/core/dates';
import { ensureWeb } from '../../shared/local/web-build';
import { startHttp, v2Json } from '../support/api';
import {
  axeViolations,
  consoleErrors,
  focusedIs,
  screenshot,
  sharedBrowser,
  tabTo,
} from '../support/browser';
import { ALWAYS_OPEN, newEntity } from '../support/fixtures';
import { counterDrift } from '../support/invariants';

/**
 * Issue 30 in a real browser, on the API's own pages: the hosted booking page of a hosted_page key, and
 * the manage page (/manage#<cancel_token>) rescheduling then cancelling, the last with the keyboard
 * alone; axe-core on each state; no console error (a CSP refusal would be one).
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = any;

// A browser, two servers and a store on a shared machine: generous, as no timing is asserted.
jest.setTimeout(300_000);

let api: Awaited<ReturnType<typeof startHttp>>;
let browser: Browser;

/** The pages' own origin is the stage's public base URL (docs/CONTRACT.md#addresses): this server's, as npm start sets it. */
const baseBefore = process.env.PUBLIC_BASE_URL;
beforeAll(async () => {
  await ensureWeb();
  api = await startHttp();
  process.env.PUBLIC_BASE_URL = api.baseUrl;
  browser = await sharedBrowser();
});
afterAll(async () => {
  if (baseBefore === undefined) delete process.env.PUBLIC_BASE_URL;
  else process.env.PUBLIC_BASE_URL = baseBefore;
  await api?.close();
});

const v2 = (method: string, path: string, token: string, body?: unknown): Promise<Json> =>
  v2Json(api.call, method, path, token, body);
const inWidget = (selector: string) => `booking-widget ${selector}`;
const inManage = (selector: string) => `booking-manage ${selector}`;
const hhmm = (time: string) => time.slice(0, 5);

describe('the hosted page and the manage page', () => {
  it('books on /book/{key}, then reschedules and cancels on /manage (cancel with the keyboard)', async () => {
    const entity = await newEntity({ hours: ALWAYS_OPEN, settings: { language: 'en' } });
    const key = (
      await v2('POST', '/keys', entity.v2_token, {
        name: 'hosted',
        allowed_origins: ['https://unused.example'],
        hosted_page: true,
      })
    ).data.key;
    let date = addDays(todayIn('Europe/Paris'), 2);
    let slots: Json[] = [];
    for (let i = 0; i < 7; i++, date = addDays(date, 1)) {
      const generated = await v2('POST', '/calendar-slots/generate', entity.v2_token, {
        date,
        max_appointments: 1,
      });
      if (generated.success) {
        slots = generated.data;
        break;
      }
    }
    const taken = async (slotId: number) =>
      (await v2('GET', `/calendar-slots?date=${date}`, entity.v2_token)).data.find(
        (s: Json) => s.id === slotId,
      ).available_slots === 0;

    const page = await browser.newPage();
    const errors = consoleErrors(page);
    const hosted = await page.goto(`${api.baseUrl}/book/${key}`);
    expect(hosted?.headers()['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
    await page.locator(inWidget(`[data-day="${date}"]`)).click();
    // The hosted page names the business (a new entity is named as it was created: its account id here).
    expect(await page.locator('h1').textContent()).toBe(entity.entity_account_id);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'hosted-page');
    await page.locator(inWidget(`[data-start="${hhmm(slots[0].start_time)}"]`)).click();
    await page.locator(inWidget('[name="client_name"]')).fill('Hosted Visitor');
    await page.locator(inWidget('[name="client_phone"]')).fill('06 99 88 77 66');
    await page.locator(inWidget('button[type="submit"]')).click();
    const confirmed = page.locator(inWidget('[data-confirmed]'));
    await confirmed.waitFor();
    const id = await confirmed.getAttribute('data-appointment-id');
    const link =
      (await page.locator(inWidget('[data-confirmed] a[href*="/manage#"]')).getAttribute('href')) ?? '';
    expect(link).toMatch(
      new RegExp(`^${api.baseUrl}/manage#ct_[A-Za-z0-9_-]+\\.[0-9]+\\.[A-Za-z0-9_-]{43}$`),
    );
    expect(await taken(slots[0].id)).toBe(true);

    // The manage page: the appointment, then a move to another time.
    const manage = await page.goto(link);
    expect(manage?.headers()['content-security-policy']).toContain("script-src 'self'");
    const shown = page.locator(inManage(`[data-appointment-id="${id}"]`));
    await shown.waitFor();
    expect(await page.locator(inManage('[data-status]')).getAttribute('data-status')).toBe('confirmed');
    expect(await page.locator(inManage('[data-time]')).textContent()).toContain('(Paris time)');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'manage');
    await page.locator(inManage('[data-action="reschedule"]')).click();
    await page.locator(inManage(`[data-day="${date}"]`)).click();
    expect(await page.locator(inManage(`[data-slot-id="${slots[0].id}"]`)).count()).toBe(0);
    await page.locator(inManage(`[data-start="${hhmm(slots[3].start_time)}"]`)).click();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-reschedule');
    await page.locator(inManage('[data-action="confirm-reschedule"]')).click();
    await page.locator(inManage('[data-notice]')).waitFor();
    expect(await page.locator(inManage('[data-time]')).getAttribute('data-time')).toBe(
      hhmm(slots[3].start_time),
    );
    expect(await taken(slots[0].id)).toBe(false);
    expect(await taken(slots[3].id)).toBe(true);

    // Cancel with the keyboard alone.
    await page.reload();
    await page.locator(inManage('[data-status="confirmed"]')).waitFor();
    expect(await tabTo(page, '[data-action="cancel"]')).toBe(true);
    await page.keyboard.press('Enter');
    // Cancelling asks once more: the question takes the focus on its answer yes.
    expect(await focusedIs(page, '[data-action="confirm-cancel"]')).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator(inManage('[data-status="cancelled"]')).waitFor();
    expect(await focusedIs(page, '[data-notice]')).toBe(true);
    expect(await page.locator(inManage('[data-action]')).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-cancelled');
    expect(await taken(slots[3].id)).toBe(false);
    expect(await counterDrift(entity.entity_account_id)).toEqual([]);
    expect(errors()).toEqual([]);
    await page.close();
  });

  it('says so on /manage without a token, and /book of another key is the 404 page', async () => {
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${api.baseUrl}/manage`);
    const alert = page.locator(inManage('[role="alert"]'));
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This link is incomplete');
    expect(await axeViolations(page)).toEqual([]);
    const missing = await page.goto(`${api.baseUrl}/book/pk_${'A'.repeat(43)}`);
    expect(missing?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors(/status of 404/)).toEqual([]);
    await page.close();
  });
});
