/**
 * The browser tests' tools: Debian's Chromium through playwright-core, a host page on another origin,
 * axe-core on every state, the console's errors, and the screenshots of the README.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import axe from 'axe-core';
import { type Browser, chromium, type Page } from 'playwright-core';
import { chromiumPath } from '../../shared/local/chromium';

const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });

/**
 * One Chromium for the browser tests' file (test/browser/browser.test.ts), launched by the first subject
 * that asks and closed when the file ends (`closeSharedBrowser`): a launch costs about 0.6 s of CPU
 * (measured 2026-11-27). Each page or context a subject opens is its own, as a fresh browser's would be.
 */
let shared: Promise<Browser> | undefined;
export const sharedBrowser = (): Promise<Browser> => {
  shared ??= launch().catch((error: unknown) => {
    shared = undefined; // the next subject tries again
    throw error;
  });
  return shared;
};
export async function closeSharedBrowser(): Promise<void> {
  const browser = shared;
  shared = undefined;
  await (await browser?.catch(() => undefined))?.close();
}

/** A business's own site: one page with the one line the README gives, on its own origin. */
export async function hostSite(
  page: (query: URLSearchParams) => string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://host').searchParams;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(query));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** The host page in `lang`: hostile CSS of its own, the widget's one line, the attributes given. */
export const hostPage = (
  apiUrl: string,
  key: string,
  attributes = '',
  lang = 'en',
): string => `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>Salon Jeanne</title>
<style>button, input, fieldset, legend, p { all: unset; color: red; font-size: 4px; }</style></head>
<body><main><h1>Salon Jeanne</h1>
<script src="${apiUrl}/embed.js" async></script><booking-widget key="${key}"${attributes ? ` ${attributes}` : ''}></booking-widget>
</main></body></html>`;

/** Console errors and page errors, as they happen; `except` drops the HTTP refusals a test expects. */
export function consoleErrors(page: Page): (except?: RegExp) => string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return (except) => errors.filter((text) => !except?.test(text));
}

/**
 * axe-core's serious and critical violations on the page as it is (shadow roots included). axe-core (half a
 * megabyte of script) is put in a document once, when it is not there yet.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if ((await page.evaluate('typeof axe')) === 'undefined') await page.evaluate(axe.source);
  // Runs in the page (a string, as this file is compiled without the DOM's types).
  return page.evaluate(`(async () => {
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id + ': ' + v.help + ' ' + v.nodes.map((n) => JSON.stringify(n.target)).join(', '));
  })()`);
}

const SHOTS = join(__dirname, '..', '..', 'docs', 'screenshots');
/** With SCREENSHOTS=1, the state is saved as docs/screenshots/<name>.png (the README shows them). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The element of the widget's shadow root that has the focus (a selector test on it). */
export const focusedIs = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate(`(() => {
    let active = document.activeElement;
    while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
    return active ? active.matches(${JSON.stringify(selector)}) : false;
  })()`);

/** Presses Tab until the focus is on `selector` (at most `max` times); false when it never gets there. */
export async function tabTo(page: Page, selector: string, max = 40): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    if (await focusedIs(page, selector)) return true;
    await page.keyboard.press('Tab');
  }
  return focusedIs(page, selector);
}
