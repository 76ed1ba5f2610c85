import type { Browser, Page } from 'playwright-core';
import { addDays, todayIn } from '../../shared/core/dates';
import { calendarUid } from '../../shared/features/mail/domain/notifications';
import { startInstant } from '../../shared/features/schedule';
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
} from '../support/browser';
import { LONG_DAYS, newEntity } from '../support/fixtures';
import { counterDrift } from '../support/invariants';
import { parseCalendar, until } from '../support/mail';

/**
 * Issue 59, points 6 to 8, in Chromium: a French salon with a brand colour and a logo, two stylists and a
 * priced service. The widget (on another origin) shows prices and the description, the whole booking
 * window a month at a time, and a confirmation that says what was booked (service, price, stylist, date,
 * time in "heure de Paris") with an "add to calendar" file; the manage page says the same, moves
 * to another stylist who performs the service, and asks once more before cancelling; the hosted page
 * carries the logo and the colour. axe-core on every state, no console error.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = any;

jest.setTimeout(300_000);

let api: Awaited<ReturnType<typeof startHttp>>;
let site: Awaited<ReturnType<typeof hostSite>>;
let browser: Browser;

beforeAll(async () => {
  await ensureWeb();
  api = await startHttp();
  site = await hostSite((query) => hostPage(api.baseUrl, query.get('key') ?? '', '', 'fr'));
  browser = await sharedBrowser();
});
afterAll(async () => {
  await site?.close();
  await api?.close();
});

const v2 = (method: string, path: string, token: string, body?: unknown): Promise<Json> =>
  v2Json(api.call, method, path, token, body);
const inWidget = (selector: string) => `booking-widget ${selector}`;
const inManage = (selector: string) => `booking-manage ${selector}`;
const PLUM = 'rgb(122, 31, 92)';
const LOGO = 'https://cdn.salon.example/logo.png';
// A 1×1 PNG: the logo's address answers it in the browser (no network in tests).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function newPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.route(`${LOGO}*`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
  );
  return page;
}

/** A French salon: Chloé (default calendar) and Léa both do a 60-minute Colour at 45,50 €. */
async function salon() {
  const entity = await newEntity({
    hours: LONG_DAYS,
    settings: {
      max_appointments: 1,
      language: 'fr',
      name: 'Salon Jeanne',
      brand_color: '#7a1f5c',
      logo_url: LOGO,
    },
  });
  const token = entity.v2_token;
  const key = (
    await v2('POST', '/keys', token, { name: 'site', allowed_origins: [site.url], hosted_page: true })
  ).data.key;
  const chloe = (await v2('GET', '/calendars', token)).data[0].id as number;
  await v2('POST', '/calendars/update', token, { id: chloe, name: 'Chloé' });
  const lea = (await v2('POST', '/calendars', token, { name: 'Léa' })).data.id as number;
  let date = addDays(todayIn('Europe/Paris'), 2);
  for (let i = 0; i < 7; i++, date = addDays(date, 1)) {
    const generated = await v2('POST', '/calendar-slots/generate', token, { date, calendar_id: chloe });
    if (!generated.success) continue;
    await v2('POST', '/calendar-slots/generate', token, { date, calendar_id: lea });
    const colour = (
      await v2('POST', '/services', token, {
        name: 'Colour',
        duration: 60,
        price: 4550,
        description: 'Couleur et brushing',
      })
    ).data.id as number;
    return { entity, token, key, chloe, lea, date, colour };
  }
  throw new Error('no open day to generate');
}

/** The background of the first element `selector` finds, once it is in the page (a view may be replaced). */
const background = (page: Page, selector: string): Promise<string> =>
  until(`the background of ${selector}`, () =>
    page
      .locator(selector)
      .first()
      .evaluate((node) => {
        // The browser's globals, outside the tests' types.
        const view = globalThis as unknown as { getComputedStyle(n: unknown): { backgroundColor: string } };
        const n = node as unknown as { isConnected: boolean };
        return n.isConnected ? view.getComputedStyle(n).backgroundColor : '';
      }),
  );

