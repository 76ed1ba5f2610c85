import type { Browser } from 'playwright-core';
import { addDays, todayIn } from '../../shared/core/dates';
import { ensureWeb } from '../../shared/local/web-build';
import { startHttp, v2Json } from '../support/api';
import {
  axeViolations,
  consoleErrors,
  hostPage,
  hostSite,
  screenshot,
  sharedBrowser,
} from '../support/browser';
import { LONG_DAYS, newEntity } from '../support/fixtures';
import { counterDrift } from '../support/invariants';

/**
 * Issue 30's service path in a real browser (docs/CONTRACT.md#widget-and-manage-page): on a page of another
 * origin, a business with two people and two services; the widget offers the services, the staff with
 * "anyone", the days and the times of GET /availability in the business's zone (the visitor is in New
 * York), books with anyone and confirms; axe-core on each state and no console error.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = any;

// A browser, two servers and a store on a shared machine: generous, as no timing is asserted.
jest.setTimeout(300_000);

let api: Awaited<ReturnType<typeof startHttp>>;
let site: Awaited<ReturnType<typeof hostSite>>;
let browser: Browser;

beforeAll(async () => {
  await ensureWeb();
  api = await startHttp();
  site = await hostSite((query) => hostPage(api.baseUrl, query.get('key') ?? ''));
  browser = await sharedBrowser();
});
afterAll(async () => {
  await site?.close();
  await api?.close();
});

const v2 = (method: string, path: string, token: string, body?: unknown): Promise<Json> =>
  v2Json(api.call, method, path, token, body);
const inWidget = (selector: string) => `booking-widget ${selector}`;

/** A salon of two people (Alice, the default calendar, and Bruno) with two services, and one day of slots. */
async function salon() {
  const entity = await newEntity({ hours: LONG_DAYS, settings: { max_appointments: 1 } });
  const token = entity.v2_token;
  const key = (await v2('POST', '/keys', token, { name: 'site', allowed_origins: [site.url] })).data.key;
  const alice = (await v2('GET', '/calendars', token)).data[0].id as number;
  await v2('POST', '/calendars/update', token, { id: alice, name: 'Alice' });
  const bruno = (await v2('POST', '/calendars', token, { name: 'Bruno' })).data.id as number;
  let date = addDays(todayIn('Europe/Paris'), 2);
  for (let i = 0; i < 7; i++, date = addDays(date, 1)) {
    const generated = await v2('POST', '/calendar-slots/generate', token, { date, calendar_id: alice });
    if (!generated.success) continue;
    await v2('POST', '/calendar-slots/generate', token, { date, calendar_id: bruno });
    const cut = (await v2('POST', '/services', token, { name: 'Cut', duration: 30 })).data.id as number;
    const colour = (await v2('POST', '/services', token, { name: 'Colour', duration: 90 })).data.id as number;
    return { entity, token, key, alice, bruno, date, cut, colour };
  }
  throw new Error('no open day to generate');
}

