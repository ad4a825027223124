import type { Command } from '../command.js';
import { runSeedJob } from '../jobs/run-seed-job.js';
import { parseSeedRun } from '../jobs/seed-run.js';

/**
 * `ussynth seed`: several related tables at once, from a schema file or from the tables a database already has.
 * @example await seedCommand.run(['--schema', 'docs/examples/crm.seed.json', '--to', 'sqlite:crm.db', '--seed', '42'], io)
 */
export const seedCommand: Command = {
  name: 'seed',
  summary: 'Fill several related tables: from a schema file, or the tables a database has',
  help: `Usage: ussynth seed --schema FILE (--to URL | --out DIR --format F) [options]
       ussynth seed --tables a,b,c|all --to URL [options]

Fills related tables whose rows agree (a contact's e-mail at its company's
domain, a household's people at its address), parents first, every
reference a row of its parent. Each row depends only on the seed, the
table's name and its number: the same file and seed give the same rows on
any machine, in any number of shards.

  --schema FILE        A schema file: .json (docs/seed-schema.json), or .ts/.mts/.js/.mjs
                       whose default export is defineSchema({ tables: ... }) from 'ussynth'
                       (TypeScript needs Node 22.18 or later). Creates its tables.
  --tables LIST        Existing tables of --to to fill (a,b,c, or all): their columns,
                       types, keys and foreign keys are read and each column given a rule.
  --to URL             The database, in one transaction, all or nothing: postgres://...,
                       mysql://..., sqlite:PATH, or env:NAME / @FILE holding the URL.
  --out DIR            Write one file per table instead, DIR/TABLE.F (--schema only);
                       all written under temporary names, renamed when all are complete;
                       a file already there is refused.
  --format F           With --out: csv, ndjson, parquet or sql.
  --dialect D          With --format sql: postgres (default), mysql or sqlite.
  --seed TEXT          Seed of the run (without it one is picked and printed to stderr).
  --count N            With --tables: rows of each table (default 100).
  --count TABLE=N      With --tables: N rows of TABLE; TABLE=MIN-MAX: MIN to MAX rows per
                       row of its parent (its first NOT NULL reference to a seeded table).
  --set T.COLUMN=RULE  The rule of a column (int:1..5, pick:a=3,b, date:..., const:x,
                       date:after:orders.ordered_at+0..30, ...; docs/seeding.md, "Rules");
                       repeatable.
  --append             With --to: add rows to existing tables (--schema: create the missing).
  --truncate           With --to: empty the seeded tables first (children first).
  --shard K/N          Only the K-th of N shares of every table (parents with their children).
  --dry-run            Print the plan (each column's rule and why), the row counts and, for
                       a schema file, the CREATE TABLEs; write nothing.
  -h, --help           This help.

Exit status: 0 done; 2 bad options, schema file or plan (the file, line, table
named; nothing written); 69 database unreachable; 74 write failed; 77 no
permission; 130/143 interrupted (nothing written).

Examples:
  ussynth seed --schema docs/examples/crm.seed.json --to sqlite:crm.db --seed 42
  ussynth seed --schema crm.seed.json --out seed/ --format csv --seed 42
  ussynth seed --tables companies,contacts --to env:DATABASE_URL --count 50 --count contacts=1-5 --dry-run
`,
  run: (args, io) => runSeedJob(parseSeedRun(args, io.env), io),
};
