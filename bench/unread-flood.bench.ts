// A normal client's latency while one key floods the API with pipelined requests it never reads (issue 22, item 4).
// Run: npm run bench:flood   (BENCH_ATTACKERS=300 BENCH_PIPELINED=100 BENCH_SECONDS=10 by default)
// The server (`ussynth serve`, real SQLite store) runs in its own process; the attacking connections (raw sockets,
// each writing BENCH_PIPELINED x GET /v1/batch?count=1000 at once and never reading) and the normal client (another
// key, one GET /v1/batch?count=10 after another) run in this one. The normal client is measured first alone, then
// during the attack, for BENCH_SECONDS each: on a shared machine the first row says what the machine gave.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pacedConnection, pipelined } from '../server/test/raw-http.js';
import { keysCreate, serve, serverEnv, usedBy } from '../server/test/serve-process.js';

const ATTACKERS = Number(process.env.BENCH_ATTACKERS ?? 300);
const PIPELINED = Number(process.env.BENCH_PIPELINED ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

const dir = mkdtempSync(join(tmpdir(), 'ussynth-flood-'));
const options = { env: serverEnv(join(dir, 'store.sqlite')) };
const attackerKey = keysCreate(options, 'flood', 100_000, 1e12);
const normalKey = keysCreate(options, 'normal', 100_000, 1e12);
const server = await serve(options, '--no-dev-key');
const pid = server.child.pid!;
const sockets: { destroy(): void }[] = [];
try {
  for (let i = 0; i < 20; i++)
    await (await fetch(`${server.url}/v1/batch?count=1000`, { headers: { 'x-api-key': normalKey } })).arrayBuffer();
  const baseline = rssMb(pid);
  let peak = baseline;
  const normal = async (): Promise<{
    answers: number;
    failed: number;
    p50: number;
    p99: number;
    max: number;
    perSecond: string;
  }> => {
    const latencies: number[] = [];
    const slowest = Array<number>(SECONDS).fill(0);
    let failed = 0;
    const started = performance.now();
    const until = started + SECONDS * 1000;
    while (performance.now() < until) {
      const sent = performance.now();
      const response = await fetch(`${server.url}/v1/batch?count=10`, { headers: { 'x-api-key': normalKey } });
      await response.arrayBuffer();
      if (response.status !== 200) failed++;
      const took = performance.now() - sent;
      latencies.push(took);
      const second = Math.min(SECONDS - 1, Math.floor((sent - started) / 1000));
      slowest[second] = Math.max(slowest[second], took);
      peak = Math.max(peak, rssMb(pid));
    }
    latencies.sort((a, b) => a - b);
    const perSecond = slowest.map((ms) => ms.toFixed(0)).join(', ');
    return {
      answers: latencies.length,
      failed,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies[latencies.length - 1],
      perSecond,
    };
  };
  const load = loadavg()[0];
  const alone = await normal();
  const cpuBefore = cpuSeconds(pid);
  const attack = pipelined('/v1/batch?count=1000', attackerKey, PIPELINED);
  const opened = Promise.all(Array.from({ length: ATTACKERS }, () => pacedConnection(server.port, attack, 0)));
  const during = await normal();
  for (const connection of await opened) sockets.push(connection.socket);
  const cpu = cpuSeconds(pid) - cpuBefore;
  const charged = usedBy(options, 'flood');
  const row = (name: string, r: typeof alone) =>
    `| ${name} | ${r.answers} (${r.failed} not 200) | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.perSecond} |`;
  console.log(
    `\nUnread flood: ${ATTACKERS} connections x ${PIPELINED} pipelined GET /v1/batch?count=1000 of one key, never read; node ${process.version}; load average ${load.toFixed(1)} at the start\n`,
  );
  console.log(
    '| normal client, GET /v1/batch?count=10 one after another | answers | p50 ms | p99 ms | max ms | slowest in each second, ms |',
  );
  console.log('|---|---|---|---|---|---|');
  console.log(row(`alone, ${SECONDS} s`, alone));
  console.log(row(`during the attack, ${SECONDS} s`, during));
  console.log(
    `\nServer RSS ${baseline.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most; server CPU during the attack ${cpu.toFixed(1)} s; attacker charged ${charged.toLocaleString('en-US')} records (asked for ${(ATTACKERS * PIPELINED * 1000).toLocaleString('en-US')}, read 0 bytes).`,
  );
} finally {
  for (const socket of sockets) socket.destroy();
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
}
