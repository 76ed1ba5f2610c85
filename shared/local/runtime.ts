import type { Server } from 'node:http';
import * as z from 'zod';
import { DEFAULT_TABLE_NAME } from '../core/defaults';
import { type LocalStorage, storageFrom } from './engine/dynamodb-local';
import { acquireLocalStore, type LocalStore } from './engine/local-store';
import type { LocalEvents } from './pipelines/local-events';

/** Variables of `npm start` (docs/CONTRACT.md#running-it), parsed once. */
const LocalEnvSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOCAL_DB: z.string().optional(),
  /** DynamoDB Local's port (default: any free one); fix it to point SAM or other tools at the store. */
  DYNAMODB_LOCAL_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * How DynamoDB Local's JVM compiles (shared/local/engine/dynamodb-local.ts): `full` for a session, `quick`
   * for a server that lives a minute (the tests' servers): half the start, slower under long load.
   */
  DYNAMODB_LOCAL_JIT: z.enum(['full', 'quick']).default('full'),
  TABLE_NAME: z.string().min(3).default(DEFAULT_TABLE_NAME),
  DEMO_ACCOUNT_ID: z.string().min(1).default('demo'),
  DEMO_SECRET_KEY: z.string().min(1).default('demo-secret'),
});
export type LocalEnv = z.infer<typeof LocalEnvSchema>;
export const parseLocalEnv = (env: NodeJS.ProcessEnv): LocalEnv => LocalEnvSchema.parse(env);

/** The demo entity's owner (a staff account): `npm start` makes it so at each start. */
export const DEMO_OWNER = 'owner@demo.localhost';

/** Where the data lives, for the start line. */
const whereData = (storage: LocalStorage): string =>
  storage.kind === 'memory'
    ? 'in memory'
    : storage.kind === 'folder'
      ? `data in ${storage.path}`
      : 'already running (LOCAL_DB): not started nor stopped by this server';

/*
 * The modules loaded on demand here (and in scripts/admin.ts, scripts/bench.ts) are loaded with `require`,
 * not `import()`: the scripts run under tsx's CommonJS hook (`node --require tsx/cjs`, package.json), which
 * serves `require` of TypeScript files; `import()` would go to Node's own ES module loader, which cannot.
 * That hook alone starts a process about 0.35 s of CPU sooner than `--import tsx` (measured 2026-11-26:
 * a trivial script 0.17 s against 0.55 s; `npm start` ready on a running engine 1.1-1.35 s against
 * 1.3-2.1 s), which the suite's thirty-odd server and admin processes pay each.
 */

/** Creates the table when missing (processes sharing one engine may race: the table is there either way). */
export async function ensureLocalTable(tableName: string): Promise<'created' | 'existing'> {
  const { ensureTable } = require('../db/table') as typeof import('../db/table');
  const { documentClient } = require('../wiring/core') as typeof import('../wiring/core');
  return ensureTable(documentClient(), tableName);
}

export interface LocalRuntime {
  server: Server;
  store: LocalStore;
  url: string;
  /** The booking events' stream reading (shared/local/pipelines/local-events.ts). */
  events: Pick<LocalEvents, 'pause' | 'resume'>;
  stop(): Promise<void>;
}

/**
 * Starts the whole API on this machine: DynamoDB Local, the table, the demo entity and the HTTP server.
 * The handler modules are loaded only after the store's endpoint is in the environment, since the
 * handlers' config is read once at load, as on Lambda.
 */
export async function startLocalRuntime(
  env: LocalEnv,
  log: (line: string) => void = () => undefined,
): Promise<LocalRuntime> {
  const storage = storageFrom(env.LOCAL_DB);
  // A folder's engine is recorded in the folder, so the admin CLI and the tests reuse it.
  const store = await acquireLocalStore(storage, {
    kind: 'server',
    port: env.DYNAMODB_LOCAL_PORT,
    jit: env.DYNAMODB_LOCAL_JIT,
  });
  try {
    process.env.DYNAMODB_ENDPOINT = store.endpoint;
    process.env.TABLE_NAME = env.TABLE_NAME;
    process.env.STAGE ??= 'local';
    const { services, staffService } = require('../wiring') as typeof import('../wiring');
    const { createLocalServer } = require('./server/server') as typeof import('./server/server');

    const created = await ensureLocalTable(env.TABLE_NAME);
    log(
      `store: DynamoDB Local at ${store.endpoint}, ${whereData(storage)}, table ${env.TABLE_NAME} (${created})`,
    );
    const demo = await services().admin.ensureEntity({
      accountId: env.DEMO_ACCOUNT_ID,
      secret: env.DEMO_SECRET_KEY,
      name: 'Demo entity',
    });
    // The demo entity's owner signs in to the console by the link e-mailed to this address (the outbox).
    await staffService().ensure(env.DEMO_ACCOUNT_ID, { email: DEMO_OWNER, role: 'owner' });
    // The widget's script (GET /embed.js), built from web/ when web/ changed since the last build.
    const web = require('./web-build') as typeof import('./web-build');
    await web.ensureWeb();
    // The owner's console's script (GET /console.js), the same way.
    await web.ensureConsole();
    const server = createLocalServer();
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(env.PORT, env.HOST, () => done());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    const url = `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${port}`;
    // The addresses the API writes (the feed's, the e-mails' manage links) point at this server unless PUBLIC_BASE_URL says otherwise. The events
    // start once the port is known; the stream poller reads every change since its last (or first) record.
    process.env.PUBLIC_BASE_URL ??= url;
    const events = (
      require('./pipelines/local-events') as typeof import('./pipelines/local-events')
    ).startLocalEvents({ log });
    const c = demo.credentials;
    log(
      `demo entity '${c.entity_account_id}' ${demo.created ? 'created' : 'found'} (secret from DEMO_SECRET_KEY)`,
    );
    log(`  v1 token (/api):    ${c.v1_token}`);
    log(`  v2 token (/api/v2): ${c.v2_token}`);
    log(
      'open days: an entity with open_days_ahead gets its days opened within seconds of a change of its settings, hours or closures, and every minute for new days',
    );
    log(
      events.mailTarget === 'SMTP_URL'
        ? 'mail: client e-mails go to the SMTP server of SMTP_URL'
        : `mail: client e-mails are written to ${events.mailTarget} (listed at ${url}/_outbox); set SMTP_URL to send them`,
    );
    log(
      `console: ${url}/console (sign in as ${DEMO_OWNER}, account '${c.entity_account_id}': the link is in the outbox)`,
    );
    log(`API listening on ${url}`);
    log(
      `try: curl -H 'Access-Token: ${c.v2_token}' '${url}/api/v2/opening-hours/check-date?date=2026-12-25'`,
    );
    log(`     curl -H 'Access-Token: ${c.v1_token}' '${url}/api/calendars'`);

    let stopping: Promise<void> | undefined;
    return {
      server,
      store,
      url,
      events: { pause: () => events.pause(), resume: () => events.resume() },
      stop: () => {
        stopping ??= (async () => {
          server.closeAllConnections();
          await new Promise<void>((done) => server.close(() => done()));
          await events.stop();
          await store.release();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await store.release();
    throw error;
  }
}
