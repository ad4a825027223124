import type { Command } from '../command.js';
import { recordCommand } from '../jobs/record-command.js';

/**
 * `ussynth household`: households and their people, two tables joined by `people.householdId`.
 * @example await householdCommand.run(['--seed', '42', '--count', '100', '--format', 'csv', '--out', 'fixtures/'], io)
 */
export const householdCommand: Command = recordCommand({
  name: 'household',
  kind: 'household',
  summary: 'Households and their people (two tables: households, people)',
  help: `Usage: ussynth household [options]

Writes households 0..N-1 of the seed's household stream, each with its
members (the library's households()): two tables, households and people,
joined by people.householdId -> households.id. JSON and NDJSON nest each
household's members; --out DIR/ writes households.EXT and people.EXT.

Options:
  --seed TEXT          Seed of the run (without it one is picked and printed to stderr).
  --count N            Households (default 1: one JSON object); each with all its members.
  --start S            Begin at household S of the run.
  --state XX           Households in this state, DC or territory.
  --format F           json (default) or ndjson: nested; with --out DIR/ also csv, sql,
                       parquet, one file per table.
  --out PATH           A file (json, ndjson) or a folder DIR/ (one file per table), written
                       under temporary names and renamed when complete.
  --dialect D          With --format sql: postgres, mysql or sqlite types and quoting.
  --table P,C          The two table names (default households,people).
  --fields LIST        Columns kept: FIELD (of people) or TABLE.FIELD; the keys
                       households.id and people.householdId cannot be left out.
  --shard K/N          Only the K-th of N equal ranges of households (with their people).
  --to URL             Create and fill both tables (PRIMARY KEY, FOREIGN KEY) in one
                       transaction: postgres://..., mysql://..., sqlite:PATH.
  --append             With --to: add the rows to existing tables.
  --truncate           With --to: replace the rows of both tables (people first).
  --dry-run            With --to: print both CREATE TABLEs and the first rows.
  --jobs N             1 only: two tables are made on one thread (split with --shard).
  -h, --help           This help.

Examples:
  ussynth household --seed 42 --count 3
  ussynth household --seed 42 --count 100000 --format csv --out fixtures/
  ussynth household --seed 42 --count 100000 --to postgres://app@localhost/test
`,
});
