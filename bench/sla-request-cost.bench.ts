// What the SLA's counting costs a whole request, end to end (issue 38: at most 2 %). Two servers of the same build,
// each a process of its own on a SQLite store of its own, started through bench/sla-ab-server.mjs: one counts as
// shipped, the other has the counting replaced by a no-op behind the same interface (startServer's `replace`). They
// are measured in pairs on one /v1 route: both at the same time by default (the same seconds of a shared machine for
// both: on a loaded machine the load moves from one second to the next, and a pair taken one after the other
// measures that too), or one after the other with BENCH_TOGETHER=0 (the order alternating). Each pair gives the ratio
// of the servers' CPU time per request (the scheduler's count from /proc, to the ns: what a request costs the server
// whatever the client got, steadier than req/s) and of their req/s, shown as the median of the pairs with its
// distribution-free 95 % interval. The verdict stands on the blocks (every block starts both processes afresh): the
// mean of the blocks' medians and its 95 % Student t interval: CONFIRMED when the whole interval is at most 2 %, NOT
// MET when it is all above, else NOT RESOLVED (more blocks or a quieter machine).
// Run: npm run bench:sla-server   (BENCH_PAIRS=100 BENCH_BLOCKS=10 BENCH_SECONDS=2 BENCH_CONNECTIONS=10 BENCH_ROUTE=/v1/zip/10001;
// BENCH_RATE=N holds each server at N req/s instead of as fast as it answers; BENCH_AA=1 makes both servers count:
// the method's own noise, whose interval should hold 0 %)
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { median } from './measure.js';
import { cpuNs, createBenchKey, startServerProcess, stopServerProcesses } from './server-process.js';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUTE = process.env.BENCH_ROUTE ?? '/v1/zip/10001';
const AA = process.env.BENCH_AA === '1';
const TOGETHER = process.env.BENCH_TOGETHER !== '0';
const RATE = Number(process.env.BENCH_RATE ?? 0);
const BLOCKS = Math.min(Number(process.env.BENCH_BLOCKS ?? 10), PAIRS);
const LIMIT = 0.02;
/** Student's t for a two-sided 95 % interval, by degrees of freedom 1-30 (2.0 above: a little wide). */
const T_975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];

