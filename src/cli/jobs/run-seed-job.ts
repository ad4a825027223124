import { countText } from '../../count-text.js';
import { createGenerator } from '../../index.js';
import { LoadError } from '../../load/load-error.js';
import { withoutSecrets } from '../../load/masked-target.js';
import type { SqlDialect } from '../../records/columns/sql-dialect.js';
import type { DatabaseSchema } from '../../seed/database-schema.js';
import { planText } from '../../seed/plan-text.js';
import { schemaTableSql } from '../../seed/schema-ddl.js';
import type { SchemaTablePlan } from '../../seed/schema-file-plan.js';
import { readDatabaseSchema, readExistingKeys, runSeedLoad } from '../../seed/seed-database.js';
import { SeedError } from '../../seed/seed-error.js';
import { buildSeedPlan, type SeedPlan } from '../../seed/seed-plan.js';
import { SeedRows, type SeedTableRun } from '../../seed/seed-rows.js';
import { CliError, type CommandIo } from '../command.js';
import { ProgressBar } from '../output/progress-bar.js';
import { EXIT_OF_LOAD_ERROR, PASSWORD_NOTE } from './run-load-job.js';
import { SignalWatch } from './signal-watch.js';
import { EXIT_GENERATION_FAILED } from './run-record-job.js';
import { loadSchemaFile } from './schema-file.js';
import { existingSeedFiles, SeedFilesInterrupted, writeSeedFiles } from './seed-files.js';
import { type SeedRun, seedFilePath, type TableCount } from './seed-run.js';

/** What a run fills: the tables in insert order, and for a schema file each table's CREATE TABLE. */
interface SeedTables {
  readonly tables: readonly SeedTableRun[];
  readonly create?: ReadonlyMap<string, string>;
}

/**
 * The tables of existing ones with their counts: `--count TABLE=N` a plain
 * count, `TABLE=MIN-MAX` per row of the table's first NOT NULL reference to
 * a seeded table, a member table of a seeded household table its
 * households' sizes, any other `--count N`.
 * @example tableRuns(plan, schema, { count: 100, counts: new Map([['contacts', { min: 1, max: 5 }]]) })
 */
export function tableRuns(
  plan: SeedPlan,
  schema: DatabaseSchema,
  source: { readonly count: number; readonly counts: ReadonlyMap<string, TableCount> },
): SeedTableRun[] {
  const seeded = new Set(plan.tables.map((t) => t.table));
  for (const table of source.counts.keys())
    if (!seeded.has(table))
      throw new CliError(`--count ${table}=...: ${table} is not one of the tables seeded (${[...seeded].join(', ')})`);
  return plan.tables.map((table) => {
    const info = schema.tables.find((t) => t.name === table.table);
    const keys = info?.columns.filter((c) => c.primaryKey) ?? [];
    const primaryKey = keys.length === 1 ? keys[0].name : undefined;
    const parent = table.columns.find(
      (c) =>
        c.rule.rule === 'reference' &&
        seeded.has(c.rule.table) &&
        c.nulls === 0 &&
        info?.columns.find((column) => column.name === c.column)?.notNull === true,
    )?.rule as { table: string } | undefined;
    const given = source.counts.get(table.table);
    const member = table.source === 'member' && parent !== undefined;
    if (member && given !== undefined)
      throw new CliError(
        `--count ${table.table}=...: ${table.table} holds the people of its households (${parent.table}), whose sizes decide its rows; leave its count out`,
      );
    let count: SeedTableRun['count'];
    if (typeof given === 'object') {
      if (parent === undefined)
        throw new CliError(
          `--count ${table.table}=${given.min}-${given.max}: a range is per row of a parent, and ${table.table} has no NOT NULL reference to a table being seeded; give a number of rows`,
        );
      count = { per: parent.table, ...given };
    } else if (given !== undefined) count = given;
    else if (member) count = undefined;
    else count = source.count;
    return { ...table, count, ...(primaryKey === undefined ? {} : { primaryKey }) };
  });
}

