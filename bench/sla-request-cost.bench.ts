// What the SLA's counting costs a whole request, end to end (issue 38: at most 2 % of the API's throughput), with the
// method's own error measured in the same run. Each block starts three fresh server processes of the same build, each
// on a SQLite store of its own, through bench/sla-ab-server.mjs: two count as shipped (A and its twin A'), one has the
// counting replaced by a no-op behind the same interface (B, startServer's `replace`). They are loaded one at a time
// on one /v1 route, on the same CPU (taskset: the servers on the last CPU, this process, the load generator, on CPU 0),
// after a warm-up, in rounds of one short slice each, the order going through all six orders. A slice's figure is the
// server's CPU time per request (the scheduler's count from /proc, to the ns: on a CPU of its own a saturated server's
// throughput is its inverse) and the req/s the client got. Per round: A/B = the geometric mean of A and A' over B, A/A = A' over A. Each block gives
// the median of its rounds; the verdict stands on the blocks (fresh processes differ from start to start), as the
// mean of the blocks' medians with its 95 % Student t interval, for A/B and for A/A. The A/A mean is a difference the
// method shows between identical servers, so it is added to the A/B interval as a margin on either side:
//   CONFIRMED when the A/B interval's upper end + |A/A mean| is at most 2 %; NOT MET when its lower end - |A/A mean|
//   is above 2 %; else NOT RESOLVED. The A/A interval's half-width (the method's noise) is printed with it.
// Run: npm run bench:sla-server   (BENCH_BLOCKS=10 BENCH_ROUNDS=12 BENCH_SECONDS=1 BENCH_WARMUP=8 BENCH_CONNECTIONS=10
// BENCH_ROUTE=/v1/zip/10001; BENCH_PIN=0 lets the scheduler place the processes)
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { median } from './measure.js';
import { cpuNs, createBenchKey, pinThisProcess, startServerProcess, stopServerProcesses } from './server-process.js';

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUTE = process.env.BENCH_ROUTE ?? '/v1/zip/10001';
const LIMIT = 0.02;
/** Student's t for a two-sided 95 % interval, by degrees of freedom 1-30 (2.0 above: a little wide). */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

// Pinned, the load generator never shares a CPU with the server it measures and every server runs on the same CPU:
// left to the scheduler, a server sometimes shares a core with the client for a whole block and pays for it.
const cpus = availableParallelism();
const pinned = process.env.BENCH_PIN !== '0' && cpus >= 2 && pinThisProcess('0');
const serverCpu = pinned ? String(cpus - 1) : undefined;

const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(1))
    .join(' ');
