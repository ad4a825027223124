import { loadTargetOption } from './load-target-option.js';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createGenerator } from '../../index.js';
import type { LoadTarget } from '../../load/load-target.js';
import { writtenPassword } from '../../load/masked-target.js';
import { isSqlDialect, SQL_DIALECTS, type SqlDialect } from '../../records/columns/sql-dialect.js';
import { MAX_PER_PARENT, MAX_TABLE_ROWS } from '../../seed/schema-file-plan.js';
import { CliError } from '../command.js';
import { asCliError } from './library-error.js';
import { parseOptions } from './parse-options.js';

/**
 * The file formats `ussynth seed --out DIR --format F` writes, one file per table.
 * @example SEED_FILE_FORMATS.join(', ') // "csv, ndjson, parquet, sql"
 */
export const SEED_FILE_FORMATS = ['csv', 'ndjson', 'parquet', 'sql'] as const;

/** One of {@link SEED_FILE_FORMATS}. */
export type SeedFileFormat = (typeof SEED_FILE_FORMATS)[number];

/**
 * Rows per table when `--tables` names no count for it (`--count N` changes it).
 * @example DEFAULT_SEED_COUNT // 100
 */
export const DEFAULT_SEED_COUNT = 100;

/**
 * A `--count TABLE=...` of existing tables: a number of rows, or a range per row of the table's seeded parent.
 * @example const count: TableCount = { min: 1, max: 5 }
 */
export type TableCount = number | { readonly min: number; readonly max: number };

/**
 * A parsed `ussynth seed`: what is seeded (a schema file or existing tables), where to (a database or files), and how.
 * @example parseSeedRun(['--schema', 'crm.seed.json', '--to', 'sqlite:crm.db'], process.env).source.schema // "crm.seed.json"
 */
export interface SeedRun {
  readonly seed: string;
  /** The seed was picked at random: said on stderr so the run can be repeated. */
  readonly seedPicked: boolean;
  readonly source:
    | { readonly schema: string }
    | {
        /** The tables named, or undefined for `all`. */
        readonly tables: readonly string[] | undefined;
        readonly count: number;
        readonly counts: ReadonlyMap<string, TableCount>;
      };
  /** `--set TABLE.COLUMN=RULE`s, by `TABLE.COLUMN`. */
  readonly set: Readonly<Record<string, string>>;
  readonly dryRun: boolean;
  readonly shard: { readonly index: number; readonly count: number } | undefined;
  readonly to?: {
    readonly target: LoadTarget;
    readonly mode: 'create' | 'append' | 'truncate';
    /** The password is written in the `--to` argument itself: a note says where else it can go. */
    readonly passwordInArguments: boolean;
  };
  readonly out?: { readonly dir: string; readonly format: SeedFileFormat; readonly dialect: SqlDialect };
}

const OPTIONS = {
  schema: { type: 'string' },
  tables: { type: 'string' },
  to: { type: 'string' },
  out: { type: 'string' },
  format: { type: 'string' },
  dialect: { type: 'string' },
  seed: { type: 'string' },
  count: { type: 'string', multiple: true },
  set: { type: 'string', multiple: true },
  'dry-run': { type: 'boolean' },
  append: { type: 'boolean' },
  truncate: { type: 'boolean' },
  shard: { type: 'string' },
} as const;

/** `--shard K/N`: the K-th (0-based) of N shards, N from 1 to 1,000,000. */
function seedShard(text: string | undefined): SeedRun['shard'] {
  if (text === undefined) return undefined;
  const match = /^([0-9]+)\/([0-9]+)$/.exec(text);
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || !Number.isSafeInteger(count) || count < 1 || count > 1_000_000 || !(index < count))
    throw new CliError(
      `--shard must be K/N with N from 1 to 1000000 and K from 0 to N-1, such as 0/4; got ${JSON.stringify(text)}`,
    );
  return { index, count };
}

/** `--set TABLE.COLUMN=RULE` (repeatable): by `TABLE.COLUMN`; a column named twice is refused. */
function setRules(texts: readonly string[]): Record<string, string> {
  const set: Record<string, string> = {};
  for (const text of texts) {
    const match = /^([^.=\s]+)\.([^=\s]+)=(.+)$/s.exec(text);
    if (match === null)
      throw new CliError(
        `--set takes TABLE.COLUMN=RULE, such as --set accounts.status=pick:open,closed; got ${JSON.stringify(text)}`,
      );
    const target = `${match[1]}.${match[2]}`;
    if (Object.hasOwn(set, target)) throw new CliError(`--set ${target} is given more than once`);
    set[target] = match[3];
  }
  return set;
}

/** `--count N` and `--count TABLE=N | TABLE=MIN-MAX` (repeatable). */
function counts(texts: readonly string[]): { count: number; counts: Map<string, TableCount> } {
  let count: number | undefined;
  const byTable = new Map<string, TableCount>();
  for (const text of texts) {
    const eq = text.indexOf('=');
    if (eq < 0) {
      if (count !== undefined) throw new CliError('--count N (the rows of every table) is given more than once');
      count = wholeCount('--count', text, MAX_TABLE_ROWS);
      continue;
    }
    const table = text.slice(0, eq);
    const value = text.slice(eq + 1);
    if (table === '') throw new CliError(`--count takes N, TABLE=N or TABLE=MIN-MAX; got ${JSON.stringify(text)}`);
    if (byTable.has(table)) throw new CliError(`--count ${table}=... is given more than once`);
    const range = /^([0-9]+)-([0-9]+)$/.exec(value);
    if (range === null) {
      byTable.set(table, wholeCount(`--count ${table}`, value, MAX_TABLE_ROWS));
      continue;
    }
    const min = Number(range[1]);
    const max = Number(range[2]);
    if (!(min <= max && max <= MAX_PER_PARENT))
      throw new CliError(
        `--count ${table}=MIN-MAX takes whole numbers 0 <= MIN <= MAX <= ${MAX_PER_PARENT} (rows per row of its parent); got ${JSON.stringify(value)}`,
      );
    byTable.set(table, { min, max });
  }
  return { count: count ?? DEFAULT_SEED_COUNT, counts: byTable };
}

