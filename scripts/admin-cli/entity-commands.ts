// The admin CLI's commands on an entity (scripts/admin.ts): tokens, hours, closures, settings, calendars,
// limits, publishable keys, webhooks.
import { type Command, Option } from 'commander';
import { DEFAULT_COUNTRY, DEFAULT_TIMEZONE } from '../../shared/core/defaults';
import { boolean, integer, period } from './arguments';
import type { Run } from './runner';
import { addSettingsCommand } from './settings-command';

/** A repeated option's values, in order. */
const calendars = (value: string, previous: number[]): number[] => [...previous, integer(value)];

/** Adds the entity commands to the CLI, in the order its help lists them. */
export function addEntityCommands(cli: Command, run: Run): void {
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
        (c, _accountId: string, date: string, o: { name: string }) => c.closure(date, o.name),
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
  addSettingsCommand(cli, run);
  cli
    .command('create-calendar <accountId> <name>')
    .description('create a calendar')
    .option('--timezone <zone>', "IANA time zone (default: the entity's)")
    .action(
      run(
        (s, accountId: string, name: string, o: { timezone?: string }) =>
          s.admin.createCalendar(accountId, name, o.timezone),
        'quick',
        (c, _accountId: string, name: string, o: { timezone?: string }) => c.createCalendar(name, o.timezone),
      ),
    );
  cli
    .command('set-calendar-active')
    .description('activate (true) or deactivate (false) a calendar')
    .argument('<accountId>')
    .argument('<calendarId>', 'the calendar id', integer)
    .argument('<active>', 'true or false', boolean)
    .action(
      run((s, accountId: string, calendarId: number, active: boolean) =>
        s.admin.setCalendarActive(accountId, calendarId, active),
      ),
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
    .command('add-staff <accountId> <email>')
    .description(
      'add a staff member (or change an existing one): owner (everything) or staff (only its calendars)',
    )
    .addOption(
      new Option('--role <owner|staff>', 'owner (everything) or staff (only its calendars)')
        .choices(['owner', 'staff'])
        .makeOptionMandatory(),
    )
    .option('--calendar <id>', 'a calendar the staff member is given (repeat for several)', calendars, [])
    .action(
      run(async (s, accountId: string, email: string, o: { role: 'owner' | 'staff'; calendar: number[] }) => {
        await s.admin.requireEntity(accountId);
        return s.staff.ensure(accountId, {
          email,
          role: o.role,
          calendar_ids: o.calendar.length ? o.calendar : undefined,
        });
      }),
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
    .action(
      run(async (s, accountId: string) => {
        await s.admin.requireEntity(accountId);
        return s.webhooks.list(accountId);
      }),
    );
  cli
    .command('remove-webhook <accountId> <webhookId>')
    .description('remove a webhook subscription: nothing more is sent to it')
    .action(
      run(async (s, accountId: string, webhookId: string) => {
        await s.admin.requireEntity(accountId);
        return s.webhooks.remove(accountId, webhookId);
      }),
    );
}
