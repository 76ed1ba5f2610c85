import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { closeSharedBrowser, sharedBrowser } from '../../../support/browser';
import { onFileTable, ROOT, type Started, startServer, stopServer } from '../../../support/processes';

/**
 * Issue 60, point 2: a passkey as a second way in, in Chromium (Debian's, through playwright-core) with its
 * virtual authenticator (CDP's WebAuthn domain). The owner signs in by the e-mailed link, registers a
 * passkey with @simplewebauthn/browser, signs out, and signs in again with the passkey alone. WebAuthn needs
 * a host name (an IP address is no relying party): the server's public base is http://localhost:<port>.
 */
const ACCOUNT = 'demo-passkey';
const OWNER = 'owner@demo.localhost';
const store = onFileTable();
/** @simplewebauthn/browser's own bundle (a global SimpleWebAuthnBrowser), as a page would load it. */
const BROWSER_LIB = readFileSync(
  join(ROOT, 'node_modules', '@simplewebauthn', 'browser', 'dist', 'bundle', 'index.umd.min.js'),
  'utf8',
);

/** A port free now, for a server whose public base must be known before it starts. */
const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

describe('passkeys in Chromium with its virtual authenticator', () => {
  let server: Started;
  let base: string;
  const outbox = mkdtempSync(join(tmpdir(), 'passkey-outbox-'));
  beforeAll(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    server = await startServer({
      ...store,
      PORT: String(port),
      PUBLIC_BASE_URL: base,
      DEMO_ACCOUNT_ID: ACCOUNT,
      SMTP_URL: '',
      OUTBOX_DIR: outbox,
    });
  }, 300_000);
  afterAll(async () => {
    await closeSharedBrowser();
    if (server) await stopServer(server, 'SIGTERM');
    rmSync(outbox, { recursive: true, force: true });
  }, 300_000);

  /** The newest sign-in link e-mailed to the owner. */
  const newestLink = async (): Promise<string> => {
    const links: string[] = [];
    for (const file of readdirSync(outbox).sort()) {
      const mail = await simpleParser(readFileSync(join(outbox, file)));
      const link = /(\S+\/console\/sign-in#\S+)/.exec(mail.text ?? '')?.[1];
      if (link && JSON.stringify(mail.to).includes(OWNER)) links.push(link);
    }
    return links.at(-1) ?? '';
  };

  /** A request the page makes itself (same origin: its cookie, and its Origin on a POST). */
  const inPage = (page: Page, method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ({ method, path, body }) => {
        const answer = await fetch(`/api/v2${path}`, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
        return { status: answer.status, json: (await answer.json()) as any };
      },
      { method, path, body },
    );

  it('registers a passkey after a link sign-in, then signs in with it alone', async () => {
    const browser = await sharedBrowser();
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    // A page of the API's own origin (the manage page: no token needed to load it).
    await page.goto(`${base}/manage`);
    await page.evaluate(BROWSER_LIB);

    // 1. The e-mailed link opens a session (its cookie is the browser's now).
    expect((await inPage(page, 'POST', '/sessions', { email: OWNER, account: ACCOUNT })).status).toBe(202);
    const token = (await newestLink()).split('#')[1];
    expect((await inPage(page, 'POST', '/sessions/verify', { token })).status).toBe(200);
    expect((await inPage(page, 'GET', '/me')).json.data.email).toBe(OWNER);

    // 2. A passkey, made by the virtual authenticator through @simplewebauthn/browser.
    const options = await inPage(page, 'POST', '/passkeys/options', {});
    expect(options.status).toBe(200);
    expect(options.json.message).toBe('passkey options for a new passkey');
    const registration = await page.evaluate(
      (optionsJSON) =>
        (
          globalThis as unknown as {
            SimpleWebAuthnBrowser: { startRegistration(o: unknown): Promise<unknown> };
          }
        ).SimpleWebAuthnBrowser.startRegistration({ optionsJSON }),
      options.json.data,
    );
    const added = await inPage(page, 'POST', '/passkeys', { response: registration, name: 'Test laptop' });
    expect(added.status).toBe(200);
    expect(added.json.data).toEqual({
      id: expect.any(String),
      name: 'Test laptop',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/),
    });
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect((await inPage(page, 'GET', '/passkeys')).json.data).toHaveLength(1);
    // The same answer again is refused: its challenge was used.
    expect((await inPage(page, 'POST', '/passkeys', { response: registration })).status).toBe(400);

    // 3. Signed out, the passkey alone signs in again.
    expect((await inPage(page, 'POST', '/sessions/delete', {})).status).toBe(200);
    expect((await inPage(page, 'GET', '/me')).status).toBe(401);
    const signInOptions = await inPage(page, 'POST', '/sessions/passkey/options', {});
    expect(signInOptions.json.message).toBe('passkey sign-in options');
    expect(signInOptions.status).toBe(200);
    const assertion = await page.evaluate(
      (optionsJSON) =>
        (
          globalThis as unknown as {
            SimpleWebAuthnBrowser: { startAuthentication(o: unknown): Promise<unknown> };
          }
        ).SimpleWebAuthnBrowser.startAuthentication({ optionsJSON }),
      signInOptions.json.data,
    );
    const signedIn = await inPage(page, 'POST', '/sessions/passkey', { response: assertion });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.data).toEqual({ email: OWNER, role: 'owner', account: ACCOUNT, calendar_ids: [] });
    expect((await inPage(page, 'GET', '/me')).json.data.email).toBe(OWNER);
    // Replayed, the same assertion opens nothing (its challenge is used up).
    expect((await inPage(page, 'POST', '/sessions/passkey', { response: assertion })).status).toBe(401);
    await context.close();
  }, 120_000);
});
