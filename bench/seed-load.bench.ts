// `npm run bench:seed-load`: a seed of three related tables (about 1,000,000 rows: customers of person records, their
// orders, their payments) into PostgreSQL against one `--to postgres` table of 1,000,000 person records, same run,
// interleaved, each the command line on the built code (`ussynth seed --schema FILE --to URL` against `ussynth address
// --count N --to URL`), one client thread each (--to's default for PostgreSQL).
// Four more seeds in the same rounds tell what relating the tables, the keys and the typed columns cost: one table of
// 1,000,000 customers with the same UUID primary key, the same one table without a key, the three tables' columns
// and types without keys (nor references: a reference always makes a FOREIGN KEY), and the three related tables'
// seed itself into the same tables created beforehand without keys (`--append`).
// The server is the test helper's, durable (fsync on, as production runs it), on loopback; each run gets a fresh database.
// Reported: rows/s of each (median of the rounds), the ratio seed/--to (the issue's target is >= 0.9) and the ratios
// between the contenders; with the client's CPU (bash's `time` of the process) and the server's (PostgreSQL's
// processes, from /proc) per run.
// BENCH_SCALE=0.1 scales every count (a quick look); BENCH_RUNS (default 3) rounds.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.js';
import { childrenOf, processCpu, settled } from './process-cpu.js';
import { planSchemaFile } from '../src/seed/schema-file-plan.js';
import { schemaTableSql } from '../src/seed/schema-ddl.js';
import { psqlRun, startPostgres } from '../test/infra/postgres-server.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BINARY = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const SINGLE_ROWS = Math.round(1_000_000 * SCALE);

/** The customers' columns without `id` (the key or not is each contender's). */
const PERSON_COLUMNS = {
  name: 'name',
  street: 'street',
  city: 'city',
  state: 'state',
  zip: 'zip',
  phone: 'phone',
  email: 'email',
  country: 'country',
} as const;

