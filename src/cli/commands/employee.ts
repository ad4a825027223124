import type { Command } from '../command.js';
import { recordCommand } from '../jobs/record-command.js';

/**
 * `ussynth employee --company N`: a company and its employees, two tables joined by `employees.companyId`.
 * @example await employeeCommand.run(['--seed', '42', '--company', '0-9', '--format', 'csv', '--out', 'staff/'], io)
 */
export const employeeCommand: Command = recordCommand({
  name: 'employee',
  kind: 'employee',
  summary: 'Companies and their employees (two tables: companies, employees)',
  help: `Usage: ussynth employee --company N|A-B [options]

Writes company N (or companies A to B) of the seed's companies stream with
its employees (the library's companyAt() and employees()): two tables,
companies and employees, joined by employees.companyId -> companies.id.
JSON and NDJSON write {"company":{...},"employees":[...]} per company;
--out DIR/ writes companies.EXT and employees.EXT.

Options:
  --company N|A-B      The company, or the range of companies (required).
  --seed TEXT          Seed of the run (without it one is picked and printed to stderr).
  --count N            Employees of each company (default all: its headcount).
  --start S            Each company's first employee (default 0); cut to its headcount.
  --state XX           Companies of this state's stream (as companyAt's state).
  --format F           json (default) or ndjson: nested; with --out DIR/ also csv, sql,
                       parquet, one file per table.
  --out PATH           A file (json, ndjson) or a folder DIR/ (one file per table), written
                       under temporary names and renamed when complete.
  --dialect D          With --format sql: postgres, mysql or sqlite types and quoting.
  --table P,C          The two table names (default companies,employees).
  --fields LIST        Columns kept: FIELD (of employees) or TABLE.FIELD; the keys
                       companies.id and employees.companyId cannot be left out.
  --shard K/N          Only the K-th of N equal ranges of the companies (with their employees).
  --to URL             Create and fill both tables (PRIMARY KEY, FOREIGN KEY) in one
                       transaction: postgres://..., mysql://..., sqlite:PATH.
  --append             With --to: add the rows to existing tables.
  --truncate           With --to: replace the rows of both tables (employees first).
  --dry-run            With --to: print both CREATE TABLEs and the first rows.
  --jobs N             1 only: two tables are made on one thread (split with --shard).
  -h, --help           This help.

Examples:
  ussynth employee --seed 42 --company 7
  ussynth employee --seed 42 --company 7 --count 50 --start 100 --format ndjson
  ussynth employee --seed 42 --company 0-999 --format csv --out staff/
  ussynth employee --seed 42 --company 0-999 --to postgres://app@localhost/test
`,
});
