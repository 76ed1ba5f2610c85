// Watchdog started detached by dynamodb-local.ts: when the Node process that started DynamoDB Local
// dies in any way (even SIGKILL, where no exit handler runs), it kills the Java process, then exits.
// Plain JavaScript so it starts with bare `node`, without a TypeScript loader.
const [parentPid, childPid] = process.argv.slice(2).map(Number);
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
setInterval(() => {
  if (!alive(childPid)) process.exit(0);
  if (!alive(parentPid)) {
    try {
      process.kill(childPid, 'SIGKILL');
    } catch {}
    process.exit(0);
  }
}, 300);
