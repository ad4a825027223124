// `npm run bench:load`: loading databases with `--to` against each database's own bulk loader, same run, interleaved.
// 1. PostgreSQL: `--to postgres://` (COPY through pg-copy-streams; one thread, and --jobs 2) against
//    `psql \copy` of the same rows from a ready CSV file, and against today's `--format sql | psql` (multi-row INSERTs);
//    `psql \copy` of the same rows as a COPY text file and as a COPY binary file: the server's cost of each format.
// 2. SQLite: `--to sqlite:` (its default: two threads on 2+ cores, a worker renders while the main thread inserts; and --jobs 1,
//    --jobs 3) against the sqlite3 shell's `.import --csv` of the same CSV.
// 3. MariaDB: `--to mysql://` against `LOAD DATA LOCAL INFILE` of the same CSV through the mariadb client.
// 4. Parquet: records/s and bytes per record against CSV and gzip'd CSV written by the same binary.
// Every run is its own process; the ussynth runs report their peak resident memory (maxRSS) at exit.
// The servers are started by the test helpers, durable (PostgreSQL's fsync on), on loopback; the CPU each server
// process (with its exited children) used during a run is read from /proc.
// BENCH_ONLY=regex runs only the cases whose names match (e.g. BENCH_ONLY='postgres|sqlite').
// BENCH_BASELINE=path/to/other/dist/cli/main.js adds `--to postgres` (one thread and --jobs 2), `--to sqlite:` (default, --jobs 1
// and --jobs 3) and csv and ndjson to /dev/null of that build (e.g. main's) as cases of the same run, with the client-CPU and
// wall ratios against it, round by round: an A/B on a loaded machine.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childrenOf, processCpu, settled } from './process-cpu.js';
import { median } from './measure.js';
import { startMariadb } from '../test/infra/mariadb-server.js';
import { startPostgres } from '../test/infra/postgres-server.js';

