import { createGenerator, UssynthError } from '../index.js';
import { jobLoadColumns, shardRange, type RecordJob } from '../records/record-job.js';
import { tableNameProblem } from '../records/formats/sql-format.js';
import { parseFieldList, type FieldColumn, type FieldList } from '../fields/field-list.js';
import type { Seed } from '../random/stream-key.js';
import { LoadError } from './load-error.js';
import { parseLoadTarget } from './load-target.js';
import { runLoad, type TableMode } from './run-load.js';

/**
 * What `load()` loads and where.
 * @example const options: LoadOptions = { to: 'sqlite:test.db', table: 'people', count: 1000, seed: 42 }
 */
export interface LoadOptions {
  /** `postgres://...` (or `postgresql://`), `mysql://...` (MySQL or MariaDB) or `sqlite:PATH`. */
  to: string;
  /** Table name, optionally `schema.table`; default `addresses`. */
  table?: string;
  /** Records in the run (all shards). */
  count: number;
  /** Seed; the same seed gives the same rows. Default: one is picked and returned. */
  seed?: Seed;
  /** Two-letter state of the addresses. */
  state?: string;
  emailDomain?: string;
  fictionalPhones?: boolean;
  /** Add lat, lon, county, countyFips and timeZone. */
  geo?: boolean;
  /** The table's columns as `field` or `column=field` entries of the field catalogue (default: the address's eight, with `geo` thirteen). */
  fields?: FieldList;
  /** An existing table: `append` adds the rows, `truncate` replaces its rows; without either an existing table is an error. */
  append?: boolean;
  truncate?: boolean;
  /** Commit every N records (resumable with `start`) instead of one transaction. */
  commitEvery?: number;
  /** First record to load (resuming a `commitEvery` load: the failure's `resumeAt`). */
  start?: number;
  /** Load the `index`-th (0-based) of `total` equal ranges of the run; concurrent shards need `append`. */
  shard?: { index: number; total: number };
  /** Threads (default 1): PostgreSQL and MySQL render the rows on all of them; SQLite renders on jobs - 1 worker threads while this one inserts. */
  jobs?: number;
  /** Stops the load; its transaction is rolled back (LoadError `aborted`). */
  signal?: AbortSignal;
}

/**
 * What a load did.
 * @example const { loaded, seed } = await load({ to, count: 10 })
 */
export interface LoadResult {
  /** Rows loaded by this call. */
  loaded: number;
  /** The seed used (canonical text). */
  seed: string;
  /** The records loaded: `first .. end-1` of the run. */
  first: number;
  end: number;
}

function invalid(message: string): never {
  throw new LoadError('invalid_load_option', message);
}

function wholeNumber(name: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max)
    invalid(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return value as number;
}

/**
 * Generates addresses and loads them into a database table at its bulk-load
 * speed (PostgreSQL COPY, MySQL LOAD DATA LOCAL INFILE, SQLite prepared
 * inserts), creating the table when missing, in one transaction (or one per
 * `commitEvery` records). Needs the database's driver, an optional peer
 * dependency; fails with a LoadError.
 * @example
 * import { load } from 'ussynth/load';
 * await load({ to: process.env.DATABASE_URL!, table: 'customers', count: 10_000, seed: 'ci' });
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const target = parseLoadTarget(options.to);
  const table = options.table ?? 'addresses';
  const problem = tableNameProblem(table);
  if (problem) invalid(problem.replace('--table', 'table'));
  const count = wholeNumber('count', options.count, 1);
  if (options.append && options.truncate) invalid('append and truncate exclude each other');
  let range = { first: 0, end: count };
  if (options.shard !== undefined) {
    const total = wholeNumber('shard.total', options.shard.total, 1, count);
    const index = wholeNumber('shard.index', options.shard.index, 0, total - 1);
    if (!options.append) invalid('shard loads share one table: give append: true (the first shard creates the table)');
    if (options.truncate) invalid('a shard cannot truncate the table its sibling shards load');
    range = shardRange(count, index, total);
  }
  if (options.start !== undefined) {
    const start = wholeNumber('start', options.start, range.first, range.end - 1);
    range = { first: start, end: range.end };
  }
  const commitEvery =
    options.commitEvery === undefined ? undefined : wholeNumber('commitEvery', options.commitEvery, 1);
  const jobs = options.jobs === undefined ? 1 : wholeNumber('jobs', options.jobs, 1, 64);
  let seed: string;
  let fields: readonly FieldColumn[] | undefined;
  try {
    if (options.fields !== undefined) fields = parseFieldList(options.fields);
    const generator = createGenerator({
      seed: options.seed,
      emailDomain: options.emailDomain,
      fictionalPhones: options.fictionalPhones,
    });
    if (options.state !== undefined) generator.addressAt(0, { state: options.state });
    seed = generator.seed;
  } catch (error) {
    if (error instanceof UssynthError) invalid(error.message);
    throw error;
  }
  const job: RecordJob = {
    kind: 'address',
    seed,
    fictionalPhones: options.fictionalPhones === true,
    format: 'copy',
    table,
    jsonShape: 'array',
    count,
    range,
  };
  if (options.state !== undefined) job.state = options.state;
  if (options.emailDomain !== undefined) job.emailDomain = options.emailDomain;
  if (options.geo === true) job.geo = true;
  if (fields !== undefined)
    job.fields = fields.map(({ column, field }) => (column === field ? field : `${column}=${field}`)).join(',');
  const mode: TableMode = options.truncate ? 'truncate' : options.append ? 'append' : 'create';
  const { loaded } = await runLoad({
    target,
    table,
    columns: jobLoadColumns(job),
    job,
    jobs,
    mode,
    commitEvery,
    shared: options.shard !== undefined,
    signal: options.signal,
  });
  return { loaded, seed, first: range.first, end: range.end };
}
