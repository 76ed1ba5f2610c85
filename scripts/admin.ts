/**
 * Admin CLI: `npm run admin -- <command>`. Works on the local store (same LOCAL_DB folder as `npm start`:
 * the engine already serving that folder, else one started for the command) or on a deployed table
 * (TABLE_NAME and the usual AWS credentials). The commands are in scripts/admin-cli/.
 */
import '../shared/local/quiet-sdk';
import { Command, CommanderError } from 'commander';
import { errorLine } from '../shared/local/error-line';
import { type Connect, connect } from './admin-cli/connect';
import { addDataCommands } from './admin-cli/data-commands';
import { addEntityCommands } from './admin-cli/entity-commands';
import { flagsOfEveryCommand } from './admin-cli/help';
import { type AdminOutput, commandRunner, PROCESS_OUTPUT } from './admin-cli/runner';

export type { AdminOutput } from './admin-cli/runner';

function program(io: AdminOutput, connectTo: Connect): Command {
  const cli = new Command('admin')
    .description('Administer entities of the booking API (local store by default)')
    .option('--remote', 'use the deployed table named by TABLE_NAME (AWS credentials from the environment)')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    // A usage mistake is one line (`error: ...`, exit 2), as a refused value is: no help after it. A word
    // left over (a name with a space, unquoted) is one too, never silently dropped.
    .allowExcessArguments(false);
  const run = commandRunner({ io, connectTo, remote: () => Boolean(cli.opts().remote) });
  addEntityCommands(cli, run);
  addDataCommands(cli, run, io);
  cli.addHelpText('after', () => flagsOfEveryCommand(cli));
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
