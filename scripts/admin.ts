/**
 * Admin CLI: `npm run admin -- <command>`. Works on the local store (same LOCAL_DB folder as `npm start`:
 * the engine already serving that folder, else one started for the command) or on a deployed table
 * (TABLE_NAME and the usual AWS credentials).
 */
import { DEFAULT_COUNTRY, DEFAULT_TIMEZONE } from '../shared/core/defaults';
import '../shared/local/quiet-sdk';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { type EngineJit, storageFrom } from '../shared/local/engine/dynamodb-local';
import { acquireLocalStore, type LocalStore } from '../shared/local/engine/local-store';
import { errorLine } from '../shared/local/error-line';
import { ensureLocalTable } from '../shared/local/runtime';

type Services = import('../shared/wiring').Services;
type ArgumentChecks = typeof import('../shared/features/operations/services/admin-service').argumentChecks;

const integer = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a positive integer');
  return Number(value);
};
/** "09:00-12:00" → ['09:00', '12:00']. */
const period = (value: string, previous: Array<[string, string]> = []): Array<[string, string]> => {
  const match = /^(\d{1,2}:\d{2}(?::\d{2})?)-(\d{1,2}:\d{2}(?::\d{2})?)$/.exec(value.trim());
  if (!match?.[1] || !match[2]) throw new InvalidArgumentError('expected HH:MM-HH:MM');
  return [...previous, [match[1], match[2]]];
};

/** Connects to the deployed table (`--remote`) or to the DynamoDB Local of the local data folder. */
async function connect(
  remote: boolean,
  jit: EngineJit,
): Promise<{ services: Services; close: () => Promise<void> }> {
  let dynamo: LocalStore | undefined;
  if (!remote) {
    const storage = storageFrom(process.env.LOCAL_DB);
    if (storage.kind === 'memory')
      throw new Error('LOCAL_DB=memory keeps nothing between commands: use a folder, or --remote');
    dynamo = await acquireLocalStore(storage, { kind: 'tool', jit });
    process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
    process.env.TABLE_NAME ??= 'booking-local';
  } else if (!process.env.TABLE_NAME) {
    throw new Error('--remote needs TABLE_NAME (the stack output TableName) and AWS credentials');
  }
  const { services } = require('../shared/wiring') as typeof import('../shared/wiring');
  if (dynamo) await ensureLocalTable(process.env.TABLE_NAME ?? 'booking-local');
  return { services: services(), close: async () => dynamo?.release() };
}

/** set-settings' flags as the settings they change. */
const settingsOf = (o: Record<string, unknown>): Record<string, unknown> => ({
  slot_duration: o.slotDuration,
  max_appointments: o.maxAppointments,
  timezone: o.timezone,
  country: o.country,
  default_calendar_id: o.defaultCalendar,
  open_days_ahead: o.openDaysAhead,
  language: o.language,
  cancel_url: o.cancelUrl,
  reminder_minutes_before: o.reminderMinutesBefore,
  name: o.name,
  address: o.address,
  locale: o.locale,
});

/** Where the CLI writes: the process's stdout and stderr, or a test's buffers. */
export interface AdminOutput {
  out(text: string): void;
  err(text: string): void;
}
const PROCESS_OUTPUT: AdminOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};
type Connect = typeof connect;

