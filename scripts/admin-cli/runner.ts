// Runs an admin command's action on the services (scripts/admin.ts), after its own arguments' checks.
import type { EngineJit } from '../../shared/local/engine/dynamodb-local';
import type { Connect, Services } from './connect';

type ArgumentChecks =
  typeof import('../../shared/features/operations/services/admin-arguments').argumentChecks;

/** Where the CLI writes: the process's stdout and stderr, or a test's buffers. */
export interface AdminOutput {
  out(text: string): void;
  err(text: string): void;
}
export const PROCESS_OUTPUT: AdminOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};
/** A command's action: what it does with the services, how long its engine lives, its arguments' checks. */
export type Run = (
  action: (s: Services, ...args: never[]) => Promise<unknown>,
  jit?: EngineJit,
  check?: (checks: ArgumentChecks, ...args: never[]) => void,
) => (...args: unknown[]) => Promise<void>;

export interface RunnerDeps {
  io: AdminOutput;
  connectTo: Connect;
  /** Whether `--remote` was given. */
  remote: () => boolean;
}

// A command that starts the engine itself (none serves the folder) lives seconds: a quick JVM. A seed of
// 100,000 appointments runs for minutes: the full compilers pay for themselves there. `check` looks at
// the command's own arguments first (the service's checks that need no store): a typo is answered
// before any engine is started or reached.
export function commandRunner({ io, connectTo, remote }: RunnerDeps): Run {
  const print = (value: unknown) => io.out(`${JSON.stringify(value, null, 2)}\n`);
  return (action, jit = 'quick', check) =>
    async (...args: unknown[]) => {
      if (check) {
        const { argumentChecks } =
          require('../../shared/features/operations/services/admin-arguments') as typeof import('../../shared/features/operations/services/admin-arguments');
        check(argumentChecks, ...(args as never[]));
      }
      const { services, close } = await connectTo(remote(), jit);
      try {
        print(await action(services, ...(args as never[])));
      } finally {
        await close();
      }
    };
}
