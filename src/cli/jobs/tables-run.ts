import { loadTargetOption } from './load-target-option.js';
import { statSync } from 'node:fs';
import type { ParseArgsConfig } from 'node:util';
import { createGenerator } from '../../index.js';
import { writtenPassword } from '../../load/masked-target.js';
import { isSqlDialect, SQL_DIALECTS } from '../../records/columns/sql-dialect.js';
import { isFormatName, type JsonShape } from '../../records/formats/record-format.js';
import { tableNameProblem } from '../../records/formats/sql-format.js';
import { recordKind } from '../../records/kinds/registry.js';
import { shardRange, type RecordJob, type RecordRange } from '../../records/record-job.js';
import { parseTableFields } from '../../records/tables/table-fields.js';
import { familyChunks } from '../../records/tables/run-tables.js';
import { CliError } from '../command.js';
import { asCliError } from './library-error.js';
import { parseOptions, positiveInteger } from './parse-options.js';
import { shardOption } from './shard-option.js';
import type { RecordRun } from './record-run.js';

type TableFileFormat = NonNullable<NonNullable<RecordRun['tables']>['format']>;

function optionsOf(kindName: string): NonNullable<ParseArgsConfig['options']> {
  const kind = recordKind(kindName);
  const parentOption = kind.children?.parentOption;
  return {
    seed: { type: 'string' },
    count: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    table: { type: 'string' },
    jobs: { type: 'string' },
    to: { type: 'string' },
    append: { type: 'boolean' },
    truncate: { type: 'boolean' },
    start: { type: 'string' },
    'dry-run': { type: 'boolean' },
    shard: { type: 'string' },
    dialect: { type: 'string' },
    fields: { type: 'string' },
    ...(kind.takes.state ? { state: { type: 'string' } } : {}),
    ...(parentOption === undefined ? {} : { [parentOption]: { type: 'string' } }),
  } as const;
}

/**
 * Parses `--company N` or `--company A-B` (a parent option): the parents' first index and how many.
 * @example parentRange('--company', '3-5') // { first: 3, count: 3 }
 */
export function parentRange(option: string, text: string): { first: number; count: number } {
  const match = /^([0-9]+)(?:-([0-9]+))?$/.exec(text);
  const first = match ? Number(match[1]) : NaN;
  const last = match ? Number(match[2] ?? match[1]) : NaN;
  if (!match || !Number.isSafeInteger(first) || !Number.isSafeInteger(last) || last < first)
    throw new CliError(
      `${option} must be an index N or a range A-B of indexes (whole numbers, A at most B), such as ${option} 0 or ${option} 0-9; got ${JSON.stringify(text)}`,
    );
  return { first, count: last - first + 1 };
}

/**
 * Parses and checks a two-table kind's command (`household`, `employee`)
 * completely before anything is written or connected: `--count`/`--start`
 * count parents (or, with the kind's parent option such as `--company A-B`,
 * each parent's children), `--table PARENTS,CHILDREN`, `--fields` per table,
 * `--out DIR/` for one file per table, JSON and NDJSON nested otherwise.
 * @example parseTablesRun('household', ['--count', '10', '--format', 'csv', '--out', 'dir/'], process.env).tables // { dir: 'dir/' }
 */
