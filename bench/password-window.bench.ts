// `npm run bench:password-window`: how long a `--to` password given on the command line stays visible to others
// (/proc/PID/cmdline, what ps reads) before `ussynth` hides it, against the floor: a bare `node` script that sets its
// title as its very first statement, in the same run. Linux only (it reads /proc).
// Each start is polled in a tight loop from spawn until its command line shows `***`; medians of BENCH_RUNS starts.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/ussynth.mjs', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const URL_WITH_PASSWORD = 'postgres://app:Sup3rSecretPW@127.0.0.1/test';

/** Milliseconds from spawn until the child's command line no longer shows the password. */
async function hiddenAfter(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...args, '--to', URL_WITH_PASSWORD], { stdio: 'ignore' });
  let hidden: number | undefined;
  while (hidden === undefined) {
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8');
    } catch {
      break;
    }
    if (cmdline.includes('***')) hidden = performance.now() - started;
  }
  await new Promise((resolve) => child.once('exit', resolve));
  if (hidden === undefined) throw new Error(`${args.join(' ')} exited before hiding the password`);
  return hidden;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-password-window-'));
const floorScript = join(scratch, 'floor.mjs');
writeFileSync(floorScript, "process.title = 'node floor --to ***';\nsetTimeout(() => {}, 100);\n");
const ussynth: number[] = [];
const floor: number[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    ussynth.push(await hiddenAfter([BIN, 'address', '--seed', 'bench', '--count', '3', '--dry-run']));
    floor.push(await hiddenAfter([floorScript]));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
const [u, f] = [median(ussynth), median(floor)];
console.log(`Node ${process.version}, load average ${loadavg()[0].toFixed(1)}, ${RUNS} starts each (medians):`);
console.log(
  `ussynth (bin/ussynth.mjs) hides the password after ${u.toFixed(0)} ms; a bare node script setting its title first: ${f.toFixed(0)} ms; ratio ${(u / f).toFixed(2)}x`,
);
