import { loadTargetOption } from './load-target-option.js';
import { statSync } from 'node:fs';
import type { ParseArgsConfig } from 'node:util';
import { createGenerator, geoWithFieldsProblem, parseFieldList } from '../../index.js';
import { CliError, type Command, type CommandIo } from '../command.js';
import { defaultLoadJobs } from '../../load/default-load-jobs.js';
import { writtenPassword } from '../../load/masked-target.js';
import { isSqlDialect, SQL_DIALECTS } from '../../records/columns/sql-dialect.js';
import { FORMAT_NAMES, isFormatName, type JsonShape } from '../../records/formats/record-format.js';
import { tableNameProblem } from '../../records/formats/sql-format.js';
import { asCliError } from './library-error.js';
import { parseOptions, positiveInteger } from './parse-options.js';
import { recordKind } from '../../records/kinds/registry.js';
import { recordReader, shardRange, type RecordJob, type RecordRange } from '../../records/record-job.js';
import { remoteSource } from './remote-source.js';
import { runParquetJob } from './run-parquet-job.js';
import { runLoadJob } from './run-load-job.js';
import type { RecordRun } from './record-run.js';
import { runRecordJob } from './run-record-job.js';
import { shardOption } from './shard-option.js';

export { shardOption } from './shard-option.js';
import { parseTablesRun } from './tables-run.js';
import { runTablesJob } from './run-tables-job.js';
import { runTablesLoadJob } from './run-tables-load-job.js';

/**
 * What `--format` takes on the record commands: the text formats and Parquet.
 * @example RECORD_FORMAT_NAMES.at(-1) // "parquet"
 */
export const RECORD_FORMAT_NAMES = [...FORMAT_NAMES, 'parquet'] as const;

/**
 * Most worker threads `--jobs` accepts; more than the cores only adds overhead.
 * @example positiveInteger('--jobs', '4', MAX_JOBS) // 4
 */
export const MAX_JOBS = 64;

/**
 * How one of `address`, `batch`, `ein`, `phone` differs from the others: its
 * kind (a registered kind's name) gives the default table and the options
 * it takes (`--state`, `--email-domain`, `--fictional-phones`, `--geo`, `--fields`).
 * @example recordCommand({ name: 'ein', kind: 'ein', summary: 'EINs', help: '...' })
 */
export interface RecordCommandSpec {
  name: string;
  kind: string;
  summary: string;
  help: string;
  /** `batch`: JSON is the batch result and `--count` is required. */
  batch?: boolean;
}

export type { RecordRun } from './record-run.js';

function optionsOf(spec: RecordCommandSpec): NonNullable<ParseArgsConfig['options']> {
  const { takes } = recordKind(spec.kind);
  return {
    seed: { type: 'string' },
    count: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    table: { type: 'string' },
    jobs: { type: 'string' },
    remote: { type: 'string' },
    to: { type: 'string' },
    append: { type: 'boolean' },
    truncate: { type: 'boolean' },
    'commit-every': { type: 'string' },
    start: { type: 'string' },
    'dry-run': { type: 'boolean' },
    shard: { type: 'string' },
    dialect: { type: 'string' },
    ...(takes.state ? { state: { type: 'string' } } : {}),
    ...(takes.emailDomain ? { 'email-domain': { type: 'string' } } : {}),
    ...(takes.fictionalPhones ? { 'fictional-phones': { type: 'boolean' } } : {}),
    ...(takes.geo ? { geo: { type: 'boolean' } } : {}),
    ...(takes.fields ? { fields: { type: 'string' } } : {}),
  } as const;
}

/**
 * Parses and checks a record command's arguments completely, before any
 * output exists: a bad value throws CliError naming the option. `env` gives
 * `--remote` its API key.
 * @example parseRecordRun(spec, ['--seed', '42', '--count', '10', '--format', 'csv'], process.env).job.count // 10
 */
