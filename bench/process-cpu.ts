// A server's CPU time during a benchmark run, from Linux's /proc: the load and seed benchmarks measure the database
// server's side of a run with it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds a process and its children (live, and exited ones it has waited for) have used, from /proc (Linux). */
export function processCpu(pid: number): number {
  const fields = (id: number): number[] =>
    readFileSync(`/proc/${id}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ')
      .map(Number);
  const [, , , , , , , , , , , utime, stime, cutime, cstime] = fields(pid);
  let ticks = utime + stime + cutime + cstime;
  for (const child of childrenOf(pid).split('\n').filter(Boolean).map(Number)) {
    try {
      const [, , , , , , , , , , , u, c] = fields(child);
      ticks += u + c;
    } catch {
      // Exited meanwhile: its time is in the parent's cutime once waited for.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** The pids of a process's children, one per line, sorted. */
export const childrenOf = (pid: number): string =>
  execFileSync('sh', ['-c', `pgrep -P ${pid} | sort || true`], { encoding: 'utf8' });

/** Waits (up to 5 s) until the server has only the children it had before a run: its backend exited and was waited for. */
export async function settled(pid: number, children: string): Promise<void> {
  for (let waited = 0; waited < 5000 && childrenOf(pid) !== children; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
}
