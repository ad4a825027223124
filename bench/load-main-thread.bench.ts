// `node scripts/with-server-node.mjs tsx bench/load-main-thread.bench.ts` (after `npm run build`): the CPU of the
// inserting (main) thread of a `--to sqlite:` load, which bounds its wall time when a worker renders the rows, read with
// process.threadCpuUsage() in a fresh process per run, against another build in the same run, interleaved: a measure
// that a shared machine's load skews far less than wall time (docs/benchmarks.md, "Loading databases").
// BENCH_BASELINE_DIST=/path/to/other/dist (e.g. main's) adds that build; BENCH_COUNT (1,000,000), BENCH_RUNS (3),
// BENCH_JOBS (2: one worker renders while the main thread inserts). The other threads' CPU (all threads' less the main
// thread's) is the rendering workers' with V8's and libuv's helpers.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.js';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const BASELINE = process.env.BENCH_BASELINE_DIST;
const COUNT = Number(process.env.BENCH_COUNT ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const JOBS = Number(process.env.BENCH_JOBS ?? 2);

// One load in a fresh process: the build's own runLoad, the command line's default address columns.
const SCRIPT = `
const [dist, file, jobs, count] = process.argv.slice(2);
const { runLoad } = await import(dist + '/load/run-load.js');
const { parseLoadTarget } = await import(dist + '/load/load-target.js');
const { jobLoadColumns } = await import(dist + '/records/record-job.js');
const job = { kind: 'address', seed: 'bench-load', fictionalPhones: false, format: 'copy', table: 'ours', jsonShape: 'array', count: Number(count) };
const thread = process.threadCpuUsage(), all = process.cpuUsage(), started = performance.now();
await runLoad({ target: parseLoadTarget('sqlite:' + file), table: 'ours', columns: jobLoadColumns(job), job, jobs: Number(jobs), mode: 'create', shared: false });
const t = process.threadCpuUsage(thread), a = process.cpuUsage(all);
console.log(JSON.stringify({ main: (t.user + t.system) / 1e6, all: (a.user + a.system) / 1e6, wall: (performance.now() - started) / 1000 }));
`;

type Result = { main: number; all: number; wall: number };
const builds: [string, string][] = [
  ['this tree', DIST],
  ...(BASELINE === undefined ? [] : [['baseline', BASELINE] as [string, string]]),
];
const scratch = mkdtempSync(join(tmpdir(), 'ussynth-bench-main-thread-'));
// A file, not --eval: the worker threads would inherit --input-type.
const script = join(scratch, 'load-once.mjs');
writeFileSync(script, SCRIPT);
try {
  const results = new Map<string, Result[]>(builds.map(([name]) => [name, []]));
  const loads: number[] = [];
  for (let round = 1; round <= RUNS; round++) {
    for (const [name, dist] of builds) {
      const file = join(scratch, 'load.db');
      rmSync(file, { force: true });
      loads.push(loadavg()[0]);
      const out = execFileSync(process.execPath, [script, dist, file, String(JOBS), String(COUNT)], {
        encoding: 'utf8',
      });
      const result = JSON.parse(out.trim().split('\n').at(-1)!) as Result;
      results.get(name)!.push(result);
      process.stderr.write(
        `round ${round}: ${name}: main thread ${result.main.toFixed(2)} s CPU, other threads ${(result.all - result.main).toFixed(2)} s, all threads ${result.all.toFixed(2)} s, wall ${result.wall.toFixed(2)} s\n`,
      );
    }
  }
  const lines = [
    `--to sqlite:, ${COUNT.toLocaleString('en-US')} default records, --jobs ${JOBS}, median of ${RUNS} interleaved rounds, load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`,
    '',
  ];
  // The other threads: the rendering workers, with V8's and libuv's helper threads (a few percent).
  lines.push(
    '| build | main thread CPU s | other threads CPU s | all threads CPU s | wall s |',
    '|---|---:|---:|---:|---:|',
  );
  for (const [name] of builds) {
    const runs = results.get(name)!;
    lines.push(
      `| ${name} | ${median(runs.map((r) => r.main)).toFixed(2)} | ${median(runs.map((r) => r.all - r.main)).toFixed(2)} | ${median(runs.map((r) => r.all)).toFixed(2)} | ${median(runs.map((r) => r.wall)).toFixed(2)} |`,
    );
  }
  if (BASELINE !== undefined) {
    const ratio = (measure: (run: Result) => number): string => {
      const ratios = results.get('this tree')!.map((run, i) => measure(run) / measure(results.get('baseline')![i]));
      return `${median(ratios).toFixed(3)} (rounds ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)})`;
    };
    lines.push(
      '',
      `- main-thread CPU, this tree / baseline: ${ratio((r) => r.main)}`,
      `- other threads' CPU: ${ratio((r) => r.all - r.main)}`,
      `- wall: ${ratio((r) => r.wall)}`,
    );
  }
  console.log(lines.join('\n'));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
