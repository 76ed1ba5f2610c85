/** `npm start`: the whole API on this machine with its embedded DynamoDB Local (see README). */
import { javaProblem } from '../shared/local/java';
import { parseLocalEnv, startLocalRuntime } from '../shared/local/runtime';

async function main(): Promise<void> {
  const problem = javaProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const runtime = await startLocalRuntime(parseLocalEnv(process.env), (line) => console.log(line));
  const shutdown = (code: number) => {
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
  console.error(`npm start failed: ${(error as Error).message}`);
  process.exit(1);
});