const load = () => loadavg().map((figure) => figure.toFixed(1)).join(' ');
const loadAtStart = load();
const dir = mkdtempSync(join(tmpdir(), 'ussynth-sla-ab-'));
const variants = [
  { name: 'counted', variant: 'counted' },
  { name: AA ? 'counted (A/A)' : 'uncounted', variant: AA ? 'counted' : 'uncounted' },
];
const servers: { name: string; key: string; child: ChildProcess; url: string; log: string }[] = [];
// Stopped and started afresh between blocks of pairs, in turn: on a shared machine the first of two processes
// started, or of two clients started at once, can be served better all along (an A/A run of one block measured
// -1.3 %, interval -1.6 % to -0.9 %), so the start order alternates by block and the clients' order by pair; and two
// processes of the same code differ by a few per cent from start to start (block medians from -3.8 % to +3.5 % in
// one run of 10 blocks), so the more blocks the better (each costs about 8 s of start and warm-up).
const stop = async () => {
  await stopServerProcesses(servers.map((server) => server.child));
  servers.length = 0;
};
try {
  const stores = [];
  for (const i of variants.keys()) {
    const env = { USSYNTH_DB: join(dir, `store-${i}.sqlite`), PORT: '0', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' };
    stores.push({ env, key: await createBenchKey('bench', env) });
  }
  const run = async (server: (typeof servers)[number], seconds: number) => {
    const pid = server.child.pid!;
    const before = cpuNs(pid);
    const result = await autocannon({ url: server.url + ROUTE, connections: CONNECTIONS, duration: seconds, ...(RATE > 0 ? { overallRate: RATE } : {}), headers: { 'x-api-key': server.key } });
    const after = cpuNs(pid);
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${server.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    if (before === null || after === null) throw new Error('no /proc/<pid>/task/*/schedstat: the CPU time of a process is read from Linux /proc');
    return { rps: result.requests.average, cpuUs: (after - before) / 1000 / result.requests.total };
  };
  const cpuRatios: number[] = [];
  const blockOf: number[] = [];
  const rpsRatios: number[] = [];
  const cpuUs: number[][] = [[], []];
  for (let pair = 0; pair < PAIRS; pair++) {
    const block = Math.floor((pair * BLOCKS) / PAIRS);
    if (pair === 0 || block !== Math.floor(((pair - 1) * BLOCKS) / PAIRS)) {
      await stop();
      for (const i of block % 2 === 0 ? [0, 1] : [1, 0]) {
        const { env, key } = stores[i];
        servers[i] = { name: variants[i].name, key, ...(await startServerProcess(dir, `server-${i}`, ['bench/sla-ab-server.mjs', variants[i].variant], env)) };
      }
      // Warm-up (JIT, caches, the store's first folds).
      for (const server of servers) await run(server, 3);
    }
    const order = pair % 2 === 0 ? [0, 1] : [1, 0];
    const got: { rps: number; cpuUs: number }[] = [];
    if (TOGETHER) await Promise.all(order.map(async (i) => (got[i] = await run(servers[i], SECONDS))));
    else for (const i of order) got[i] = await run(servers[i], SECONDS);
    cpuRatios.push(got[0].cpuUs / got[1].cpuUs);
    blockOf.push(block);
    rpsRatios.push(got[1].rps / got[0].rps);
    cpuUs[0].push(got[0].cpuUs);
    cpuUs[1].push(got[1].cpuUs);
    process.stderr.write(`block ${block + 1}, pair ${pair + 1}/${PAIRS}: CPU ${got[0].cpuUs.toFixed(1)} / ${got[1].cpuUs.toFixed(1)} µs = ${cpuRatios[pair].toFixed(3)}, req/s ${Math.round(got[0].rps)} / ${Math.round(got[1].rps)}\n`);
  }
  const pct = (ratio: number) => `${((ratio - 1) * 100).toFixed(2)} %`;
  const cpu = medianInterval(cpuRatios);
  const rps = medianInterval(rpsRatios);
  const sorted = [...cpuRatios].sort((a, b) => a - b);
  const quartiles = `${pct(sorted[Math.floor(sorted.length / 4)])} to ${pct(sorted[Math.floor((3 * sorted.length) / 4)])}`;
  console.log(`\nSLA counting's cost on ${ROUTE}: ${PAIRS} ${TOGETHER ? 'simultaneous' : 'alternating'} pairs of ${SECONDS} s in ${BLOCKS} blocks of fresh processes, ${CONNECTIONS} connections${RATE > 0 ? ` at ${RATE} req/s each` : ''}, node ${process.version}, load average ${loadAtStart} at start, ${load()} at end\n`);
  console.log(`| Measure | ${variants[0].name} | ${variants[1].name} | counting's cost: median of pairs | 95 % interval of the median | pairs' quartiles / range |`);
  console.log('|---|---:|---:|---:|---|---|');
  console.log(`| server CPU µs per request (medians) | ${median(cpuUs[0]).toFixed(1)} | ${median(cpuUs[1]).toFixed(1)} | ${pct(cpu.median)} | ${pct(cpu.low)} to ${pct(cpu.high)} | ${quartiles} / ${pct(sorted[0])} to ${pct(sorted[sorted.length - 1])} |`);
  console.log(`| throughput lost (req/s of ${variants[1].name} / counted) | | | ${pct(rps.median)} | ${pct(rps.low)} to ${pct(rps.high)} | |`);
  // Pairs of one block share their two processes, and two processes of the same code differ by a few per cent, so
  // the verdict stands on the blocks: the mean of their medians with its 95 % Student t interval.
  const blocks = Array.from({ length: BLOCKS }, (_, block) => median(cpuRatios.filter((_, pair) => blockOf[pair] === block)));
  const overBlocks = meanInterval(blocks);
  console.log(`\nEach block's median (fresh processes): ${blocks.map(pct).join(', ')}`);
  console.log(`Over the blocks: mean ${pct(overBlocks.mean)}, 95 % interval ${pct(overBlocks.low)} to ${pct(overBlocks.high)}`);
  const verdict = BLOCKS < 3 ? 'NOT RESOLVED' : overBlocks.high <= 1 + LIMIT ? 'CONFIRMED' : overBlocks.low > 1 + LIMIT ? 'NOT MET' : 'NOT RESOLVED';
  const why = {
    CONFIRMED: `the whole interval is at most ${LIMIT * 100} %`,
    'NOT MET': `the whole interval is above ${LIMIT * 100} %`,
    'NOT RESOLVED': BLOCKS < 3 ? 'too few blocks for an interval (BENCH_BLOCKS of 3 or more)' : `the interval straddles ${LIMIT * 100} %: rerun on a quieter machine or with more blocks (BENCH_BLOCKS, BENCH_PAIRS)`,
  }[verdict];
  console.log(`\nVerdict${AA ? ' (A/A: both servers count; the interval should hold 0 %)' : ''}: ${verdict}: SLA counting costs ${pct(overBlocks.mean)} of a request's server CPU (95 % interval over ${BLOCKS} blocks ${pct(overBlocks.low)} to ${pct(overBlocks.high)}); ${why}.`);
} finally {
  await stop();
  rmSync(dir, { recursive: true, force: true });
}

/** The mean of `values` (at least 2) and its 95 % Student t interval. */
function meanInterval(values: number[]): { mean: number; low: number; high: number } {
  const n = values.length;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  const sd = Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1));
  const half = (T_975[n - 2] ?? 2.0) * (sd / Math.sqrt(n));
  return { mean, low: mean - half, high: mean + half };
}

/**
 * The median of `values` and a distribution-free 95 % confidence interval for it: the order statistics k and n+1-k,
 * with k the largest for which P(Binomial(n, 1/2) < k) <= 2.5 % (the sign test's interval).
 */
function medianInterval(values: number[]): { median: number; low: number; high: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  let k = 0;
  let below = 0;
  let term = 0.5 ** n; // P(B = 0)
  for (let j = 0; j < n; j++) {
    if (below + term > 0.025) break;
    below += term;
    k = j + 1;
    term = (term * (n - j)) / (j + 1);
  }
  const low = sorted[Math.max(0, k - 1)];
  const high = sorted[Math.min(n - 1, n - Math.max(k, 1))];
  return { median: median(sorted), low, high };
}
