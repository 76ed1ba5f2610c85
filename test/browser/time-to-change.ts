import type { Browser } from 'playwright-core';
import { addDays, todayIn } from '../../shared/core/dates';
import { ensureWeb } from '../../shared/local/web-build';
import { startHttp, v2Json } from '../support/api';
import { axeViolations, consoleErrors, sharedBrowser } from '../support/browser';
import { LONG_DAYS, newEntity } from '../support/fixtures';

/**
 * Issue 59, point 3, in Chromium: within the business's client_change_cutoff_minutes, the manage page still
 * shows the appointment, and a cancel or a move by its link is refused with the words of the page's
 * language naming whom to contact (the business); the appointment stays as it was.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Json = any;

jest.setTimeout(300_000);

let api: Awaited<ReturnType<typeof startHttp>>;
let browser: Browser;

beforeAll(async () => {
  await ensureWeb();
  api = await startHttp();
  browser = await sharedBrowser();
});
afterAll(async () => {
  await api?.close();
});

const v2 = (method: string, path: string, token: string, body?: unknown): Promise<Json> =>
  v2Json(api.call, method, path, token, body);
const inManage = (selector: string) => `booking-manage ${selector}`;

describe('time to change on the manage page', () => {
  it('within the cut-off a cancel asks, then says to contact the salon; the appointment stays', async () => {
    // A cut-off of a week: a booking two days ahead is within it, whatever the hour.
    const entity = await newEntity({
      hours: LONG_DAYS,
      settings: {
        max_appointments: 1,
        language: 'fr',
        name: 'Salon Jeanne',
        client_change_cutoff_minutes: 10_080,
      },
    });
    const token = entity.v2_token;
    let slot: Json;
    for (
      let date = addDays(todayIn('Europe/Paris'), 2), i = 0;
      !slot && i < 7;
      i++, date = addDays(date, 1)
    ) {
      const generated = await v2('POST', '/calendar-slots/generate', token, { date });
      if (generated.success) slot = generated.data[4];
    }
    const booked = (
      await v2('POST', '/appointments', token, {
        client_name: 'Camille Martin',
        client_phone: '07 11 22 33 45',
        slot_id: slot.id,
      })
    ).data;
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${api.baseUrl}/manage#${booked.cancel_token}`);
    await page.locator(inManage(`[data-appointment-id="${booked.id}"]`)).waitFor();
    await page.locator(inManage('[data-action="cancel"]')).click();
    await page.locator(inManage('[data-action="confirm-cancel"]')).click();
    const alert = page.locator(inManage('[role="alert"]'));
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'Il est trop tard pour modifier ce rendez-vous ici. Pour le déplacer ou l’annuler, contactez Salon Jeanne.',
    );
    expect(await page.locator(inManage('[data-status]')).getAttribute('data-status')).toBe('confirmed');
    expect(await axeViolations(page)).toEqual([]);
    const still = await v2('POST', '/appointments/lookup', booked.cancel_token, {
      cancel_token: booked.cancel_token,
    });
    expect(still.data.appointment.status).toBe('confirmed');
    // The refused cancel's 409 is the only thing the browser reports.
    expect(errors(/status of 409 \(Conflict\)/)).toEqual([]);
    await page.close();
  });
});