describe('the widget of a business with services and staff', () => {
  it('offers services, staff with anyone, days and times of /availability in the business’s zone; books anyone', async () => {
    const s = await salon();
    const context = await browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${site.url}/?key=${s.key}`);

    // The services first: nothing to pick a time of until one is chosen.
    const colour = page.locator(inWidget(`[data-service-id="${s.colour}"]`));
    await colour.waitFor();
    expect(await page.locator(inWidget('[data-service-id]')).count()).toBe(2);
    expect(await page.locator(inWidget('[data-start]')).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-services');

    // The staff: anyone (chosen), Alice and Bruno.
    await colour.click();
    const anyone = page.locator(inWidget('button[data-calendar-id="any"]'));
    await anyone.waitFor();
    expect(await colour.getAttribute('aria-pressed')).toBe('true');
    expect(await anyone.getAttribute('aria-pressed')).toBe('true');
    for (const id of [s.alice, s.bruno])
      expect(await page.locator(inWidget(`button[data-calendar-id="${id}"]:not([data-start])`)).count()).toBe(
        1,
      );
    await page.locator(inWidget(`[data-day="${s.date}"]`)).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-staff-days');

    // The times of that day are the starts /availability answers, in Europe/Paris, once each with anyone.
    const starts = (
      await v2('GET', `/availability?service_id=${s.colour}&from=${s.date}&to=${s.date}`, s.key)
    ).data as Json[];
    const expected = [...new Set(starts.map((x) => x.start_time.slice(0, 5)))];
    expect(expected.length).toBeGreaterThan(0);
    await page.locator(inWidget(`[data-day="${s.date}"]`)).click();
    await page.locator(inWidget('[data-start]')).first().waitFor();
    const shown = await page
      .locator(inWidget('[data-start]'))
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-start')));
    expect(shown).toEqual(expected);
    expect(await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone')).toBe('America/New_York');
    expect(await page.locator(inWidget('.zone')).textContent()).toContain('Paris time');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-service-times');

    // Book 09:00 with anyone.
    await page.locator(inWidget('[data-start="09:00"]')).click();
    await page.locator(inWidget('[name="client_name"]')).fill('Jeanne Durand');
    await page.locator(inWidget('[name="client_phone"]')).fill('06 12 34 56 78');
    expect(await axeViolations(page)).toEqual([]);
    await page.locator(inWidget('button[type="submit"]')).click();
    const confirmed = page.locator(inWidget('[data-confirmed]'));
    await confirmed.waitFor();
    const id = Number(await confirmed.getAttribute('data-appointment-id'));
    expect(await confirmed.textContent()).toContain('09:00–10:30 (Paris time)');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-service-confirmed');

    // One appointment of the service, on one of the two: it holds the three slots of 09:00-10:30 there.
    const placesAt = async (calendar: number) =>
      Object.fromEntries(
        ((await v2('GET', `/calendar-slots?date=${s.date}&calendar_id=${calendar}`, s.token)).data as Json[])
          .filter((x) => ['08:30:00', '09:00:00', '09:30:00', '10:00:00', '10:30:00'].includes(x.start_time))
          .map((x) => [x.start_time.slice(0, 5), x.available_slots]),
      );
    const held = { '08:30': 1, '09:00': 0, '09:30': 0, '10:00': 0, '10:30': 1 };
    const free = { '08:30': 1, '09:00': 1, '09:30': 1, '10:00': 1, '10:30': 1 };
    const both = [await placesAt(s.alice), await placesAt(s.bruno)];
    expect(
      [held, free].map((x) => both.filter((p) => JSON.stringify(p) === JSON.stringify(x)).length),
    ).toEqual([1, 1]);
    expect(id).toBeGreaterThan(0);
    expect(await counterDrift(s.entity.entity_account_id)).toEqual([]);
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('shows only the chosen person’s times when the times of anyone answer after them', async () => {
    const s = await salon();
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    // The times of anyone (no calendar_id) answer 1.5 s late; the chosen person's at once.
    let lateAnswers = 0;
    let lastLate: Promise<void> = Promise.resolve();
    await page.route(/\/availability\?/, async (route) => {
      if (route.request().url().includes('calendar_id=')) return route.continue();
      const late = (async () => {
        const response = await route.fetch();
        await new Promise((done) => setTimeout(done, 1_500));
        await route.fulfill({ response });
        lateAnswers += 1;
      })();
      lastLate = late;
      await late;
    });
    await page.goto(`${site.url}/?key=${s.key}`);
    const colour = page.locator(inWidget(`[data-service-id="${s.colour}"]`));
    await colour.click();
    const bruno = page.locator(inWidget(`button[data-calendar-id="${s.bruno}"]:not([data-start])`));
    await bruno.waitFor();
    // Colour again (anyone's times asked, answering late), then Bruno at once (his answer comes first).
    const asked = lateAnswers;
    await colour.click();
    await bruno.click();
    await page
      .locator(inWidget(`button[data-calendar-id="${s.bruno}"][aria-pressed="true"]:not([data-start])`))
      .waitFor();
    await lastLate;
    expect(lateAnswers).toBeGreaterThan(asked);
    await page.locator(inWidget(`[data-day="${s.date}"]`)).click();
    await page.locator(inWidget('[data-start]')).first().waitFor();
    const owners = await page
      .locator(inWidget('[data-start]'))
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-calendar-id')));
    expect(owners.length).toBeGreaterThan(0);
    expect([...new Set(owners)]).toEqual([String(s.bruno)]);
    expect(errors()).toEqual([]);
    await page.close();
  });

  it('moves a service appointment on /manage to a start of /availability: the whole run moves', async () => {
    const s = await salon();
    const booked = (
      await v2('POST', '/appointments', s.key, {
        client_name: 'Camille Martin',
        client_phone: '07 11 22 33 44',
        service_id: s.colour,
        date: s.date,
        start_time: '09:00',
        calendar_id: s.bruno,
      })
    ).data;
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${api.baseUrl}/manage#${booked.cancel_token}`);
    const inManage = (selector: string) => `booking-manage ${selector}`;
    await page.locator(inManage(`[data-appointment-id="${booked.id}"]`)).waitFor();
    await page.locator(inManage('[data-action="reschedule"]')).click();
    await page.locator(inManage(`[data-day="${s.date}"]`)).click();
    await page.locator(inManage('[data-start]')).first().waitFor();
    // The starts where the whole service fits with the same person, but its own.
    const starts = (
      await v2(
        'GET',
        `/availability?service_id=${s.colour}&from=${s.date}&to=${s.date}&calendar_id=${s.bruno}`,
        s.key,
      )
    ).data as Json[];
    const shown = await page
      .locator(inManage('[data-start]'))
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-start')));
    expect(shown).toEqual(starts.map((x) => x.start_time.slice(0, 5)).filter((t) => t !== '09:00'));
    await page.locator(inManage('[data-start="14:00"]')).click();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-reschedule-service');
    await page.locator(inManage('[data-action="confirm-reschedule"]')).click();
    await page.locator(inManage('[data-notice]')).waitFor();
    expect(await page.locator(inManage('[data-time]')).getAttribute('data-time')).toBe('14:00');
    expect(await axeViolations(page)).toEqual([]);
    const places = Object.fromEntries(
      (
        (await v2('GET', `/calendar-slots?date=${s.date}&calendar_id=${s.bruno}`, s.token)).data as Json[]
      ).map((x) => [x.start_time.slice(0, 5), x.available_slots]),
    );
    expect([places['09:00'], places['09:30'], places['10:00']]).toEqual([1, 1, 1]);
    expect([places['14:00'], places['14:30'], places['15:00'], places['15:30']]).toEqual([0, 0, 0, 1]);
    expect(await counterDrift(s.entity.entity_account_id)).toEqual([]);
    expect(errors()).toEqual([]);
    await page.close();
  });
});
