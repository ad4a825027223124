// `npm run build && npx tsx bench/render-chunks.bench.ts` (Node 20, the machine's; or through scripts/with-server-node.mjs for 22): the CPU of rendering a
// run's chunks to bytes on one thread (`recordChunks` with one job: generating the records, the format's text and its
// UTF-8 bytes, as `--to postgres` and the command line's file output do), each chunk written to /dev/null, the process's CPU
// (process.cpuUsage(): V8's helper threads' collection work included; Node 20 has no threadCpuUsage) in a fresh process per run, against another build in the same run, interleaved: the
// rendering path without a database's or a pipe's noise, which a shared machine's load skews far less than whole runs
// (docs/benchmarks.md, "Loading databases").
// BENCH_BASELINE_DIST=/path/to/other/dist (e.g. main's) adds that build; BENCH_COUNT (1,000,000), BENCH_RUNS (5),
// BENCH_FORMATS (copy,sqlite-values,csv,ndjson).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.js';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const BASELINE = process.env.BENCH_BASELINE_DIST;
const COUNT = Number(process.env.BENCH_COUNT ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FORMATS = (process.env.BENCH_FORMATS ?? 'copy,sqlite-values,csv,ndjson').split(',');

// One run in a fresh process: the build's own chunk source, the command line's default address columns.
const SCRIPT = `
import { openSync, writeSync } from 'node:fs';
const [dist, format, count] = process.argv.slice(2);
const { recordChunks } = await import(dist + '/records/chunks/chunk-source.js');
const job = { kind: 'address', seed: 'bench-render', fictionalPhones: false, format, table: 'ours', jsonShape: 'array', count: Number(count) };
const out = openSync('/dev/null', 'w');
const before = process.cpuUsage(), started = performance.now();
for await (const chunk of recordChunks(job, 1)) writeSync(out, chunk.bytes);
const t = process.cpuUsage(before);
console.log(JSON.stringify({ cpu: (t.user + t.system) / 1e6, wall: (performance.now() - started) / 1000 }));
`;

type Result = { cpu: number; wall: number };
const builds: [string, string][] = [
  ['this tree', DIST],
  ...(BASELINE === undefined ? [] : [['baseline', BASELINE] as [string, string]]),
];
const scratch = mkdtempSync(join(tmpdir(), 'ussynth-bench-render-'));
const script = join(scratch, 'render-once.mjs');
writeFileSync(script, SCRIPT);
try {
  const results = new Map<string, Result[]>();
  const loads: number[] = [];
  for (let round = 1; round <= RUNS; round++) {
    for (const format of FORMATS) {
      // The builds' order alternates round by round, so neither always runs first.
      for (const [name, dist] of round % 2 === 0 ? [...builds].reverse() : builds) {
        loads.push(loadavg()[0]);
        const out = execFileSync(process.execPath, [script, dist, format, String(COUNT)], { encoding: 'utf8' });
        const result = JSON.parse(out.trim().split('\n').at(-1)!) as Result;
        const key = `${format} ${name}`;
        results.set(key, [...(results.get(key) ?? []), result]);
        process.stderr.write(
          `round ${round}: ${key}: ${result.cpu.toFixed(2)} s CPU, wall ${result.wall.toFixed(2)} s\n`,
        );
      }
    }
  }
  const lines = [
    `rendering ${COUNT.toLocaleString('en-US')} default records on one thread, median of ${RUNS} interleaved rounds, load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`,
    '',
  ];
  lines.push('| format | build | CPU s | wall s |', '|---|---|---:|---:|');
  for (const format of FORMATS) {
    for (const [name] of builds) {
      const runs = results.get(`${format} ${name}`)!;
      lines.push(
        `| ${format} | ${name} | ${median(runs.map((r) => r.cpu)).toFixed(2)} | ${median(runs.map((r) => r.wall)).toFixed(2)} |`,
      );
    }
  }
  if (BASELINE !== undefined) {
    lines.push('');
    for (const format of FORMATS) {
      const ratios = results
        .get(`${format} this tree`)!
        .map((run, i) => run.cpu / results.get(`${format} baseline`)![i].cpu);
      lines.push(
        `- ${format}: CPU, this tree / baseline: ${median(ratios).toFixed(3)} (rounds ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)})`,
      );
    }
  }
  console.log(lines.join('\n'));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
