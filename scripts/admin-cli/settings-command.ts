// The admin CLI's set-settings (scripts/admin.ts): one flag per setting of `POST /api/v2/settings`, and
// the settings after, as `GET /api/v2/settings` answers them.
import type { Command } from 'commander';
import { boolean, integer } from './arguments';
import type { Run } from './runner';

type Parser = (value: string) => unknown;

/** Each flag: the setting it changes, its help, its parser (none: the text as given). */
const FLAGS: Array<[flag: string, setting: string, help: string, parse?: Parser]> = [
  ['--slot-duration <minutes>', 'slot_duration', 'default slot duration, 5 to 480', integer],
  ['--max-appointments <n>', 'max_appointments', 'default places per slot, 1 to 1000', integer],
  ['--timezone <zone>', 'timezone', 'IANA time zone'],
  ['--country <code>', 'country', 'country of the public holidays (ISO code)'],
  ['--default-calendar <id>', 'default_calendar_id', 'calendar the v2 API acts on', integer],
  [
    '--open-days-ahead <days>',
    'open_days_ahead',
    'days from today whose slots open by themselves, 0 to 365 (0: none)',
    integer,
  ],
  ['--language <code>', 'language', 'language of the client e-mails: en or fr'],
  ['--cancel-url <url>', 'cancel_url', 'cancellation page with {cancel_token} in it ("" clears it)'],
  [
    '--reminder-minutes-before <minutes>',
    'reminder_minutes_before',
    'reminder e-mail this long before the start, 0 to 10080 (0: none)',
    integer,
  ],
  ['--name <name>', 'name', "the business's name in e-mails, invites and the staff feed"],
  [
    '--address <address>',
    'address',
    "the business's address: invites' LOCATION, e-mails' footer (\"\" clears it)",
  ],
  ['--locale <locale>', 'locale', 'dates and times written for it: en-GB, en-US, fr-FR... ("" derives it)'],
  ['--currency <code>', 'currency', 'ISO 4217 currency of the prices (minor units): EUR, USD, JPY...'],
  [
    '--brand-color <#rrggbb>',
    'brand_color',
    'accent of the widget, pages and e-mails, readable under white ("" clears it)',
  ],
  ['--logo-url <url>', 'logo_url', 'https address of the logo on the pages and e-mails ("" clears it)'],
  [
    '--notify-emails <list>',
    'notify_emails',
    'up to 5 comma-separated addresses told of every booking, move and cancellation ("" clears them)',
    (list) => list.split(',').filter((a) => a.trim() !== ''),
  ],
  [
    '--max-live-bookings-per-visitor <n>',
    'max_live_bookings_per_visitor',
    'future bookings one visitor may hold through publishable keys, 0 to 100 (0: no cap)',
    integer,
  ],
  [
    '--max-live-bookings-per-contact <n>',
    'max_live_bookings_per_contact',
    'future bookings one client phone or e-mail may hold through publishable keys, 0 to 100 (0: no cap)',
    integer,
  ],
  [
    '--confirm-by-email <true|false>',
    'confirm_by_email',
    "true: a publishable key's booking waits for the client's confirmation by e-mail",
    boolean,
  ],
  [
    '--min-notice-minutes <minutes>',
    'min_notice_minutes',
    'no client booking starts sooner than this, 0 to 43200',
    integer,
  ],
  [
    '--max-days-ahead <days>',
    'max_days_ahead',
    'no client booking starts after today + this - 1, 1 to 365',
    integer,
  ],
  [
    '--client-change-cutoff-minutes <minutes>',
    'client_change_cutoff_minutes',
    "a client's link neither moves nor cancels within this of the start, 0 to 10080",
    integer,
  ],
];

/** The long name of a flag ("--slot-duration <minutes>" → "slot-duration"). */
const longName = (flag: string): string => flag.slice(2).split(' ')[0] ?? flag;
/** commander's property of a flag ("slot-duration" → "slotDuration"). */
const property = (flag: string): string =>
  longName(flag).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/** set-settings' flags as the settings they change (a flag not given: absent). */
const settingsOf = (o: Record<string, unknown>): Record<string, unknown> => {
  const patch: Record<string, unknown> = {};
  for (const [flag, setting] of FLAGS) {
    const value = o[property(flag)];
    if (value !== undefined) patch[setting] = value;
  }
  return patch;
};

/** Adds set-settings to the CLI. */
export function addSettingsCommand(cli: Command, run: Run): void {
  const command = cli
    .command('set-settings <accountId>')
    .description('change settings (the same as POST /api/v2/settings); prints every setting after');
  for (const [flag, , help, parse] of FLAGS) {
    if (parse) command.option(flag, help, parse);
    else command.option(flag, help);
  }
  command.action(
    run(
      async (s, accountId: string, o: Record<string, unknown>) => {
        const { v2Settings } =
          require('../../shared/features/settings/http/present') as typeof import('../../shared/features/settings/http/present');
        return v2Settings(await s.admin.updateSettings(accountId, settingsOf(o)));
      },
      'quick',
      (c, _accountId: string, o: Record<string, unknown>) => {
        const patch = settingsOf(o);
        if (Object.keys(patch).length === 0)
          throw new Error(
            `give at least one setting: ${FLAGS.map(([flag]) => `--${longName(flag)}`).join(', ')}`,
          );
        c.settings(patch);
      },
    ),
  );
}