/** The dialect a schema file's CREATE TABLEs are written in: the database's, or the `sql` files'. */
function dialectOf(run: SeedRun): SqlDialect {
  return run.to?.target.dialect ?? run.out?.dialect ?? 'postgres';
}

/** A schema file's tables and their CREATE TABLEs, or the existing tables of `--to` planned. */
async function seedTables(run: SeedRun, signal: AbortSignal): Promise<SeedTables> {
  if ('schema' in run.source) {
    const plan = await loadSchemaFile(run.source.schema, run.set);
    const plans = new Map<string, SchemaTablePlan>(plan.tables.map((t) => [t.table, t]));
    const dialect = dialectOf(run);
    const create = new Map(plan.tables.map((t) => [t.table, schemaTableSql(dialect, t, plans)]));
    const tables = plan.tables.map(
      (t): SeedTableRun => ({ ...t, ...(t.primaryKey === undefined ? {} : { primaryKey: t.primaryKey }) }),
    );
    return { tables, create };
  }
  const target = run.to!.target;
  const schema = await readDatabaseSchema(target, signal);
  const plan = buildSeedPlan(schema, { tables: run.source.tables, set: run.set });
  return { tables: tableRuns(plan, schema, run.source) };
}

/** The rows each table gets in this run (the shard's, with `--shard`). */
function rowRanges(run: SeedRun, rows: SeedRows, tables: readonly SeedTableRun[]) {
  return tables.map((t) => {
    const { first, end } =
      run.shard === undefined
        ? { first: 0, end: rows.rowCount(t.table) }
        : rows.shardRange(t.table, run.shard.index, run.shard.count);
    return { table: t.table, first, end, total: rows.rowCount(t.table) };
  });
}

function dryRun(run: SeedRun, seeded: SeedTables, rows: SeedRows, io: CommandIo): number {
  const ranges = rowRanges(run, rows, seeded.tables);
  const width = Math.max(...ranges.map((r) => r.table.length));
  const where =
    run.to !== undefined
      ? `into ${run.to.target.shown} (${run.to.mode === 'create' ? 'tables created; an existing one refused' : run.to.mode === 'append' ? 'rows added to the tables' : 'the tables emptied first'})`
      : `to ${seeded.tables.map((t) => seedFilePath(run.out!.dir, t.table, run.out!.format)).join(', ')}`;
  let text = `-- dry run: nothing is written${'schema' in run.source ? ' and nothing connected' : ''}. Would seed ${where}, in this order:\n`;
  for (const r of ranges)
    text += `--   ${r.table.padEnd(width)}  ${countText(r.end - r.first, 'row')}${run.shard === undefined ? '' : ` (rows ${r.first}..${r.end - 1} of ${r.total}, shard ${run.shard.index}/${run.shard.count})`}\n`;
  text += '\n';
  text += planText({ tables: seeded.tables });
  if (seeded.create !== undefined) {
    text += '\n';
    for (const t of seeded.tables) text += `${seeded.create.get(t.table)};\n`;
  }
  io.stdout.write(text);
  return 0;
}

/** The summary line: rows per table, in insert order. */
function summary(done: ReadonlyMap<string, number>): string {
  return [...done].map(([table, n]) => `${countText(n, 'row')} into ${table}`).join(', ');
}

/**
 * Runs a parsed `ussynth seed`: plans the tables (a schema file, or the
 * `--to` database's tables), then prints the plan (`--dry-run`), writes one
 * file per table (`--out`, all or nothing), or fills the database in one
 * transaction (`--to`). A SeedError is exit 2 with its message; a load
 * failure the `--to` statuses; SIGINT/SIGTERM leaves no file and no row.
 * The password of `--to` is in no message.
 * @example process.exitCode = await runSeedJob(parseSeedRun(args, process.env), io)
 */
