// A normal client's latency while two keys flood the API with batches of the widest field list (issue 46, item 7),
// against the same flood of default batches, in the same run; and what each charged record of quota costs the server.
// Run: npm run bench:wide-flood   (BENCH_FLOODERS=4 connections per key, BENCH_SECONDS=10 per phase by default)
// BENCH_BASE=/path/to/other/checkout/server/dist/cli/main.js also runs every phase against that build's server (the
// same store schema), after this one's: the build before issue 46's change, say.
// The server (`ussynth serve`, real SQLite store, the machine's default batch threads: none on 2 cores) runs in its
// own process; the flooding clients (each reads every answer whole, one request after another) and the normal client
// (another key, one GET /v1/batch?count=10 after another) run in this one.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMs, startServerProcess } from './server-process.js';
import { keysCreate, serverEnv, usedBy, BIN } from '../server/test/serve-process.js';
import { WIDE_FIELDS } from '../server/test/wide-fields.js';

const FLOODERS = Number(process.env.BENCH_FLOODERS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BUILDS: [string, string][] = [['this build', BIN]];
if (process.env.BENCH_BASE) BUILDS.push(['BENCH_BASE', process.env.BENCH_BASE]);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

interface Phase {
  answers: number;
  p50: number;
  p99: number;
  max: number;
  cpuMs: number;
  failed: number;
  floodAnswers: number;
  floodFailed: number;
  floodUnits: number;
}

const rows: string[] = [];
console.log(
  `\nWide-fields flood: 2 keys x ${FLOODERS} connections, one batch after another, read whole; ${SECONDS} s a phase; node ${process.version}; ${availableParallelism()} cores; load average ${loadavg()[0].toFixed(1)} at the start\n`,
);
for (const [build, bin] of BUILDS) {
  const dir = mkdtempSync(join(tmpdir(), 'ussynth-wide-flood-'));
  const options = { env: serverEnv(join(dir, 'store.sqlite')) };
  const flooders = [keysCreate(options, 'flood-a', 100_000, 1e12), keysCreate(options, 'flood-b', 100_000, 1e12)];
  const normalKey = keysCreate(options, 'normal', 100_000, 1e12);
  const server = await startServerProcess(dir, 'server', [bin, 'serve', '--no-dev-key'], options.env);
  const pid = server.child.pid!;
  const charged = () => usedBy(options, 'flood-a') + usedBy(options, 'flood-b');
  try {
    for (let i = 0; i < 20; i++)
      await (
        await fetch(`${server.url}/v1/batch?count=1000&fields=${WIDE_FIELDS}`, { headers: { 'x-api-key': normalKey } })
      ).arrayBuffer();
    const phase = async (path: string | null): Promise<Phase> => {
      const until = performance.now() + SECONDS * 1000;
      let floodAnswers = 0;
      let floodFailed = 0;
      let failed = 0;
      const flooding =
        path === null
          ? []
          : flooders.flatMap((key) =>
              Array.from({ length: FLOODERS }, async () => {
                while (performance.now() < until) {
                  // A connection that fails is counted and replaced (the row says how many): the flood goes on.
                  try {
                    const response = await fetch(server.url + path, { headers: { 'x-api-key': key } });
                    await response.arrayBuffer();
                    if (response.status === 200) floodAnswers++;
                    else floodFailed++;
                  } catch {
                    floodFailed++;
                  }
                }
              }),
            );
      const unitsBefore = charged();
      const cpuBefore = cpuMs(pid)!;
      const latencies: number[] = [];
      while (performance.now() < until) {
        const sent = performance.now();
        try {
          const response = await fetch(`${server.url}/v1/batch?count=10`, { headers: { 'x-api-key': normalKey } });
          await response.arrayBuffer();
          if (response.status !== 200) failed++;
        } catch {
          failed++;
        }
        latencies.push(performance.now() - sent);
      }
      await Promise.all(flooding);
      const cpu = cpuMs(pid)! - cpuBefore;
      latencies.sort((a, b) => a - b);
      return {
        answers: latencies.length,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        max: latencies[latencies.length - 1],
        cpuMs: cpu,
        failed,
        floodAnswers,
        floodFailed,
        floodUnits: charged() - unitsBefore,
      };
    };
    const alone = await phase(null);
    const plain = await phase('/v1/batch?count=1000');
    const wide = await phase(`/v1/batch?count=1000&fields=${WIDE_FIELDS}`);
    const row = (name: string, r: Phase, peer?: Phase) => {
      const perUnit = r.floodUnits > 0 ? (r.cpuMs / r.floodUnits) * 1000 : null;
      const peerPerUnit = peer && peer.floodUnits > 0 ? (peer.cpuMs / peer.floodUnits) * 1000 : null;
      const ratio = perUnit !== null && peerPerUnit !== null ? ` (${(perUnit / peerPerUnit).toFixed(2)}x)` : '';
      return `| ${build} | ${name} | ${r.answers} (${r.failed} failed) | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.floodAnswers} (${r.floodFailed} failed) | ${r.floodUnits.toLocaleString('en-US')} | ${perUnit === null ? '-' : perUnit.toFixed(0) + ratio} |`;
    };
    rows.push(
      row('alone', alone),
      row('default batches of 1000', plain),
      row('batches of 1000 with 64 wide fields', wide, plain),
    );
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(
  '| server | normal client, GET /v1/batch?count=10, during | answers | p50 ms | p99 ms | max ms | flood answers | quota charged | server CPU ms per 1,000 charged (x default) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