const loadAtStart = load();
const startedAt = new Date();
const dir = mkdtempSync(join(tmpdir(), 'ussynth-sla-ab-'));
const variants = [
  { name: 'A (counts)', variant: 'counted' },
  { name: "A' (counts)", variant: 'counted' },
  { name: 'B (no-op)', variant: 'uncounted' },
] as const;
let children: ChildProcess[] = [];
try {
  const stores = [];
  for (const i of variants.keys()) {
    const env = {
      USSYNTH_DB: join(dir, `store-${i}.sqlite`),
      PORT: '0',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    };
    stores.push({ env, key: await createBenchKey('bench', env) });
  }
  /** Loads one server for `seconds`: its CPU µs per request and the req/s the client got. */
  const run = async (server: { child: ChildProcess; url: string; key: string; name: string }, seconds: number) => {
    const pid = server.child.pid!;
    const before = cpuNs(pid);
    const result = await autocannon({
      url: server.url + ROUTE,
      connections: CONNECTIONS,
      duration: seconds,
      headers: { 'x-api-key': server.key },
    });
    const after = cpuNs(pid);
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${server.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    if (before === null || after === null)
      throw new Error('no /proc/<pid>/task/*/schedstat: the CPU time of a process is read from Linux /proc');
    return { cpuUs: (after - before) / 1000 / result.requests.total, rps: result.requests.total / seconds };
  };
  /** The order of the three servers in round `r`, through all six orders in turn: each server as often first, second
   * and last, and after each of the others (a rotation alone would always run A' after A, B after A' and A after B:
   * an A/A run measured A' 3.4 % dearer than A, and one server's work after its slice may weigh on the next one). */
  const orders = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [0, 2, 1],
    [2, 1, 0],
    [1, 0, 2],
  ];
  const rotation = (r: number) => orders[r % orders.length];
  const blockAB: number[] = [];
  const blockAA: number[] = [];
  const blockRps: number[] = [];
  const cpuUs: number[][] = [[], [], []];
  for (let block = 0; block < BLOCKS; block++) {
    const servers = [];
    for (const i of rotation(block)) {
      const started = await startServerProcess(
        dir,
        `server-${block}-${i}`,
        ['bench/sla-ab-server.mjs', variants[i].variant],
        stores[i].env,
        [],
        serverCpu,
      );
      servers[i] = { ...started, key: stores[i].key, name: variants[i].name };
    }
    children = servers.map((server) => server.child);
    // Warm-up: a fresh server costs 2-6 times as much a request in its first seconds (JIT tiers, the heap growing,
    // the data's first touches) and settles after 5-10 s of load; slices of 2 s in rotating order.
    for (let w = 0; w < Math.ceil(WARMUP / 2); w++) for (const i of rotation(w)) await run(servers[i], 2);
    const ab: number[] = [];
    const aa: number[] = [];
    const rps: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const got: { cpuUs: number; rps: number }[] = [];
      for (const i of rotation(round + 2 * block)) got[i] = await run(servers[i], SECONDS);
      ab.push(Math.sqrt(got[0].cpuUs * got[1].cpuUs) / got[2].cpuUs);
      aa.push(got[1].cpuUs / got[0].cpuUs);
      rps.push(got[2].rps / Math.sqrt(got[0].rps * got[1].rps));
      got.forEach((figure, i) => {
        cpuUs[i].push(figure.cpuUs);
      });
    }
    blockAB.push(median(ab));
    blockAA.push(median(aa));
    blockRps.push(median(rps));
    process.stderr.write(
      `block ${block + 1}/${BLOCKS}: A/B ${pct(blockAB[block])}, A/A ${pct(blockAA[block])}, throughput lost ${pct(blockRps[block])} (CPU µs A ${median(cpuUs[0].slice(-ROUNDS)).toFixed(1)}, A' ${median(cpuUs[1].slice(-ROUNDS)).toFixed(1)}, B ${median(cpuUs[2].slice(-ROUNDS)).toFixed(1)}; load ${load()})\n`,
    );
    await stopServerProcesses(children);
    children = [];
  }

  const ab = meanInterval(blockAB);
  const aa = meanInterval(blockAA);
  const rps = meanInterval(blockRps);
  const aaHalf = (aa.high - aa.low) / 2;
  const margin = Math.abs(aa.mean - 1);
  const verdict =
    BLOCKS < 3
      ? 'NOT RESOLVED'
      : ab.high + margin <= 1 + LIMIT
        ? 'CONFIRMED'
        : ab.low - margin > 1 + LIMIT
          ? 'NOT MET'
          : 'NOT RESOLVED';
  const bound = `A/B upper end + |A/A mean| = ${pct(ab.high + margin)}, lower end - |A/A mean| = ${pct(ab.low - margin)}`;
  const why =
    BLOCKS < 3
      ? 'too few blocks for an interval (BENCH_BLOCKS of 3 or more)'
      : verdict === 'CONFIRMED'
        ? `${bound}: at most ${LIMIT * 100} %`
        : verdict === 'NOT MET'
          ? `${bound}: the whole interval is above ${LIMIT * 100} %`
          : `${bound}: straddles ${LIMIT * 100} %; rerun on a quieter machine or with more blocks (BENCH_BLOCKS)`;
  const minutes = ((Date.now() - startedAt.getTime()) / 60_000).toFixed(1);
  const when = `${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${minutes} min`;
  const setup = `${BLOCKS} blocks of 3 fresh processes, ${ROUNDS} rounds of ${SECONDS} s slices after ${WARMUP} s of warm-up each, ${CONNECTIONS} connections, ${pinned ? `servers on CPU ${serverCpu}, client on CPU 0` : 'not pinned'}`;
  console.log(
    `\nSLA counting's cost on ${ROUTE}: ${setup}; node ${process.version}; ${when}; load average ${loadAtStart} at start, ${load()} at end\n`,
  );
  console.log(`Blocks' medians, A/B (counting's cost in server CPU per request): ${blockAB.map(pct).join(', ')}`);
  console.log(`Blocks' medians, A/A (the method's own error):                    ${blockAA.map(pct).join(', ')}`);
  console.log(`Blocks' medians, throughput lost (B's req/s over A's and A''s):     ${blockRps.map(pct).join(', ')}\n`);
  console.log(
    "| Run | load average | CPU µs per request A / A' / B (medians) | A/B: mean of blocks, 95 % interval | A/A: mean of blocks, 95 % interval | throughput lost: mean, 95 % interval | verdict |",
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| ${when}, ${setup} | ${loadAtStart.split(' ')[0]} -> ${load().split(' ')[0]} | ${cpuUs.map((values) => median(values).toFixed(1)).join(' / ')} | **${pct(ab.mean)}**, ${pct(ab.low)} to ${pct(ab.high)} | ${pct(aa.mean)}, ${pct(aa.low)} to ${pct(aa.high)} | ${pct(rps.mean)}, ${pct(rps.low)} to ${pct(rps.high)} | **${verdict}** |`,
  );
  console.log(
    `\nVerdict: ${verdict}: SLA counting costs ${pct(ab.mean)} of a request's server CPU (95 % interval over ${BLOCKS} blocks ${pct(ab.low)} to ${pct(ab.high)}; A/A ${pct(aa.mean)}, ${pct(aa.low)} to ${pct(aa.high)}, the method's noise ±${(aaHalf * 100).toFixed(2)} %); ${why}.`,
  );
} finally {
  await stopServerProcesses(children);
  rmSync(dir, { recursive: true, force: true });
}

/** A ratio as a signed percentage: 1.0123 -> "+1.23 %". */
function pct(ratio: number): string {
  const figure = (ratio - 1) * 100;
  return `${figure >= 0 ? '+' : ''}${figure.toFixed(2)} %`;
}

/** The mean of `values` (at least 2) and its 95 % Student t interval. */
function meanInterval(values: number[]): { mean: number; low: number; high: number } {
  const n = values.length;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  const sd = Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1));
  const half = (T_975[n - 2] ?? 2.0) * (sd / Math.sqrt(n));
  return { mean, low: mean - half, high: mean + half };
}