/** The seed's schema file: 250,000 customers, 1-3 orders each (about 500,000), 0-1 payment per order (about 250,000). */
const SCHEMA = {
  tables: {
    customers: {
      kind: 'person',
      count: Math.round(250_000 * SCALE),
      columns: { id: 'uuid', ...PERSON_COLUMNS },
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

/** One table of 1,000,000 person records with the customers' columns and types and its UUID primary key `id`. */
const ONE_TABLE_KEYED = {
  tables: { customers: { kind: 'person', count: SINGLE_ROWS, columns: { id: 'uuid', ...PERSON_COLUMNS } } },
};

/** The same one table without a key: a column not called `id` (nor named by `primaryKey`) is no primary key. */
const ONE_TABLE_KEYLESS = {
  tables: { customers: { kind: 'person', count: SINGLE_ROWS, columns: { uid: 'uuid', ...PERSON_COLUMNS } } },
};

/**
 * The three tables' columns and types without keys: a reference always makes a FOREIGN KEY, so the children's
 * parent columns are UUIDs of their own (same type, values unrelated) and the counts fixed (no per-parent count
 * without a reference), 250,000 + 500,000 + 250,000.
 */
const THREE_TABLES_KEYLESS = {
  tables: {
    customers: { kind: 'person', count: Math.round(250_000 * SCALE), columns: { uid: 'uuid', ...PERSON_COLUMNS } },
    orders: {
      kind: 'plain',
      count: Math.round(500_000 * SCALE),
      columns: {
        uid: 'uuid',
        customer_id: 'uuid',
        status: 'pick:placed=6,shipped=3,returned=1',
        total: 'decimal:1.00..500.00',
        ordered_at: 'timestamp:2023-01-01T00:00:00Z..2025-12-31T23:59:59Z',
      },
    },
    payments: {
      kind: 'plain',
      count: Math.round(250_000 * SCALE),
      columns: {
        uid: 'uuid',
        order_id: 'uuid',
        amount: 'decimal:1.00..500.00',
        paid_on: 'date:2023-01-01..2025-12-31',
      },
    },
  },
};

/**
 * The three related tables' CREATE TABLEs as the seed writes them, less the PRIMARY KEY and FOREIGN KEYs: tables the
 * seed then fills with `--append`, the same rows and references, with no key to build or check.
 */
function keylessTablesSql(): string {
  const plans = planSchemaFile(SCHEMA, () => '').tables;
  const byName = new Map(plans.map((table) => [table.table, table]));
  return plans
    .map((table) =>
      schemaTableSql('postgres', { ...table, primaryKey: undefined }, byName).replace(/,\n {2}FOREIGN KEY[^\n]*/g, ''),
    )
    .join(';\n');
}

interface Run {
  seconds: number;
  out: string;
  err: string;
  clientCpu: number;
  serverCpu: number;
}

/** One contender's runs: its rows, wall time and CPU per round. */
interface Contender {
  label: string;
  rows: number[];
  runs: Run[];
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
  const schemaFile = (name: string, schema: unknown): string => {
    const file = join(folder, `${name}.seed.json`);
    writeFileSync(file, JSON.stringify(schema, null, 2));
    return file;
  };
  const files = {
    seed: schemaFile('three-related', SCHEMA),
    oneKeyed: schemaFile('one-keyed', ONE_TABLE_KEYED),
    oneKeyless: schemaFile('one-keyless', ONE_TABLE_KEYLESS),
    threeKeyless: schemaFile('three-keyless', THREE_TABLES_KEYLESS),
  };
  const contender = (label: string): Contender => ({ label, rows: [], runs: [] });
  const seed = contender('seed, three related tables');
  const oneKeyed = contender('seed, one table, UUID primary key');
  const threeKeyless = contender('seed, three tables, no keys');
  const oneKeyless = contender('seed, one table, no key');
  const relatedKeyless = contender('seed, three related tables into keyless tables');
  const single = contender('--to postgres, one table');
  /** `ussynth seed` of a schema file into a fresh database; its rows from "loaded N rows into T, ..." on stderr. */
  const seedCase = (who: Contender, file: string, database: string, keyless?: string) => async (round: number) => {
    const url = postgres.createDatabase(`${database}${round}`);
    if (keyless !== undefined) psqlRun(url, ['-c', keyless]);
    const run = await timed(serverPid, process.execPath, [
      BINARY,
      'seed',
      '--schema',
      file,
      '--seed',
      'bench-seed',
      '--to',
      url,
      ...(keyless === undefined ? [] : ['--append']),
    ]);
    const loaded = Object.fromEntries(
      [...run.err.matchAll(/([0-9]+) rows into ([a-z]+)/g)].map((m) => [m[2], Number(m[1])]),
    );
    const rows = Object.values(loaded).reduce((a, b) => a + b, 0);
    who.rows.push(rows);
    who.runs.push(run);
    console.log(
      `round ${round + 1} ${who.label}: ${JSON.stringify(loaded)} in ${run.seconds.toFixed(2)} s; ${cpuText(run)}`,
    );
  };
  const cases = [
    seedCase(seed, files.seed, 'seed'),
    seedCase(oneKeyed, files.oneKeyed, 'onekeyed'),
    seedCase(threeKeyless, files.threeKeyless, 'threekeyless'),
    seedCase(oneKeyless, files.oneKeyless, 'onekeyless'),
    seedCase(relatedKeyless, files.seed, 'relatedkeyless', keylessTablesSql()),
    async (round: number) => {
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
      single.rows.push(SINGLE_ROWS);
      single.runs.push(run);
      console.log(`round ${round + 1} --to: ${SINGLE_ROWS} rows in ${run.seconds.toFixed(2)} s; ${cpuText(run)}`);
    },
  ];
  try {
    for (let round = 0; round < RUNS; round++) {
      // Alternating the order: a machine that grows busier during a round favours none of them.
      const order = round % 2 === 1 ? [...cases].reverse() : cases;
      for (const run of order) await run(round);
    }
  } finally {
    postgres.destroy();
    rmSync(folder, { recursive: true, force: true });
  }
  const rates = (who: Contender): number[] => who.runs.map((run, i) => who.rows[i] / run.seconds);
  const range = (values: number[], digits: number): string =>
    `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;
  const all = [seed, oneKeyed, threeKeyless, oneKeyless, relatedKeyless, single];
  for (const who of all)
    console.log(
      `${who.label}: ${who.rows[0]} rows, ${Math.round(median(rates(who)))} rows/s (median of ${RUNS}); wall ${range(
        who.runs.map((r) => r.seconds),
        2,
      )} s, client CPU ${range(
        who.runs.map((r) => r.clientCpu),
        1,
      )} s, server CPU ${range(
        who.runs.map((r) => r.serverCpu),
        1,
      )} s`,
    );
  /** Medians' ratio of rows/s, with the same ratio round by round. */
  const ratio = (a: Contender, b: Contender): string => {
    const byRound = rates(a).map((rate, i) => rate / rates(b)[i]);
    return `${(median(rates(a)) / median(rates(b))).toFixed(2)} (round by round ${range(byRound, 2)})`;
  };
  console.log(`ratio seed / --to: ${ratio(seed, single)}; target >= 0.9`);
  console.log(`three related tables / one table with the same key: ${ratio(seed, oneKeyed)}`);
  console.log(`three related tables / the three tables without keys: ${ratio(seed, threeKeyless)}`);
  console.log(`three related tables / the same into keyless tables (the keys): ${ratio(seed, relatedKeyless)}`);
  console.log(
    `related into keyless tables / the three tables without keys (relating): ${ratio(relatedKeyless, threeKeyless)}`,
  );
  console.log(`related into keyless tables / --to: ${ratio(relatedKeyless, single)}`);
  console.log(`one table with its UUID primary key / without: ${ratio(oneKeyed, oneKeyless)}`);
  console.log(`one table with the key / --to: ${ratio(oneKeyed, single)}`);
  console.log(`three tables without keys / --to: ${ratio(threeKeyless, single)}`);
  console.log(`one table without a key (typed columns) / --to: ${ratio(oneKeyless, single)}`);
}

await main();