export function parseRecordRun(spec: RecordCommandSpec, args: string[], env: NodeJS.ProcessEnv): RecordRun {
  const { values } = parseOptions(spec.name, args, optionsOf(spec));
  const text = (name: string): string | undefined => values[name] as string | undefined;
  const givenFormat = text('format') ?? 'json';
  if (!isFormatName(givenFormat) && givenFormat !== 'parquet')
    throw new CliError(`--format must be one of ${RECORD_FORMAT_NAMES.join(', ')}, got ${JSON.stringify(givenFormat)}`);
  const parquet = givenFormat === 'parquet';
  // Parquet is written from the records, not from text chunks; the job's text format is then unused.
  const format = parquet ? 'ndjson' : givenFormat;
  const countText = text('count');
  if (countText === undefined && spec.batch)
    throw new CliError(`--count is required: how many addresses the batch holds`);
  const count = countText === undefined ? 1 : positiveInteger('--count', countText, Number.MAX_SAFE_INTEGER);
  const to = text('to');
  const table = text('table') ?? recordKind(spec.kind).table;
  const problem = tableNameProblem(table);
  if (problem) throw new CliError(problem);
  if (text('table') !== undefined && givenFormat !== 'sql' && to === undefined)
    throw new CliError('--table applies to --format sql and --to only');
  const dialect = text('dialect');
  if (dialect !== undefined && givenFormat !== 'sql') throw new CliError('--dialect applies to --format sql only');
  if (dialect !== undefined && !isSqlDialect(dialect))
    throw new CliError(`--dialect must be one of ${SQL_DIALECTS.join(', ')}, got ${JSON.stringify(dialect)}`);
  const jobs = text('jobs') === undefined ? 1 : positiveInteger('--jobs', text('jobs')!, MAX_JOBS);
  const out = text('out');
  if (out === '') throw new CliError('--out must be a file path');
  const shard = shardOption(text('shard'), count);
  if (out !== undefined && statSync(out, { throwIfNoEntry: false })?.isDirectory() && !(parquet && shard))
    throw new CliError(`--out ${out} is a directory; give a file path`);
  if (parquet && out === undefined)
    throw new CliError('--format parquet needs --out FILE (with --shard, --out DIR: the part files go in it)');
  let range: RecordRange | undefined = shard === undefined ? undefined : shardRange(count, shard.index, shard.total);
  const startText = text('start');
  if (startText !== undefined) {
    const whole = range ?? { first: 0, end: count };
    const start = /^[0-9]+$/.test(startText) ? Number(startText) : NaN;
    if (!Number.isSafeInteger(start) || start < whole.first || start >= whole.end) {
      throw new CliError(
        `--start must be a record index from ${whole.first} to ${whole.end - 1}${shard ? ` (shard ${shard.index}/${shard.total}'s records)` : ''}, got ${JSON.stringify(startText)}`,
      );
    }
    range = { first: start, end: whole.end };
  }
  for (const option of ['append', 'truncate', 'dry-run']) {
    if (values[option] === true && to === undefined) throw new CliError(`--${option} applies to --to only`);
  }
  if (text('commit-every') !== undefined && to === undefined) throw new CliError('--commit-every applies to --to only');
  if (to !== undefined) {
    if (text('format') !== undefined) throw new CliError('--to loads the database directly: leave out --format');
    if (out !== undefined) throw new CliError('--to loads the database directly: leave out --out');
    if (text('remote') !== undefined) throw new CliError('--to generates the records here: leave out --remote');
  }
  if (text('remote') !== undefined && (shard !== undefined || startText !== undefined || parquet))
    throw new CliError('--remote takes the whole run as text: leave out --shard, --start and --format parquet');
  if (values.append === true && values.truncate === true)
    throw new CliError('--append and --truncate exclude each other');
  const seed = text('seed');
  const emailDomain = text('email-domain');
  const state = text('state');
  const fictionalPhones = values['fictional-phones'] === true;
  // Building the generator checks the seed, the e-mail domain and the state with the library's own rules.
  const generator = asCliError(() => createGenerator({ seed, emailDomain, fictionalPhones }));
  if (state !== undefined)
    asCliError(() =>
      recordReader({ kind: spec.kind, seed: generator.seed, state, fictionalPhones } as RecordJob)(0, 1),
    );
  const jsonShape: JsonShape = spec.batch ? 'batch' : countText === undefined ? 'object' : 'array';
  const job: RecordJob = { kind: spec.kind, seed: generator.seed, fictionalPhones, format, table, jsonShape, count };
  if (state !== undefined) job.state = state;
  if (emailDomain !== undefined) job.emailDomain = emailDomain;
  if (values.geo === true) job.geo = true;
  const fields = text('fields');
  if (fields !== undefined) {
    if (job.geo) throw new CliError(geoWithFieldsProblem('--geo', '--fields'));
    job.fields = asCliError(() => parseFieldList(fields))
      .map(({ column, field }) => (column === field ? field : `${column}=${field}`))
      .join(',');
  }
  if (dialect !== undefined) job.dialect = dialect as RecordJob['dialect'];
  if (range !== undefined) job.range = range;
  const run: RecordRun = { job, seedPicked: seed === undefined, out, threads: jobs };
  if (parquet) run.parquet = shard === undefined ? {} : { shard };
  if (to !== undefined) {
    if (shard !== undefined && values.append !== true) {
      throw new CliError(
        '--shard with --to: the shards load one table, so add --append (the first shard to arrive creates the table)',
      );
    }
    const commitEvery =
      text('commit-every') === undefined
        ? undefined
        : positiveInteger('--commit-every', text('commit-every')!, Number.MAX_SAFE_INTEGER);
    const target = loadTargetOption(to, env);
    // Without --jobs, SQLite loads on two threads where there are two cores and enough records a transaction.
    const { first, end } = range ?? { first: 0, end: count };
    if (text('jobs') === undefined)
      run.threads = defaultLoadJobs(target.dialect, Math.min(end - first, commitEvery ?? Infinity));
    run.load = {
      target,
      mode: values.truncate === true ? 'truncate' : values.append === true ? 'append' : 'create',
      commitEvery,
      dryRun: values['dry-run'] === true,
      shared: shard !== undefined,
    };
    if (target.url === to && (writtenPassword(to) !== undefined || target.secrets.length > 0))
      run.load.passwordInArguments = true;
  }
  const remote = text('remote');
  if (remote !== undefined) {
    const given = { jobs: text('jobs') !== undefined, emailDomain: emailDomain !== undefined, fictionalPhones };
    run.remote = remoteSource(remote, { kind: spec.kind, count, seed, ...given }, env);
  }
  return run;
}

/**
 * Builds one of the record commands from its spec.
 * @example export const einCommand = recordCommand({ name: 'ein', kind: 'ein', table: 'eins', summary: '...', help: '...' })
 */
export function recordCommand(spec: RecordCommandSpec): Command {
  return {
    name: spec.name,
    summary: spec.summary,
    help: spec.help,
    run: (args: string[], io: CommandIo) => {
      if (recordKind(spec.kind).children !== undefined) {
        const run = parseTablesRun(spec.kind, args, io.env);
        return run.load ? runTablesLoadJob(run, run.load, io) : runTablesJob(run, io);
      }
      const run = parseRecordRun(spec, args, io.env);
      if (run.load) return runLoadJob(run, run.load, io);
      if (run.parquet) return runParquetJob(run, io);
      return runRecordJob(run, io);
    },
  };
}
