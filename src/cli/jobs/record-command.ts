import { statSync } from 'node:fs';
import type { ParseArgsConfig } from 'node:util';
import { createGenerator, parseFieldList } from '../../index.js';
import { CliError, type Command, type CommandIo } from '../command.js';
import { FORMAT_NAMES, isFormatName, type JsonShape } from '../output/record-format.js';
import { tableNameProblem } from '../output/sql-format.js';
import { asCliError } from './library-error.js';
import { parseOptions, positiveInteger } from './parse-options.js';
import type { RecordJob, RecordKind } from './record-job.js';
import { remoteSource } from './remote-source.js';
import { runRecordJob, type RecordRun } from './run-record-job.js';

/**
 * Most worker threads `--jobs` accepts; more than the cores only adds overhead.
 * @example positiveInteger('--jobs', '4', MAX_JOBS) // 4
 */
export const MAX_JOBS = 64;

/**
 * How one of `address`, `batch`, `ein`, `phone` differs from the others.
 * @example recordCommand({ name: 'ein', kind: 'ein', table: 'eins', summary: 'EINs', help: '...' })
 */
export interface RecordCommandSpec {
  name: string;
  kind: RecordKind;
  summary: string;
  help: string;
  /** Default SQL table name. */
  table: string;
  /** `batch`: JSON is the batch result and `--count` is required. */
  batch?: boolean;
  /** Takes `--state`. */
  state?: boolean;
  /** Takes `--email-domain`. */
  emailDomain?: boolean;
  /** Takes `--fictional-phones`. */
  fictionalPhones?: boolean;
  /** Takes `--geo` and `--fields`. */
  geo?: boolean;
}

function optionsOf(spec: RecordCommandSpec): NonNullable<ParseArgsConfig['options']> {
  return {
    seed: { type: 'string' },
    count: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    table: { type: 'string' },
    jobs: { type: 'string' },
    remote: { type: 'string' },
    ...(spec.state ? { state: { type: 'string' } } : {}),
    ...(spec.emailDomain ? { 'email-domain': { type: 'string' } } : {}),
    ...(spec.fictionalPhones ? { 'fictional-phones': { type: 'boolean' } } : {}),
    ...(spec.geo ? { geo: { type: 'boolean' }, fields: { type: 'string' } } : {}),
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
  const format = text('format') ?? 'json';
  if (!isFormatName(format)) throw new CliError(`--format must be one of ${FORMAT_NAMES.join(', ')}, got ${JSON.stringify(format)}`);
  const countText = text('count');
  if (countText === undefined && spec.batch) throw new CliError(`--count is required: how many addresses the batch holds`);
  const count = countText === undefined ? 1 : positiveInteger('--count', countText, Number.MAX_SAFE_INTEGER);
  const table = text('table') ?? spec.table;
  const problem = tableNameProblem(table);
  if (problem) throw new CliError(problem);
  if (text('table') !== undefined && format !== 'sql') throw new CliError('--table applies to --format sql only');
  const jobs = text('jobs') === undefined ? 1 : positiveInteger('--jobs', text('jobs')!, MAX_JOBS);
  const out = text('out');
  if (out === '') throw new CliError('--out must be a file path');
  if (out !== undefined && statSync(out, { throwIfNoEntry: false })?.isDirectory()) throw new CliError(`--out ${out} is a directory; give a file path`);
  const seed = text('seed');
  const emailDomain = text('email-domain');
  const state = text('state');
  const fictionalPhones = values['fictional-phones'] === true;
  // Building the generator checks the seed, the e-mail domain and the state with the library's own rules.
  const generator = asCliError(() => createGenerator({ seed, emailDomain, fictionalPhones }));
  if (state !== undefined) asCliError(() => (spec.kind === 'phone' ? generator.phoneAt(0, { state }) : generator.addressAt(0, { state })));
  const jsonShape: JsonShape = spec.batch ? 'batch' : countText === undefined ? 'object' : 'array';
  const job: RecordJob = { kind: spec.kind, seed: generator.seed, fictionalPhones, format, table, jsonShape, count };
  if (state !== undefined) job.state = state;
  if (emailDomain !== undefined) job.emailDomain = emailDomain;
  if (values.geo === true) job.geo = true;
  const fields = text('fields');
  if (fields !== undefined) {
    if (job.geo) throw new CliError('--geo cannot be combined with --fields: name the geographic fields (lat, lon, county, countyFips, timeZone) in --fields');
    job.fields = asCliError(() => parseFieldList(fields))
      .map(({ column, field }) => (column === field ? field : `${column}=${field}`))
      .join(',');
  }
  const run: RecordRun = { job, seedPicked: seed === undefined, out, jobs };
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
    run: (args: string[], io: CommandIo) => runRecordJob(parseRecordRun(spec, args, io.env), io),
  };
}