export async function runSeedJob(run: SeedRun, io: CommandIo): Promise<number> {
  if (run.seedPicked) io.stderr.write(`seed: ${run.seed}\n`);
  if (run.to?.passwordInArguments) io.stderr.write(PASSWORD_NOTE);
  const secrets = run.to?.target.secrets ?? [];
  const watch = new SignalWatch();
  let progress: ProgressBar | undefined;
  try {
    const seeded = await seedTables(run, watch.signal);
    // The keys of existing parent rows are read before any row is made (a dry run makes none: it reads none).
    const existingKeys =
      run.to !== undefined && !run.dryRun
        ? await readExistingKeys(run.to.target, seeded.tables, watch.signal)
        : undefined;
    const rows = new SeedRows({
      seed: run.seed,
      tables: seeded.tables,
      generatorFor: (seed) => createGenerator({ seed }),
      ...(existingKeys === undefined ? {} : { existingKeys }),
    });
    if (run.dryRun) return dryRun(run, seeded, rows, io);
    const total = rowRanges(run, rows, seeded.tables).reduce((sum, r) => sum + r.end - r.first, 0);
    progress = new ProgressBar(
      { write: (text: string) => io.stderr.write(text), isTTY: io.stderr.isTTY === true },
      total,
      performance.now(),
    );
    const bar = progress;
    const started = performance.now();
    let done: ReadonlyMap<string, number>;
    if (run.out !== undefined) {
      const { dir, format, dialect } = run.out;
      const there = existingSeedFiles(
        dir,
        seeded.tables.map((t) => t.table),
        format,
      );
      if (there.length > 0)
        throw new CliError(
          `--out ${dir}: ${there.join(', ')} ${there.length === 1 ? 'exists' : 'exist'} already; remove ${there.length === 1 ? 'it' : 'them'} or choose another folder (nothing was written)`,
        );
      done = await writeSeedFiles(
        rows,
        seeded.tables.map((t) => ({ table: t.table, create: seeded.create?.get(t.table) })),
        {
          dir,
          format,
          dialect,
          shard: run.shard,
          seed: run.seed,
          interrupted: () => watch.received !== undefined,
          onProgress: (n) => bar.update(n),
        },
      );
    } else {
      const to = run.to!;
      done = await runSeedLoad({
        target: to.target,
        rows,
        tables: seeded.tables,
        ...(seeded.create === undefined ? {} : { create: seeded.create }),
        mode: to.mode,
        ...(run.shard === undefined ? {} : { shard: run.shard }),
        signal: watch.signal,
        onProgress: (n) => bar.update(n),
      });
    }
    progress.finish();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const out = run.out;
    io.stderr.write(
      out !== undefined
        ? `wrote ${[...done].map(([table, n]) => `${seedFilePath(out.dir, table, out.format)} (${countText(n, 'row')})`).join(', ')} in ${seconds} s\n`
        : `loaded ${summary(done)} in ${seconds} s\n`,
    );
    return 0;
  } catch (error) {
    progress?.finish();
    const aborted = error instanceof LoadError && error.code === 'aborted';
    if (error instanceof SeedFilesInterrupted || aborted) {
      io.stderr.write(
        `ussynth: interrupted by ${watch.received ?? 'SIGINT'}; ${run.out !== undefined ? 'no file was written' : 'nothing was written (rolled back)'}\n`,
      );
      return watch.exitStatus();
    }
    if (error instanceof CliError) throw new CliError(withoutSecrets(error.message, secrets), error.exitCode);
    if (error instanceof SeedError) throw new CliError(withoutSecrets(error.message, secrets), 2);
    if (error instanceof LoadError && error.code !== 'aborted')
      throw new CliError(withoutSecrets(error.message, secrets), EXIT_OF_LOAD_ERROR[error.code]);
    throw new CliError(
      withoutSecrets(`generation failed: ${error instanceof Error ? error.message : String(error)}`, secrets),
      EXIT_GENERATION_FAILED,
    );
  } finally {
    watch.stop();
  }
}