describe('a salon’s prices, pages that say what was booked, and its own look', () => {
  it('the widget: prices, description, the window a month at a time, a confirmation with its calendar file', async () => {
    const s = await salon();
    const page = await newPage();
    const errors = consoleErrors(page);
    await page.goto(`${site.url}/?key=${s.key}`);
    const colour = page.locator(inWidget(`[data-service-id="${s.colour}"]`));
    await colour.waitFor();
    // The price written for the salon's locale (fr-FR), the logo on top, the brand colour as the accent.
    expect(await colour.textContent()).toBe('Colour (60 min · 45,50\u00a0€)');
    expect(await page.locator(inWidget('img.logo')).getAttribute('src')).toBe(LOGO);
    expect(await page.locator(inWidget('img.logo')).getAttribute('alt')).toBe('Salon Jeanne');
    await colour.click();
    expect(await page.locator(inWidget('[data-service-description]')).textContent()).toBe(
      'Couleur et brushing',
    );
    expect(await background(page, inWidget(`[data-service-id="${s.colour}"]`))).toBe(PLUM);

    // The whole window (a year here), a month at a time, opened at the first month with a free time (the
    // next one when the test runs at a month's end): the next month is a click away, the one before the
    // window's first is not.
    const month = page.locator(inWidget('[data-month]'));
    await month.waitFor();
    const first = (await month.getAttribute('data-month')) ?? '';
    expect(first).toBe(s.date.slice(0, 7));
    if (first === todayIn('Europe/Paris').slice(0, 7))
      expect(await page.locator(inWidget('[data-month-nav="prev"]')).isDisabled()).toBe(true);
    await page.locator(inWidget(`button[data-calendar-id="${s.chloe}"]`)).click();
    await page.locator(inWidget(`button[data-calendar-id="${s.chloe}"][aria-pressed="true"]`)).waitFor();
    await page.locator(inWidget('[data-month-nav="next"]')).click();
    await page.locator(inWidget(`[data-month="${addDays(`${first}-28`, 4).slice(0, 7)}"]`)).waitFor();
    expect(await focusedIs(page, '[data-month-nav="next"]')).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator(inWidget('[data-month-nav="prev"]')).click();
    await page.locator(inWidget(`[data-month="${first}"]`)).waitFor();
    await page.locator(inWidget(`[data-day="${s.date}"]`)).click();
    expect(await page.locator(inWidget('.zone')).textContent()).toContain('heure de Paris');
    await page.locator(inWidget('[data-start="09:00"]')).click();
    await page.locator(inWidget('[name="client_name"]')).fill('Jeanne Durand');
    await page.locator(inWidget('[name="client_phone"]')).fill('06 12 34 56 78');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-priced');
    await page.locator(inWidget('button[type="submit"]')).click();

    // What was booked: the service and its price, the stylist, the date, the time in a zone named for people.
    const confirmed = page.locator(inWidget('[data-confirmed]'));
    await confirmed.waitFor();
    expect(await page.locator(inWidget('[data-confirmed] [data-service]')).textContent()).toBe('Colour');
    expect(await page.locator(inWidget('[data-confirmed] [data-price]')).textContent()).toBe('45,50\u00a0€');
    expect(await page.locator(inWidget('[data-confirmed] [data-staff]')).textContent()).toBe('Chloé');
    expect(await page.locator(inWidget('[data-confirmed] [data-time]')).textContent()).toBe(
      '09:00–10:00 (heure de Paris).',
    );
    expect(await page.locator(inWidget('[data-action="add-to-calendar"]')).getAttribute('download')).toBe(
      'appointment.ics',
    );
    // The file's event has the UID of the e-mail's invite (the same function makes both), so a calendar
    // given both keeps one event.
    const bookedId = Number(await confirmed.getAttribute('data-appointment-id'));
    const emailUid = calendarUid(s.entity.entity_account_id, bookedId);
    const icsText = async () =>
      decodeURIComponent(
        (
          (await page.locator(inWidget('[data-action="add-to-calendar"]')).getAttribute('href')) ?? ''
        ).replace(/^data:text\/calendar;charset=utf-8,/, ''),
      );
    const ics = await until(
      "the e-mail UID in the widget's .ics",
      async () => {
        const text = await icsText();
        return parseCalendar(text).events[0]?.uid === emailUid ? text : null;
      },
      10_000,
    );
    const event = parseCalendar(ics).events[0];
    expect(event?.start).toBe(startInstant(s.date, '09:00:00', 'Europe/Paris').toISOString());
    expect(event?.end).toBe(startInstant(s.date, '10:00:00', 'Europe/Paris').toISOString());
    expect(event?.summary).toBe('Colour – Salon Jeanne');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'widget-confirmed-what');
    expect(await counterDrift(s.entity.entity_account_id)).toEqual([]);
    expect(errors()).toEqual([]);
    await page.close();
  });

  it('the manage page: what was booked, a move to another stylist, a cancel that asks once more', async () => {
    const s = await salon();
    const booked = (
      await v2('POST', '/appointments', s.key, {
        client_name: 'Camille Martin',
        client_phone: '07 11 22 33 44',
        service_id: s.colour,
        date: s.date,
        start_time: '09:00',
        calendar_id: s.chloe,
      })
    ).data;
    const page = await newPage();
    const errors = consoleErrors(page);
    await page.goto(`${api.baseUrl}/manage#${booked.cancel_token}`);
    await page.locator(inManage(`[data-appointment-id="${booked.id}"]`)).waitFor();
    expect(await page.locator(inManage('[data-service]')).textContent()).toBe('Colour');
    expect(await page.locator(inManage('[data-price]')).textContent()).toBe('45,50\u00a0€');
    expect(await page.locator(inManage('[data-staff]')).textContent()).toBe('Chloé');
    expect(await page.locator(inManage('[data-time]')).textContent()).toBe('09:00–10:00 (heure de Paris).');
    expect(await page.locator(inManage('img.logo')).getAttribute('src')).toBe(LOGO);
    expect(await background(page, inManage('button'))).toBe('rgb(255, 255, 255)');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-what');

    // The move: the stylists who perform the service, Chloé (hers) pressed; Léa at 11:00.
    await page.locator(inManage('[data-action="reschedule"]')).click();
    const lea = page.locator(inManage(`button[data-calendar-id="${s.lea}"]`));
    await lea.waitFor();
    expect(
      await page.locator(inManage(`button[data-calendar-id="${s.chloe}"]`)).getAttribute('aria-pressed'),
    ).toBe('true');
    await lea.click();
    expect(await lea.getAttribute('aria-pressed')).toBe('true');
    expect(await background(page, inManage(`button[data-calendar-id="${s.lea}"]`))).toBe(PLUM);
    await page.locator(inManage(`[data-day="${s.date}"]`)).click();
    await page.locator(inManage('[data-start="11:00"]')).click();
    expect(await axeViolations(page)).toEqual([]);
    await page.locator(inManage('[data-action="confirm-reschedule"]')).click();
    await page.locator(inManage('[data-notice]')).waitFor();
    expect(await page.locator(inManage('[data-staff]')).textContent()).toBe('Léa');
    expect(await page.locator(inManage('[data-time]')).getAttribute('data-time')).toBe('11:00');

    // Cancelling asks once more: "no" keeps it, "yes" cancels it.
    await page.locator(inManage('[data-action="cancel"]')).click();
    await page.locator(inManage('[data-cancel-question]')).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-cancel-question');
    await page.locator(inManage('[data-action="keep"]')).click();
    expect(await page.locator(inManage('[data-status]')).getAttribute('data-status')).toBe('confirmed');
    expect(await focusedIs(page, '[data-action="cancel"]')).toBe(true);
    const still = await v2('POST', '/appointments/lookup', booked.cancel_token, {
      cancel_token: booked.cancel_token,
    });
    expect(still.data.appointment.status).toBe('confirmed');
    await page.locator(inManage('[data-action="cancel"]')).click();
    await page.locator(inManage('[data-action="confirm-cancel"]')).click();
    await page.locator(inManage('[data-status="cancelled"]')).waitFor();
    expect(await counterDrift(s.entity.entity_account_id)).toEqual([]);
    expect(errors()).toEqual([]);
    await page.close();
  });

  it('the hosted page carries the logo and the colour', async () => {
    const s = await salon();
    const page = await newPage();
    const errors = consoleErrors(page);
    await page.goto(`${api.baseUrl}/book/${s.key}`);
    expect(await page.locator('main > img.logo').getAttribute('src')).toBe(LOGO);
    expect(await page.locator('h1').textContent()).toBe('Salon Jeanne');
    await page.locator(inWidget(`[data-service-id="${s.colour}"]`)).click();
    expect(await background(page, inWidget(`[data-service-id="${s.colour}"]`))).toBe(PLUM);
    // On its own page the widget shows no second logo.
    expect(await page.locator(inWidget('img.logo')).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'hosted-page-brand');
    expect(errors()).toEqual([]);
    await page.close();
  });
});
