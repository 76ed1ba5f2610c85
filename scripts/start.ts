/** `npm start`: the whole API on this machine with its embedded DynamoDB Local (see README). */
import '../shared/local/quiet-sdk';
import { storageFrom } from '../shared/local/engine/dynamodb-local';
import { javaProblem } from '../shared/local/engine/java';
import { watchParent } from '../shared/local/engine/parent-watch';
import { errorLine } from '../shared/local/error-line';
import { parseLocalEnv, startLocalRuntime } from '../shared/local/runtime';

async function main(): Promise<void> {
  const env = parseLocalEnv(process.env);
  // An engine already running at an address (LOCAL_DB=http://…) needs no Java here.
  const problem = storageFrom(env.LOCAL_DB).kind === 'address' ? null : javaProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  // Watched from the start: a parent that dies while the store boots must not leave us running.
  let shutdown = (code: number): void => process.exit(code);
  watchParent(() => shutdown(0));
  const runtime = await startLocalRuntime(env, (line) => console.log(line));
  shutdown = (code: number) => {
    runtime.stop().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => shutdown(0));
  process.once('SIGTERM', () => shutdown(0));
  process.once('SIGHUP', () => shutdown(0));
  process.once('uncaughtException', (error) => {
    console.error('fatal:', error);
    shutdown(1);
  });
}

main().catch((error: unknown) => {
  console.error(`npm start failed: ${errorLine(error)}`);
  process.exit(1);
});
