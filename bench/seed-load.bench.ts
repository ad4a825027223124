// `npm run bench:seed-load`: a seed of three related tables (about 1,000,000 rows: customers of person records, their
// orders, their payments) into PostgreSQL against one `--to postgres` table of 1,000,000 person records, same run,
// interleaved, each the command line on the built code (`ussynth seed --schema FILE --to URL` against `ussynth address
// --count N --to URL`), one client thread each (--to's default for PostgreSQL).
// The server is the test helper's, durable (fsync on, as production runs it), on loopback; each run gets a fresh database.
// Reported: rows/s of each (median of the rounds) and the ratio seed/--to; the issue's target is >= 0.9; with the
// client's CPU (bash's `time` of the process) and the server's (PostgreSQL's processes, from /proc) per run.
// BENCH_SCALE=0.1 scales every count (a quick look); BENCH_RUNS (default 3) rounds.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.js';
import { childrenOf, processCpu, settled } from './process-cpu.js';
import { startPostgres } from '../test/infra/postgres-server.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BINARY = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const SINGLE_ROWS = Math.round(1_000_000 * SCALE);

/** The seed's schema file: 250,000 customers, 1-3 orders each (about 500,000), 0-1 payment per order (about 250,000). */
const SCHEMA = {
  tables: {
    customers: {
      kind: 'person',
      count: Math.round(250_000 * SCALE),
      columns: {
        id: 'uuid',
        name: 'name',
        street: 'street',
        city: 'city',
        state: 'state',
        zip: 'zip',
        phone: 'phone',
        email: 'email',
        country: 'country',
      },
    },
    orders: {
      kind: 'plain',
      count: { per: 'customers', min: 1, max: 3 },
      columns: {
        id: 'uuid',
        customer_id: '-> customers.id',
        status: 'pick:placed=6,shipped=3,returned=1',
        total: 'decimal:1.00..500.00',
        ordered_at: 'timestamp:2023-01-01T00:00:00Z..2025-12-31T23:59:59Z',
      },
    },
    payments: {
      kind: 'plain',
      count: { per: 'orders', min: 0, max: 1 },
      columns: {
        id: 'uuid',
        order_id: '-> orders.id',
        amount: 'decimal:1.00..500.00',
        paid_on: 'date:2023-01-01..2025-12-31',
      },
    },
  },
};

interface Run {
  seconds: number;
  out: string;
  err: string;
  clientCpu: number;
  serverCpu: number;
}

/** Runs a command under bash's `time`; resolves its wall time, standard output, its CPU and the server's. */
function timed(serverPid: number, file: string, args: string[]): Promise<Run> {
  const quote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;
  const children = childrenOf(serverPid);
  const serverBefore = processCpu(serverPid);
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const command = [file, ...args].map(quote).join(' ');
    const child = spawn('bash', ['-c', `TIMEFORMAT='cpu: %U %S'; time ( ${command} )`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (data) => (out += data));
    child.stderr.on('data', (data) => (err += data));
    child.on('error', reject);
    child.on('close', async (code) => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      if (code !== 0) return reject(new Error(`${command} exited with ${code}: ${err}`));
      await settled(serverPid, children);
      const cpu = /cpu: ([0-9.]+) ([0-9.]+)/.exec(err);
      resolve({
        seconds,
        out,
        err,
        clientCpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : Number.NaN,
        serverCpu: processCpu(serverPid) - serverBefore,
      });
    });
  });
}

const cpuText = (run: Run): string =>
  `client CPU ${run.clientCpu.toFixed(1)} s, server CPU ${run.serverCpu.toFixed(1)} s`;

async function main(): Promise<void> {
  const postgres = await startPostgres({ durable: true });
  const serverPid = Number(
    execFileSync('pgrep', ['-o', '-f', `postgres -D .* -p ${postgres.port} `], { encoding: 'utf8' }).trim(),
  );
  const folder = mkdtempSync(join(tmpdir(), 'ussynth-seed-bench-'));
  const schemaFile = join(folder, 'bench.seed.json');
  writeFileSync(schemaFile, JSON.stringify(SCHEMA, null, 2));
  const seedRates: number[] = [];
  const singleRates: number[] = [];
  let seedRows = 0;
  try {
    for (let round = 0; round < RUNS; round++) {
      // Alternating which goes first: a machine that grows busier during a round favours neither.
      const cases = [
        async () => {
          const url = postgres.createDatabase(`seed${round}`);
          const run = await timed(serverPid, process.execPath, [
            BINARY,
            'seed',
            '--schema',
            schemaFile,
            '--seed',
            'bench-seed',
            '--to',
            url,
          ]);
          // "loaded N rows into customers, M rows into orders, ... in S s" on standard error.
          const loaded = Object.fromEntries(
            [...run.err.matchAll(/([0-9]+) rows into ([a-z]+)/g)].map((m) => [m[2], Number(m[1])]),
          );
          seedRows = Object.values(loaded).reduce((a, b) => a + b, 0);
          seedRates.push(seedRows / run.seconds);
          console.log(
            `round ${round + 1} seed: ${JSON.stringify(loaded)} in ${run.seconds.toFixed(2)} s; ${cpuText(run)}`,
          );
        },
        async () => {
          const url = postgres.createDatabase(`single${round}`);
          const run = await timed(serverPid, process.execPath, [
            BINARY,
            'address',
            '--seed',
            'bench-seed',
            '--count',
            String(SINGLE_ROWS),
            '--to',
            url,
            '--table',
            'people',
          ]);
          singleRates.push(SINGLE_ROWS / run.seconds);
          console.log(`round ${round + 1} --to: ${SINGLE_ROWS} rows in ${run.seconds.toFixed(2)} s; ${cpuText(run)}`);
        },
      ];
      if (round % 2 === 1) cases.reverse();
      for (const run of cases) await run();
    }
  } finally {
    postgres.destroy();
    rmSync(folder, { recursive: true, force: true });
  }
  const seed = median(seedRates);
  const single = median(singleRates);
  console.log(`seed of three tables: ${seedRows} rows, ${Math.round(seed)} rows/s (median of ${RUNS})`);
  console.log(`--to postgres, one table: ${SINGLE_ROWS} rows, ${Math.round(single)} rows/s (median of ${RUNS})`);
  console.log(`ratio seed / --to: ${(seed / single).toFixed(2)} (target >= 0.9)`);
}

await main();