function program(io: AdminOutput, connectTo: Connect): Command {
  const print = (value: unknown) => io.out(`${JSON.stringify(value, null, 2)}\n`);
  const cli = new Command('admin')
    .description('Administer entities of the booking API (local store by default)')
    .option('--remote', 'use the deployed table named by TABLE_NAME (AWS credentials from the environment)')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError();

  // A command that starts the engine itself (none serves the folder) lives seconds: a quick JVM. A seed of
  // 100,000 appointments runs for minutes: the full compilers pay for themselves there. `check` looks at
  // the command's own arguments first (the service's checks that need no store): a typo is answered
  // before any engine is started or reached.
  const run =
    (
      action: (s: Services, ...args: never[]) => Promise<unknown>,
      jit: EngineJit = 'quick',
      check?: (checks: ArgumentChecks, ...args: never[]) => void,
    ) =>
    async (...args: unknown[]) => {
      if (check) {
        const { argumentChecks } =
          require('../shared/features/operations/services/admin-service') as typeof import('../shared/features/operations/services/admin-service');
        check(argumentChecks, ...(args as never[]));
      }
      const { services, close } = await connectTo(Boolean(cli.opts().remote), jit);
      try {
        print(await action(services, ...(args as never[])));
      } finally {
        await close();
      }
    };

  cli
    .command('create-entity <accountId>')
    .description('create an entity (default hours Mon-Fri 09:00-12:00 and 14:00-18:00) and print its tokens')
    .option('--secret <secret>', 'secret key (default: a random one, printed once)')
    .option('--name <name>', 'display name')
    .option('--timezone <zone>', 'IANA time zone', DEFAULT_TIMEZONE)
    .option('--country <code>', 'country of the public holidays', DEFAULT_COUNTRY)
    .action(
      run(
        (s, accountId: string, o: { secret?: string; name?: string; timezone: string; country: string }) =>
          s.admin.createEntity({
            accountId,
            secret: o.secret,
            name: o.name,
            settings: { timezone: o.timezone, country: o.country },
          }),
        'quick',
        (c, accountId: string, o: { secret?: string; timezone: string; country: string }) =>
          c.createEntity({ accountId, ...o }),
      ),
    );
  cli
    .command('list-entities')
    .description('list entity account ids')
    .action(run((s) => s.admin.listEntities()));
  cli
    .command('rotate-secret <accountId>')
    .description(
      'replace the secret (old tokens stop working at once), end the calendar feed address, print the new tokens and the publishable keys and webhooks that remain',
    )
    .option('--secret <secret>', 'the new secret (default: a random one)')
    .option('--revoke-all', 'also delete every publishable key and webhook subscription')
    .action(
      run(
        (s, accountId: string, o: { secret?: string; revokeAll?: boolean }) =>
          s.admin.rotateSecret(accountId, o.secret, o.revokeAll === true),
        'quick',
        (c, _accountId: string, o: { secret?: string }) => c.rotateSecret(o.secret),
      ),
    );
  cli
    .command('set-hours <accountId> <day>')
    .description('set the periods of a weekday (mon..sun); no --period closes the day')
    .option('--period <HH:MM-HH:MM>', 'an opening period; give it once or twice', period)
    .action(
      run(
        (s, accountId: string, day: string, o: { period?: Array<[string, string]> }) =>
          s.admin.setDayHours(accountId, day, o.period ?? []),
        'quick',
        (c, _accountId: string, day: string, o: { period?: Array<[string, string]> }) =>
          c.setDayHours(day, o.period ?? []),
      ),
    );
  cli
    .command('add-closure <accountId> <date>')
    .description('close a date (YYYY-MM-DD) in addition to the public holidays')
    .option('--name <name>', 'what the closure is called', 'Closure day')
    .action(
      run(
        (s, accountId: string, date: string, o: { name: string }) =>
          s.admin.addClosureDay(accountId, date, o.name),
        'quick',
        (c, _accountId: string, date: string) => c.closureDate(date),
      ),
    );
  cli
    .command('remove-closure <accountId> <date>')
    .description('reopen a closure date')
    .action(
      run(
        async (s, accountId: string, date: string) => ({
          removed: await s.admin.removeClosureDay(accountId, date),
        }),
        'quick',
        (c, _accountId: string, date: string) => c.closureDate(date),
      ),
    );
  cli
    .command('list-closures <accountId>')
    .description("list the entity's closure days")
    .action(run((s, accountId: string) => s.admin.listClosureDays(accountId)));
  cli
    .command('set-settings <accountId>')
    .description('change settings')
    .option('--slot-duration <minutes>', 'default slot duration, 5 to 480', integer)
    .option('--max-appointments <n>', 'default places per slot, 1 to 1000', integer)
    .option('--timezone <zone>', 'IANA time zone')
    .option('--country <code>', 'country of the public holidays (ISO code)')
    .option('--default-calendar <id>', 'calendar the v2 API acts on', integer)
    .option(
      '--open-days-ahead <days>',
      'days from today whose slots open by themselves, 0 to 365 (0: none)',
      integer,
    )
    .option('--language <code>', 'language of the client e-mails: en or fr')
    .option('--cancel-url <url>', 'cancellation page with {cancel_token} in it ("" clears it)')
    .option(
      '--reminder-minutes-before <minutes>',
      'reminder e-mail this long before the start, 0 to 10080 (0: none)',
      integer,
    )
    .option('--name <name>', "the business's name in e-mails, invites and the staff feed")
    .option(
      '--address <address>',
      "the business's address: invites' LOCATION, e-mails' footer (\"\" clears it)",
    )
    .option('--locale <locale>', 'dates and times written for it: en-GB, en-US, fr-FR... ("" derives it)')
    .action(
      run(
        (s, accountId: string, o: Record<string, unknown>) =>
          s.admin.updateSettings(accountId, settingsOf(o)),
        'quick',
        (c, _accountId: string, o: Record<string, unknown>) => c.settings(settingsOf(o)),
      ),
    );
  cli
    .command('create-calendar <accountId> <name>')
    .description('create a calendar')
    .option('--timezone <zone>', "IANA time zone (default: the entity's)")
    .action(
      run((s, accountId: string, name: string, o: { timezone?: string }) =>
        s.admin.createCalendar(accountId, name, o.timezone),
      ),
    );
  cli
    .command('set-calendar-active <accountId> <calendarId> <active>')
    .description('activate (true) or deactivate (false) a calendar')
    .action(
      run((s, accountId: string, calendarId: string, active: string) => {
        if (!['true', 'false'].includes(active))
          throw new InvalidArgumentError('active must be true or false');
        return s.admin.setCalendarActive(accountId, integer(calendarId), active === 'true');
      }),
    );
  cli
    .command('set-limits <accountId>')
    .description(
      "set an entity's limits (0 = no limit; unset ones keep the stage's default); acts within seconds",
    )
    .option('--requests-per-minute <n>', 'requests of its secret tokens (v1 and v2)', integer)
    .option('--bookings-per-minute <n>', 'v1 and v2 bookings and moves of its secret tokens', integer)
    .option('--public-requests-per-minute <n>', 'requests of all its publishable keys together', integer)
    .option('--public-bookings-per-minute <n>', 'bookings of all its publishable keys together', integer)
    .option('--visitor-requests-per-minute <n>', 'requests per publishable key and caller address', integer)
    .option('--visitor-bookings-per-hour <n>', 'bookings per publishable key and caller address', integer)
    .action(
      run((s, accountId: string, o: Record<string, number | undefined>) =>
        s.admin.setLimits(accountId, {
          requests_per_minute: o.requestsPerMinute,
          bookings_per_minute: o.bookingsPerMinute,
          public_requests_per_minute: o.publicRequestsPerMinute,
          public_bookings_per_minute: o.publicBookingsPerMinute,
          visitor_requests_per_minute: o.visitorRequestsPerMinute,
          visitor_bookings_per_hour: o.visitorBookingsPerHour,
        }),
      ),
    );
  cli
    .command('list-keys <accountId>')
    .description("list an entity's publishable keys (without the keys)")
    .action(run((s, accountId: string) => s.admin.listKeys(accountId)));
  cli
    .command('remove-key <accountId> <keyId>')
    .description('remove a publishable key: it stops working at once')
    .action(run((s, accountId: string, keyId: string) => s.admin.removeKey(accountId, keyId)));
  cli
    .command('list-webhooks <accountId>')
    .description("list an entity's webhook subscriptions (without their secrets) and their last failure")
    .action(run((s, accountId: string) => s.webhooks.list(accountId)));
  cli
    .command('remove-webhook <accountId> <webhookId>')
    .description('remove a webhook subscription: nothing more is sent to it')
    .action(run((s, accountId: string, webhookId: string) => s.webhooks.remove(accountId, webhookId)));
  cli
    .command('seed <accountId>')
    .description(
      'fill an entity with N appointments (clients, counters, statistics as bookings leave them) on the slots of D days, half back, half ahead; no e-mail, no webhook; refused on production',
    )
    .requiredOption('--appointments <n>', 'how many appointments', integer)
    .option('--days <d>', 'days of slots, half before today', integer, 365)
    .option('--calendars <c>', 'calendars to spread over (created when missing)', integer, 1)
    .action(
      run(async (_s, accountId: string, o: { appointments: number; days: number; calendars: number }) => {
        const { seedService } =
          require('../shared/wiring/operations') as typeof import('../shared/wiring/operations');
        const started = Date.now();
        let drawn = 0;
        const bar = (written: number, total: number) => {
          // Five times a second at most (a 100,000 seed writes some 13,000 batches), and at the end.
          if (written < total && Date.now() - drawn < 200) return;
          drawn = Date.now();
          const width = 30;
          const done = Math.round((written / Math.max(1, total)) * width);
          const rate = Math.round(written / Math.max(0.001, (Date.now() - started) / 1000));
          io.err(
            `\r[${'#'.repeat(done)}${'-'.repeat(width - done)}] ${written.toLocaleString('en')}/${total.toLocaleString('en')} items, ${rate.toLocaleString('en')} items/s `,
          );
        };
        const summary = await seedService().seed(
          {
            accountId,
            appointments: o.appointments,
            days: Math.max(1, o.days),
            calendars: Math.max(1, o.calendars),
            stage: process.env.STAGE ?? (/prod/i.test(process.env.TABLE_NAME ?? '') ? 'production' : 'local'),
          },
          ({ written, total }) => bar(written, total),
        );
        io.err('\n');
        return { ...summary, appointments_per_second: Math.round(summary.appointments / summary.seconds) };
      }, 'full'),
    );
  cli
    .command('recount-stats <accountId>')
    .description(
      "rebuild an entity's flat statistics (clients' days, day items, latest-live days, calendar memberships) from its appointments: once after deploying them, while the entity is quiet",
    )
    .action(
      run(async (_s, accountId: string) => {
        const { recountService } =
          require('../shared/wiring/operations') as typeof import('../shared/wiring/operations');
        return recountService().recount(accountId);
      }),
    );
  return cli;
}

/**
 * Runs one command (`argv` without node and the script) and resolves with its exit code: 0 done, 1 refused
 * (`admin: <why>` on the error output), 2 a usage mistake commander reports. `connectTo` reaches the store
 * (the tests give one that fails, to show a command answered from its arguments alone).
 */
export async function admin(
  argv: string[],
  io: AdminOutput = PROCESS_OUTPUT,
  connectTo: Connect = connect,
): Promise<number> {
  try {
    await program(io, connectTo).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error: unknown) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    io.err(`admin: ${errorLine(error)}\n`);
    return 1;
  }
}

/** `npm run admin` (scripts/run.js): a refusal exits at once, whatever connections are still open. */
export function runFromCommandLine(): void {
  void admin(process.argv.slice(2)).then((code) => {
    if (code !== 0) process.exit(code);
  });
}

if (require.main === module) runFromCommandLine();
