// Watchdog started detached by dynamodb-local.ts: when the Node process that started DynamoDB Local
// dies in any way (even SIGKILL, where no exit handler runs), it kills the Java process, then removes
// the folder's engine record and lock if they still name that dead process (engine-record.ts), then exits.
// Plain JavaScript so it starts with bare `node`, without a TypeScript loader.
const { readFileSync, unlinkSync } = require('node:fs');
const { join } = require('node:path');

const [parentPid, childPid] = process.argv.slice(2, 4).map(Number);
const folder = process.argv[4];
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const removeIfOwnedByParent = (file) => {
  try {
    const path = join(folder, file);
    if (JSON.parse(readFileSync(path, 'utf8')).pid === parentPid) unlinkSync(path);
  } catch {}
};
setInterval(() => {
  if (!alive(childPid)) process.exit(0);
  if (!alive(parentPid)) {
    try {
      process.kill(childPid, 'SIGKILL');
    } catch {}
    if (folder) {
      // The record first, then the lock: another process takes the folder only once the lock is gone.
      const gone = Date.now() + 5000;
      while (alive(childPid) && Date.now() < gone)
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      removeIfOwnedByParent('dynamodb-local.json');
      removeIfOwnedByParent('dynamodb-local.lock');
    }
    process.exit(0);
  }
}, 300);