function wholeCount(option: string, text: string, max: number): number {
  const value = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value > max)
    throw new CliError(`${option} must be a whole number from 0 to ${max}, got ${JSON.stringify(text)}`);
  return value;
}

/**
 * Parses and checks `ussynth seed`'s arguments completely before anything is
 * read or written: a bad or missing option is a CliError naming it. Nothing
 * connects here (`--to` is parsed, its password masked in every message).
 * @example parseSeedRun(['--schema', 'crm.seed.json', '--out', 'seed/', '--format', 'csv'], process.env).out?.format // "csv"
 */
export function parseSeedRun(args: string[], env: NodeJS.ProcessEnv): SeedRun {
  const { values } = parseOptions('seed', args, OPTIONS);
  const text = (name: string): string | undefined => values[name] as string | undefined;
  const list = (name: string): string[] => (values[name] as string[] | undefined) ?? [];
  const schema = text('schema');
  const tables = text('tables');
  if (schema === undefined && tables === undefined)
    throw new CliError(
      'name what to seed: --schema FILE (tables to create) or --tables a,b,c|all (tables the --to database has); run `ussynth seed --help`',
    );
  if (schema !== undefined && tables !== undefined)
    throw new CliError('--schema and --tables exclude each other: a schema file creates its tables');
  if (schema === '') throw new CliError('--schema must be a file path');
  const to = text('to');
  const out = text('out');
  const format = text('format');
  if (to !== undefined && out !== undefined)
    throw new CliError('--to and --out exclude each other: the rows go into a database or into files');
  if (to === undefined && out === undefined)
    throw new CliError(
      schema === undefined
        ? '--tables needs --to URL: the database whose tables are read and filled'
        : 'name where the rows go: --to URL (a database) or --out DIR --format csv|ndjson|parquet|sql (files)',
    );
  if (tables !== undefined && out !== undefined)
    throw new CliError('--tables reads and fills the tables of a database: give --to URL, not --out');
  if (out !== undefined && format === undefined)
    throw new CliError(`--out DIR needs --format: one of ${SEED_FILE_FORMATS.join(', ')}`);
  if (format !== undefined && out === undefined) throw new CliError('--format applies to --out only');
  if (format !== undefined && !(SEED_FILE_FORMATS as readonly string[]).includes(format))
    throw new CliError(`--format must be one of ${SEED_FILE_FORMATS.join(', ')}, got ${JSON.stringify(format)}`);
  const dialect = text('dialect');
  if (dialect !== undefined && format !== 'sql') throw new CliError('--dialect applies to --format sql only');
  if (dialect !== undefined && !isSqlDialect(dialect))
    throw new CliError(`--dialect must be one of ${SQL_DIALECTS.join(', ')}, got ${JSON.stringify(dialect)}`);
  if (values.append === true && values.truncate === true)
    throw new CliError('--append and --truncate exclude each other');
  for (const option of ['append', 'truncate'])
    if (values[option] === true && to === undefined)
      throw new CliError(`--${option} applies to --to only: --out writes new files`);
  if (list('count').length > 0 && schema !== undefined)
    throw new CliError('--count applies to --tables only: a schema file gives each table its count');
  const set = setRules(list('set'));
  const seedText = text('seed');
  // The library's own check of a seed's text (length, characters), and its pick when none is given.
  const seed = asCliError(() => createGenerator({ seed: seedText })).seed;
  const shard = seedShard(text('shard'));
  let source: SeedRun['source'];
  if (schema !== undefined) {
    source = { schema };
  } else {
    const names = (tables as string).split(',').map((name) => name.trim());
    if (names.some((name) => name === ''))
      throw new CliError(`--tables takes table names separated by commas, or all; got ${JSON.stringify(tables)}`);
    source = { tables: names.length === 1 && names[0] === 'all' ? undefined : names, ...counts(list('count')) };
  }
  let run: SeedRun = {
    seed,
    seedPicked: seedText === undefined,
    source,
    set,
    dryRun: values['dry-run'] === true,
    shard,
  };
  if (to !== undefined) {
    const target = loadTargetOption(to, env);
    const mode =
      values.truncate === true ? 'truncate' : values.append === true || schema === undefined ? 'append' : 'create';
    const passwordInArguments = target.url === to && (writtenPassword(to) !== undefined || target.secrets.length > 0);
    if (shard !== undefined && mode === 'truncate')
      throw new CliError(
        '--truncate with --shard: each shard would empty the rows the others wrote; empty the tables first, then load the shards',
      );
    run = { ...run, to: { target, mode, passwordInArguments } };
  }
  if (out !== undefined) {
    if (out === '') throw new CliError('--out must be a folder path');
    if (existsSync(out) && !statSync(out).isDirectory())
      throw new CliError(`--out ${out} is a file; --out names a folder (one file per table goes in it)`);
    run = {
      ...run,
      out: { dir: out, format: format as SeedFileFormat, dialect: (dialect as SqlDialect | undefined) ?? 'postgres' },
    };
  }
  return run;
}

/**
 * The file `--out DIR --format F` writes for a table: `DIR/TABLE.F`.
 * @example seedFilePath('seed', 'contacts', 'csv') // "seed/contacts.csv"
 */
export function seedFilePath(dir: string, table: string, format: SeedFileFormat): string {
  return join(dir, `${table}.${format}`);
}
