import { spawnSync } from 'node:child_process';
import { isAlive } from './engine-record';

const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh', 'ash', 'ksh']);

/** The parent id and command name of a process, from `ps` (undefined where ps cannot tell). */
function parentOf(pid: number): { ppid: number; command: string } | undefined {
  const probe = spawnSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], { encoding: 'utf8' });
  const match = /^\s*(\d+)\s+(\S+)/.exec(probe.stdout ?? '');
  return match?.[1] && match[2] ? { ppid: Number(match[1]), command: match[2] } : undefined;
}

/**
 * Calls `onGone` once when the process that launched this one dies. npm runs a script through a shell
 * (`npm` → `sh -c` → node): SIGTERM to npm kills the shell and orphans us (our parent id changes); SIGKILL
 * to npm leaves the shell waiting on us, so when the parent is a shell its own parent is watched too.
 * Returns how to stop watching.
 */
export function watchParent(onGone: () => void, everyMs = 500): () => void {
  const parent = process.ppid;
  if (parent <= 1) return () => undefined;
  const watched = [parent];
  const shell = parentOf(parent);
  if (shell && SHELLS.has(shell.command.replace(/^-/, '').split('/').pop() ?? '') && shell.ppid > 1) {
    watched.push(shell.ppid);
  }
  const timer = setInterval(() => {
    if (process.ppid === parent && watched.every(isAlive)) return;
    clearInterval(timer);
    onGone();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
