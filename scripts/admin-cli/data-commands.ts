// The admin CLI's commands on an entity's data at size (scripts/admin.ts): the seed, the statistics' recount.
import type { Command } from 'commander';
import { integer } from './arguments';
import type { AdminOutput, Run } from './runner';

/** Adds the data commands to the CLI, after the entity commands. */
export function addDataCommands(cli: Command, run: Run, io: AdminOutput): void {
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
          require('../../shared/wiring/operations') as typeof import('../../shared/wiring/operations');
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
          require('../../shared/wiring/operations') as typeof import('../../shared/wiring/operations');
        return recountService().recount(accountId);
      }),
    );
}