export function parseTablesRun(kindName: string, args: string[], env: NodeJS.ProcessEnv): RecordRun {
  const kind = recordKind(kindName);
  const children = kind.children!;
  const { values } = parseOptions(kindName, args, optionsOf(kindName));
  const text = (name: string): string | undefined => values[name] as string | undefined;
  const format = text('format') ?? 'json';
  if (!isFormatName(format) && format !== 'parquet')
    throw new CliError(`--format must be one of json, ndjson, csv, sql, parquet; got ${JSON.stringify(format)}`);
  const [parentTable, childTable, extra] = (text('table') ?? `${kind.table},${children.table}`).split(',');
  if (childTable === undefined || extra !== undefined)
    throw new CliError(
      `--table takes two names for ${kindName}: PARENTS,CHILDREN (default ${kind.table},${children.table}); got ${JSON.stringify(text('table'))}`,
    );
  for (const table of [parentTable, childTable]) {
    const problem = tableNameProblem(table);
    if (problem) throw new CliError(problem);
  }
  if (parentTable === childTable) throw new CliError(`--table names one table twice: ${parentTable}`);
  const to = text('to');
  const outText = text('out');
  if (outText === '') throw new CliError('--out must be a file path or a folder (DIR/)');
  const dir =
    outText !== undefined && (outText.endsWith('/') || statSync(outText, { throwIfNoEntry: false })?.isDirectory())
      ? outText
      : undefined;
  if (text('table') !== undefined && to === undefined && format !== 'sql')
    throw new CliError('--table applies to --format sql and --to only');
  const dialect = text('dialect');
  if (dialect !== undefined && format !== 'sql') throw new CliError('--dialect applies to --format sql only');
  if (dialect !== undefined && !isSqlDialect(dialect))
    throw new CliError(`--dialect must be one of ${SQL_DIALECTS.join(', ')}, got ${JSON.stringify(dialect)}`);
  if (text('jobs') !== undefined && positiveInteger('--jobs', text('jobs')!, 64) > 1)
    throw new CliError(
      `${kindName} writes its two tables on one thread: leave out --jobs (or give --jobs 1); split a large run with --shard`,
    );
  if (to === undefined) {
    if (dir === undefined && (format === 'csv' || format === 'sql' || format === 'parquet'))
      throw new CliError(
        `${kindName} is two tables (${parentTable} and ${childTable}): --format ${format} writes one file per table, so give a folder: --out DIR/ (JSON and NDJSON nest the ${childTable} in their ${parentTable} on stdout or in one file)`,
      );
    if (dir !== undefined && format === 'json')
      throw new CliError(
        `--format json nests the ${childTable} in their ${parentTable}: write it to stdout or --out FILE; for one file per table in ${dir} use --format csv, ndjson, sql or parquet`,
      );
  } else {
    if (text('format') !== undefined) throw new CliError('--to loads the database directly: leave out --format');
    if (outText !== undefined) throw new CliError('--to loads the database directly: leave out --out');
  }
  for (const option of ['append', 'truncate', 'dry-run']) {
    if (values[option] === true && to === undefined) throw new CliError(`--${option} applies to --to only`);
  }
  if (values.append === true && values.truncate === true)
    throw new CliError('--append and --truncate exclude each other');

  // Which parents: --count/--start, or the parent option with --count/--start choosing each parent's children.
  const countText = text('count');
  const startText = text('start');
  const parentOption = children.parentOption;
  let count: number;
  let range: RecordRange | undefined;
  const picked: Pick<RecordJob, 'parentOffset' | 'childStart' | 'childCount'> = {};
  let jsonShape: JsonShape;
  const shardText = text('shard');
  if (parentOption !== undefined) {
    const given = text(parentOption);
    if (given === undefined)
      throw new CliError(`--${parentOption} is required: the ${parentTable} whose ${childTable} to write (N or A-B)`);
    const parents = parentRange(`--${parentOption}`, given);
    count = parents.count;
    picked.parentOffset = parents.first;
    if (countText !== undefined) picked.childCount = positiveInteger('--count', countText, Number.MAX_SAFE_INTEGER);
    if (startText !== undefined) {
      const start = /^[0-9]+$/.test(startText) ? Number(startText) : NaN;
      if (!Number.isSafeInteger(start))
        throw new CliError(
          `--start must be a whole number (the first of each ${parentOption}'s ${childTable}), got ${JSON.stringify(startText)}`,
        );
      picked.childStart = start;
    }
    jsonShape = given.includes('-') ? 'array' : 'object';
  } else {
    count = countText === undefined ? 1 : positiveInteger('--count', countText, Number.MAX_SAFE_INTEGER);
    jsonShape = countText === undefined ? 'object' : 'array';
  }
  const shard = shardText === undefined ? undefined : shardOption(shardText, count);
  if (shard !== undefined) range = shardRange(count, shard.index, shard.total);
  if (parentOption === undefined && startText !== undefined) {
    const whole = range ?? { first: 0, end: count };
    const start = /^[0-9]+$/.test(startText) ? Number(startText) : NaN;
    if (!Number.isSafeInteger(start) || start < whole.first || start >= whole.end)
      throw new CliError(
        `--start must be a ${kind.name} index from ${whole.first} to ${whole.end - 1}${shard ? ` (shard ${shard.index}/${shard.total}'s ${parentTable})` : ''}, got ${JSON.stringify(startText)}`,
      );
    range = { first: start, end: whole.end };
  }
  if (shard !== undefined && to !== undefined && values.append !== true)
    throw new CliError(
      '--shard with --to: the shards load the same two tables, so add --append (the first shard to arrive creates them)',
    );
  if (shard !== undefined && values.truncate === true)
    throw new CliError('--truncate cannot be combined with --shard: a shard would empty its siblings’ rows');

  const seed = text('seed');
  const state = text('state');
  const generator = asCliError(() => createGenerator({ seed }));
  const job: RecordJob = {
    kind: kindName,
    seed: generator.seed,
    fictionalPhones: false,
    format: isFormatName(format) ? format : 'ndjson',
    table: parentTable,
    childTable,
    jsonShape,
    count,
    ...picked,
  };
  if (state !== undefined) job.state = state;
  if (range !== undefined) job.range = range;
  if (dialect !== undefined) job.dialect = dialect as RecordJob['dialect'];
  const fields = text('fields');
  if (fields !== undefined) {
    const kept = parseTableFields(kind, fields, parentTable, childTable);
    if (typeof kept === 'string') throw new CliError(kept);
    job.tableFields = kept;
  }
  // The first parent checks the state (and the parent option's index) with the library's own rules, before any output.
  const first = range?.first ?? 0;
  asCliError(() => familyChunks(job, { first, end: first + 1 }).next());

  const run: RecordRun = { job, seedPicked: seed === undefined, out: outText, threads: 1 };
  if (to !== undefined) {
    const target = loadTargetOption(to, env);
    run.load = {
      target,
      mode: values.truncate === true ? 'truncate' : values.append === true ? 'append' : 'create',
      dryRun: values['dry-run'] === true,
      shared: shard !== undefined,
    };
    if (target.url === to && (writtenPassword(to) !== undefined || target.secrets.length > 0))
      run.load.passwordInArguments = true;
  } else {
    run.tables = dir === undefined ? {} : { dir, format: format as TableFileFormat };
  }
  return run;
}
