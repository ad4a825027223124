import { countText } from '../../count-text.js';
import { LoadError } from '../../load/load-error.js';
import { runTablesLoad } from '../../load/load-tables.js';
import { dialectSqlFormat } from '../../records/formats/dialect-sql-format.js';
import { jobRange } from '../../records/record-job.js';
import { familyChunks, runTables, tableConstraints } from '../../records/tables/run-tables.js';
import { CliError, type CommandIo } from '../command.js';
import { ProgressBar } from '../output/progress-bar.js';
import type { LoadRun, RecordRun } from './record-run.js';
import { EXIT_OF_LOAD_ERROR, PASSWORD_NOTE } from './run-load-job.js';
import { SignalWatch } from './signal-watch.js';
import { EXIT_GENERATION_FAILED } from './run-record-job.js';

/** Parents `--dry-run` shows (with their children). */
const DRY_RUN_PARENTS = 2;

function dryRun(run: RecordRun, load: LoadRun, io: CommandIo): number {
  const { job } = run;
  const { first, end } = jobRange(job);
  const tables = runTables(job);
  const constraints = tableConstraints(load.target.dialect, tables);
  const shown = Math.min(DRY_RUN_PARENTS, end - first);
  const { parents, children } = familyChunks(job, { first, end: first + shown }).next().value!;
  const existing =
    load.mode === 'create' ? 'refused' : load.mode === 'append' ? 'rows added' : 'rows replaced (truncated first)';
  let text =
    `-- dry run: nothing is connected. Would load ${tables.kind.name} records ${first}..${end - 1} into ${tables.parent.name} and their ${tables.child.name} at ${load.target.shown},\n` +
    `-- in one transaction; the tables are created if missing (existing tables: ${existing}). The DDL and the first ${countText(shown, 'record')}:\n`;
  for (const [table, rows, keys] of [
    [tables.parent, parents, constraints.parent],
    [tables.child, children, constraints.child],
  ] as const) {
    const format = dialectSqlFormat(load.target.dialect, table.name, table.columns, keys);
    text += format.head(rows.length) + format.body(rows, 0, rows.length) + format.tail(rows.length);
  }
  io.stdout.write(text);
  return 0;
}

/**
 * Runs `--to` for a two-table kind: loads both tables in one transaction
 * (or, with `--dry-run`, prints both tables' DDL and the first rows),
 * drawing the progress bar on a terminal and turning SIGINT/SIGTERM into a
 * rollback that leaves neither table.
 * @example process.exitCode = await runTablesLoadJob(run, run.load, io)
 */
export async function runTablesLoadJob(run: RecordRun, load: LoadRun, io: CommandIo): Promise<number> {
  const { job } = run;
  if (run.seedPicked) io.stderr.write(`seed: ${job.seed}\n`);
  if (load.passwordInArguments) io.stderr.write(PASSWORD_NOTE);
  if (load.dryRun) return dryRun(run, load, io);
  const { first, end } = jobRange(job);
  const tables = runTables(job);
  const watch = new SignalWatch();
  const progress = new ProgressBar(
    { write: (text: string) => io.stderr.write(text), isTTY: io.stderr.isTTY === true },
    end - first,
    performance.now(),
  );
  const started = performance.now();
  try {
    const loaded = await runTablesLoad({
      target: load.target,
      job,
      mode: load.mode,
      shared: load.shared,
      signal: watch.signal,
      onProgress: (sent) => progress.update(sent),
    });
    progress.finish();
    const seconds = (performance.now() - started) / 1000;
    io.stderr.write(
      `loaded ${countText(loaded.parents, 'row')} into ${tables.parent.name} and ${countText(loaded.children, 'row')} into ${tables.child.name} in ${seconds.toFixed(1)} s\n`,
    );
    return 0;
  } catch (error) {
    progress.finish();
    if (!(error instanceof LoadError))
      throw new CliError(
        `generation failed: ${error instanceof Error ? error.message : String(error)}`,
        EXIT_GENERATION_FAILED,
      );
    if (error.code === 'aborted') {
      io.stderr.write(`ussynth: ${error.message}\n`);
      return watch.exitStatus();
    }
    throw new CliError(error.message, EXIT_OF_LOAD_ERROR[error.code]);
  } finally {
    watch.stop();
  }
}
