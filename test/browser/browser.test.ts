/**
 * The browser tests (Debian's Chromium through playwright-core): one subject module each in test/browser/,
 * run as one test file on one Chromium, as the handler tests' subjects are (the README's "Tests" says why).
 * One subject alone: `npx jest test/browser/browser.test.ts -t pages`.
 */
import { closeSharedBrowser } from '../support/browser';
import { subjects } from '../support/subjects';

afterAll(() => closeSharedBrowser());

subjects({
  widget: () => require('./widget'),
  'widget-services': () => require('./widget-services'),
  pages: () => require('./pages'),
  'brand-and-prices': () => require('./brand-and-prices'),
  'time-to-change': () => require('./time-to-change'),
  console: () => require('./console'),
});
