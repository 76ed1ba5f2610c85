// The admin CLI's help (scripts/admin.ts): after the commands, each one with its arguments and every flag,
// so `admin help` alone shows all there is to type; `admin <command> --help` explains each flag.
import type { Command } from 'commander';

const WIDTH = 100;

/** One command's line: its name, its arguments and flags (optional ones in brackets), wrapped. */
function synopsis(command: Command): string {
  const words = [
    command.name(),
    ...command.registeredArguments.map((a) => (a.required ? `<${a.name()}>` : `[${a.name()}]`)),
    ...command.options.map((o) => (o.mandatory ? o.flags : `[${o.flags}]`)),
  ];
  const lines: string[] = [];
  let line = ' ';
  for (const word of words) {
    if (line.length > 4 && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = '     ';
    }
    line += ` ${word}`;
  }
  return [...lines, line].join('\n');
}

/** The text `admin help` ends with. */
export const flagsOfEveryCommand = (cli: Command): string =>
  [
    '',
    'Every command with its flags (admin <command> --help says what each does):',
    ...cli.commands.filter((c) => c.name() !== 'help').map(synopsis),
    '',
  ].join('\n');