const BINARY = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const COUNT = Number(process.env.BENCH_COUNT ?? 1_000_000);
// Today's INSERT-file path is slow: it loads fewer rows, compared as rows/s.
const SQL_COUNT = Number(process.env.BENCH_SQL_COUNT ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = new RegExp(process.env.BENCH_ONLY ?? '');
const SEED = 'bench-load';
const BASELINE = process.env.BENCH_BASELINE;

const USAGE = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('maxrss-kb: '+u.maxRSS+'\\n')})`;

interface Run {
  seconds: number;
  /** User + system CPU of the client-side processes (ussynth, or psql / sqlite3 / mariadb and gzip), not of the server. */
  cpuSeconds: number;
  /** CPU of the database server during the run (PostgreSQL, MariaDB). */
  serverCpuSeconds?: number;
  peakMb?: number;
}

/** The pid of the one process whose command line matches. */
const pidOf = (pattern: string): number =>
  Number(execFileSync('pgrep', ['-o', '-f', pattern], { encoding: 'utf8' }).trim());

/** Runs a shell command line and times it; `node` runs of the binary get the memory report. */
function timed(command: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // bash's `time` counts the CPU of every process of the pipeline.
    const child = spawn('bash', ['-c', `TIMEFORMAT='cpu: %U %S'; time ( ${command} )`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) return reject(new Error(`${command} exited ${code}: ${stderr}`));
      const rss = /maxrss-kb: ([0-9]+)/.exec(stderr);
      const cpu = /cpu: ([0-9.]+) ([0-9.]+)/.exec(stderr);
      resolve({
        seconds,
        cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN,
        peakMb: rss ? Number(rss[1]) / 1024 : undefined,
      });
    });
  });
}

const q = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;
const ussynth = (args: string, binary = BINARY): string =>
  `${q(process.execPath)} --import ${q(USAGE)} ${q(binary)} ${args}`;

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-bench-load-'));
const postgres = await startPostgres({ durable: true });
const mariadb = await startMariadb();
try {
  const pgUrl = postgres.createDatabase('bench');
  const myUrl = mariadb.url();
  const csv = join(scratch, 'rows.csv');
  execFileSync(process.execPath, [
    BINARY,
    'address',
    '--seed',
    SEED,
    '--count',
    String(COUNT),
    '--format',
    'csv',
    '--out',
    csv,
  ]);
  const psqlArgs = `psql -X -q -v ON_ERROR_STOP=1 ${q(pgUrl)}`;
  const pgTable = `CREATE TABLE peer (name TEXT NOT NULL, street TEXT NOT NULL, city TEXT NOT NULL, state CHAR(2) NOT NULL, zip TEXT NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL, country TEXT NOT NULL)`;
  const myTable = pgTable.replaceAll('TEXT', 'VARCHAR(255)');
  // The same rows in COPY's text format (the bytes --to sends) and in its binary format, for the server's cost of each.
  const copyText = join(scratch, 'rows.copy');
  const copyBinary = join(scratch, 'rows.copy-binary');
  execFileSync('sh', [
    '-c',
    `${psqlArgs} -c ${q(pgTable.replace('peer', 'source'))} -c ${q(`\\copy source FROM '${csv}' CSV HEADER`)} -c ${q(`\\copy source TO '${copyText}'`)} -c ${q(`\\copy source TO '${copyBinary}' WITH (FORMAT binary)`)} -c 'DROP TABLE source'`,
  ]);
  const servers = {
    postgres: pidOf(`postgres -D .* -p ${postgres.port} `),
    mariadb: pidOf(`mariadbd .*--port=${mariadb.port} `),
  };
  const dropPg = (): void =>
    void execFileSync('sh', [
      '-c',
      `${psqlArgs} -c 'SET client_min_messages = warning' -c 'DROP TABLE IF EXISTS peer, ours, ours2, insert_file'`,
    ]);
  const dropMy = (): void => void mariadb.sql('DROP TABLE IF EXISTS peer, ours', 'load');
  type Case = {
    name: string;
    rows: number;
    server?: keyof typeof servers;
    prepare?: () => void;
    command: () => string;
    bytes?: () => number;
  };
  const allCases: Case[] = [
    {
      name: 'postgres --to',
      rows: COUNT,
      server: 'postgres',
      prepare: dropPg,
      command: () => ussynth(`address --seed ${SEED} --count ${COUNT} --to ${q(pgUrl)} --table ours`),
    },
    {
      name: 'postgres --to --jobs 2',
      rows: COUNT,
      server: 'postgres',
      prepare: dropPg,
      command: () => ussynth(`address --seed ${SEED} --count ${COUNT} --to ${q(pgUrl)} --table ours2 --jobs 2`),
    },
    {
      name: 'postgres psql \\copy',
      rows: COUNT,
      server: 'postgres',
      prepare: dropPg,
      command: () => `${psqlArgs} -c ${q(pgTable)} -c ${q(`\\copy peer FROM '${csv}' CSV HEADER`)}`,
    },
    {
      name: 'postgres psql \\copy text format',
      rows: COUNT,
      server: 'postgres',
      prepare: dropPg,
      command: () => `${psqlArgs} -c ${q(pgTable)} -c ${q(`\\copy peer FROM '${copyText}'`)}`,
    },
    {
      name: 'postgres psql \\copy binary format',
      rows: COUNT,
      server: 'postgres',
      prepare: dropPg,
      command: () => `${psqlArgs} -c ${q(pgTable)} -c ${q(`\\copy peer FROM '${copyBinary}' WITH (FORMAT binary)`)}`,
    },
    {
      name: 'postgres --format sql | psql',
      rows: SQL_COUNT,
      server: 'postgres',
      prepare: dropPg,
      command: () =>
        `${ussynth(`address --seed ${SEED} --count ${SQL_COUNT} --format sql --table insert_file`)} | ${psqlArgs}`,
    },
    {
      name: 'postgres --format sql --dialect postgres | psql',
      rows: COUNT,
      server: 'postgres',
      prepare: dropPg,
      command: () =>
        `${ussynth(`address --seed ${SEED} --count ${COUNT} --format sql --dialect postgres --table insert_file`)} | ${psqlArgs}`,
    },
    {
      name: 'sqlite --to',
      rows: COUNT,
      prepare: () => rmSync(join(scratch, 'ours.db'), { force: true }),
      command: () =>
        ussynth(`address --seed ${SEED} --count ${COUNT} --to sqlite:${q(join(scratch, 'ours.db'))} --table ours`),
    },
    {
      name: 'sqlite --to --jobs 1',
      rows: COUNT,
      prepare: () => rmSync(join(scratch, 'ours.db'), { force: true }),
      command: () =>
        ussynth(
          `address --seed ${SEED} --count ${COUNT} --to sqlite:${q(join(scratch, 'ours.db'))} --table ours --jobs 1`,
        ),
    },
    {
      name: 'sqlite --to --jobs 3',
      rows: COUNT,
      prepare: () => rmSync(join(scratch, 'ours.db'), { force: true }),
      command: () =>
        ussynth(
          `address --seed ${SEED} --count ${COUNT} --to sqlite:${q(join(scratch, 'ours.db'))} --table ours --jobs 3`,
        ),
    },
    {
      name: 'sqlite3 .import --csv',
      rows: COUNT,
      prepare: () => rmSync(join(scratch, 'peer.db'), { force: true }),
      command: () =>
        `sqlite3 ${q(join(scratch, 'peer.db'))} ${q(pgTable.replace('CHAR(2)', 'TEXT') + ';')} ${q(`.import --csv --skip 1 ${csv} peer`)}`,
    },
    {
      name: 'mariadb --to',
      rows: COUNT,
      server: 'mariadb',
      prepare: dropMy,
      command: () => ussynth(`address --seed ${SEED} --count ${COUNT} --to ${q(myUrl)} --table ours`),
    },
    {
      name: 'mariadb LOAD DATA LOCAL INFILE',
      rows: COUNT,
      server: 'mariadb',
      prepare: () => {
        dropMy();
        return mariadb.sql(myTable, 'load');
      },
      command: () =>
        `mariadb --no-defaults --local-infile=1 -h 127.0.0.1 -P ${mariadb.port} -u test load -e ${q(`LOAD DATA LOCAL INFILE '${csv}' INTO TABLE peer CHARACTER SET utf8mb4 FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '"' LINES TERMINATED BY '\\n' IGNORE 1 LINES`)}`,
    },
    {
      name: 'parquet --out',
      rows: COUNT,
      command: () =>
        ussynth(`address --seed ${SEED} --count ${COUNT} --format parquet --out ${q(join(scratch, 'rows.parquet'))}`),
      bytes: () => statSync(join(scratch, 'rows.parquet')).size,
    },
    {
      name: 'csv --out',
      rows: COUNT,
      command: () =>
        ussynth(`address --seed ${SEED} --count ${COUNT} --format csv --out ${q(join(scratch, 'again.csv'))}`),
      bytes: () => statSync(join(scratch, 'again.csv')).size,
    },
    // The CLI's file output through the same chunks (rendered on this thread): CPU against the baseline build's.
    {
      name: 'csv > /dev/null',
      rows: COUNT,
      command: () => `${ussynth(`address --seed ${SEED} --count ${COUNT} --format csv`)} > /dev/null`,
    },
    {
      name: 'ndjson > /dev/null',
      rows: COUNT,
      command: () => `${ussynth(`address --seed ${SEED} --count ${COUNT} --format ndjson`)} > /dev/null`,
    },
    {
      name: 'csv | gzip',
      rows: COUNT,
      command: () =>
        `${ussynth(`address --seed ${SEED} --count ${COUNT} --format csv`)} | gzip > ${q(join(scratch, 'rows.csv.gz'))}`,
      bytes: () => statSync(join(scratch, 'rows.csv.gz')).size,
    },
  ];
  if (BASELINE !== undefined) {
    allCases.push(
      {
        name: 'baseline postgres --to',
        rows: COUNT,
        server: 'postgres',
        prepare: dropPg,
        command: () => ussynth(`address --seed ${SEED} --count ${COUNT} --to ${q(pgUrl)} --table ours`, BASELINE),
      },
      {
        name: 'baseline sqlite --to',
        rows: COUNT,
        prepare: () => rmSync(join(scratch, 'ours.db'), { force: true }),
        command: () =>
          ussynth(
            `address --seed ${SEED} --count ${COUNT} --to sqlite:${q(join(scratch, 'ours.db'))} --table ours`,
            BASELINE,
          ),
      },
      {
        name: 'baseline sqlite --to --jobs 1',
        rows: COUNT,
        prepare: () => rmSync(join(scratch, 'ours.db'), { force: true }),
        command: () =>
          ussynth(
            `address --seed ${SEED} --count ${COUNT} --to sqlite:${q(join(scratch, 'ours.db'))} --table ours --jobs 1`,
            BASELINE,
          ),
      },
      {
        name: 'baseline sqlite --to --jobs 3',
        rows: COUNT,
        prepare: () => rmSync(join(scratch, 'ours.db'), { force: true }),
        command: () =>
          ussynth(
            `address --seed ${SEED} --count ${COUNT} --to sqlite:${q(join(scratch, 'ours.db'))} --table ours --jobs 3`,
            BASELINE,
          ),
      },
      {
        name: 'baseline postgres --to --jobs 2',
        rows: COUNT,
        server: 'postgres',
        prepare: dropPg,
        command: () =>
          ussynth(`address --seed ${SEED} --count ${COUNT} --to ${q(pgUrl)} --table ours2 --jobs 2`, BASELINE),
      },
      {
        name: 'baseline csv > /dev/null',
        rows: COUNT,
        command: () => `${ussynth(`address --seed ${SEED} --count ${COUNT} --format csv`, BASELINE)} > /dev/null`,
      },
      {
        name: 'baseline ndjson > /dev/null',
        rows: COUNT,
        command: () => `${ussynth(`address --seed ${SEED} --count ${COUNT} --format ndjson`, BASELINE)} > /dev/null`,
      },
    );
  }
  const cases = allCases.filter((c) => ONLY.test(c.name));
  const results = new Map<string, Run[]>(cases.map((c) => [c.name, []]));
  const loads: number[] = [];
  for (let round = 1; round <= RUNS; round++) {
    for (const c of cases) {
      c.prepare?.();
      loads.push(loadavg()[0]);
      const server = c.server === undefined ? undefined : servers[c.server];
      const children = server === undefined ? '' : childrenOf(server);
      const serverBefore = server === undefined ? 0 : processCpu(server);
      const run = await timed(c.command());
      if (server !== undefined) {
        await settled(server, children);
        run.serverCpuSeconds = processCpu(server) - serverBefore;
      }
      results.get(c.name)!.push(run);
      process.stderr.write(`round ${round}: ${c.name}: ${run.seconds.toFixed(2)} s\n`);
    }
  }
  const rate = (name: string): number =>
    cases.find((c) => c.name === name)!.rows / median(results.get(name)!.map((r) => r.seconds));
  const lines = [
    `${COUNT.toLocaleString('en-US')} default records (today's INSERT file: ${SQL_COUNT.toLocaleString('en-US')}), median of ${RUNS} interleaved rounds, load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} (1 min) during the runs`,
    '',
  ];
  lines.push(
    '| run | median wall s | rows/s (wall) | client CPU s | server CPU s | peak MB | bytes/record |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const c of cases) {
    const runs = results.get(c.name)!;
    const peak = runs.map((r) => r.peakMb).filter((mb): mb is number => mb !== undefined);
    lines.push(
      `| ${c.name.replaceAll('|', '\\|')} | ${median(runs.map((r) => r.seconds)).toFixed(2)} | ${Math.round(rate(c.name)).toLocaleString('en-US')} | ${median(runs.map((r) => r.cpuSeconds)).toFixed(2)} | ${c.server === undefined ? '' : median(runs.map((r) => r.serverCpuSeconds!)).toFixed(2)} | ${peak.length ? Math.round(Math.max(...peak)) : ''} | ${c.bytes ? (c.bytes() / c.rows).toFixed(1) : ''} |`,
    );
  }
  // A ratio of two cases' rows/s, when both ran (BENCH_ONLY may leave some out).
  const ratio = (label: string, a: string, b: string, target = ''): string[] =>
    results.has(a) && results.has(b) ? [`- ${label}: ${(rate(a) / rate(b)).toFixed(2)}x${target}`] : [];
  // Client CPU (and wall time) of a case against the same case of the baseline build, per round (the rounds are interleaved), median and range.
  const perRound = (a: string, b: string, measure: (run: Run) => number): string => {
    const ratios = results.get(a)!.map((run, i) => measure(run) / measure(results.get(b)![i]));
    return `${median(ratios).toFixed(3)} (rounds ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)})`;
  };
  const cpuRatio = (a: string, b: string): string[] =>
    results.has(a) && results.has(b)
      ? [
          `- client CPU, ${a} / ${b}: ${perRound(a, b, (run) => run.cpuSeconds)}; wall ${perRound(a, b, (run) => run.seconds)}`,
        ]
      : [];
  lines.push(
    '',
    ...ratio('postgres --to / psql \\copy', 'postgres --to', 'postgres psql \\copy', ' (target >= 0.8)'),
    ...ratio('postgres --to --jobs 2 / psql \\copy', 'postgres --to --jobs 2', 'postgres psql \\copy'),
    ...ratio('postgres --to / --format sql | psql', 'postgres --to', 'postgres --format sql | psql', ' (target >= 8)'),
    ...ratio(
      'postgres psql \\copy binary format / text format (the server)',
      'postgres psql \\copy binary format',
      'postgres psql \\copy text format',
    ),
    ...ratio(
      'postgres --dialect postgres file | psql / psql \\copy',
      'postgres --format sql --dialect postgres | psql',
      'postgres psql \\copy',
    ),
    ...ratio('sqlite --to / sqlite3 .import', 'sqlite --to', 'sqlite3 .import --csv', ' (target >= 0.8)'),
    ...ratio('sqlite --to --jobs 1 / sqlite3 .import', 'sqlite --to --jobs 1', 'sqlite3 .import --csv'),
    ...ratio('sqlite --to --jobs 3 / sqlite3 .import', 'sqlite --to --jobs 3', 'sqlite3 .import --csv'),
    ...ratio('baseline postgres --to / psql \\copy', 'baseline postgres --to', 'postgres psql \\copy'),
    ...ratio('baseline sqlite --to / sqlite3 .import', 'baseline sqlite --to', 'sqlite3 .import --csv'),
    ...cases
      .filter((c) => c.name.startsWith('baseline '))
      .flatMap((c) => cpuRatio(c.name.slice('baseline '.length), c.name)),
    ...ratio('mariadb --to / LOAD DATA LOCAL INFILE', 'mariadb --to', 'mariadb LOAD DATA LOCAL INFILE'),
    ...ratio('parquet / csv records/s', 'parquet --out', 'csv --out'),
    ...ratio('parquet / csv | gzip records/s', 'parquet --out', 'csv | gzip'),
  );
  console.log(lines.join('\n'));
} finally {
  postgres.destroy();
  await mariadb.destroy();
  rmSync(scratch, { recursive: true, force: true });
}
