import { dialectSqlFormat } from '../../records/formats/dialect-sql-format.js';
import { LoadError, type LoadErrorCode } from '../../load/load-error.js';
import { runLoad } from '../../load/run-load.js';
import { CliError, type CommandIo } from '../command.js';
import { countText } from '../../count-text.js';
import { ProgressBar } from '../output/progress-bar.js';
import type { LoadRun, RecordRun } from './record-run.js';
import { jobLoadColumns, jobRange, recordReader } from '../../records/record-job.js';
import { SignalWatch } from './signal-watch.js';
import { EXIT_GENERATION_FAILED, EXIT_REMOTE_FAILED, EXIT_WRITE_FAILED } from './run-record-job.js';

// sysexits' EX_NOPERM: the role lacks a privilege.
const EXIT_NO_PERMISSION = 77;

/**
 * The CLI's exit statuses for each way a load fails (sysexits: 69 unavailable, 74 I/O error, 77 no permission).
 * @example EXIT_OF_LOAD_ERROR.table_exists // 2
 */
export const EXIT_OF_LOAD_ERROR: Readonly<Record<Exclude<LoadErrorCode, 'aborted'>, number>> = {
  invalid_load_option: 2,
  missing_driver: 2,
  unsupported_driver: 2,
  table_exists: 2,
  table_mismatch: 2,
  permission_denied: EXIT_NO_PERMISSION,
  unavailable: EXIT_REMOTE_FAILED,
  load_failed: EXIT_WRITE_FAILED,
};

/**
 * Said when `--to` holds a password: where it is exposed, and where it is not.
 * @example io.stderr.write(PASSWORD_NOTE)
 */
export const PASSWORD_NOTE =
  'ussynth: note: the password in --to is on the command line (your shell history; others see it in ps until ussynth hides it at start); ' +
  '--to env:NAME, --to @FILE, PGPASSWORD/PGPASSFILE or MYSQL_PWD keep it off (docs/cli.md, "Passwords")\n';

/** Rows `--dry-run` shows. */
const DRY_RUN_ROWS = 5;

function dryRun(run: RecordRun, load: LoadRun, io: CommandIo): number {
  const { job } = run;
  const { first, end } = jobRange(job);
  const columns = jobLoadColumns(job);
  const shown = Math.min(DRY_RUN_ROWS, end - first);
  const format = dialectSqlFormat(load.target.dialect, job.table, columns);
  const rows = recordReader(job)(first, shown);
  const existing =
    load.mode === 'create' ? 'refused' : load.mode === 'append' ? 'rows added' : 'rows replaced (truncated first)';
  const commits =
    load.commitEvery === undefined ? 'one transaction' : `a commit every ${countText(load.commitEvery, 'record')}`;
  io.stdout.write(
    `-- dry run: nothing is connected. Would load records ${first}..${end - 1} (${countText(end - first, 'row')}) into ${job.table} at ${load.target.shown},\n` +
      `-- in ${commits}; the table is created if missing (existing table: ${existing}). The DDL and the first ${countText(shown, 'row')}:\n` +
      format.head(shown) +
      format.body(rows, 0, shown) +
      format.tail(shown),
  );
  return 0;
}

/**
 * Runs `--to`: loads the job's records into the database (or, with
 * `--dry-run`, prints the DDL and the first rows), drawing the progress bar
 * on a terminal, printing each `--commit-every` commit with the `--start`
 * that resumes after it, and turning SIGINT/SIGTERM into a rollback.
 * @example process.exitCode = await runLoadJob(run, load, io)
 */
export async function runLoadJob(run: RecordRun, load: LoadRun, io: CommandIo): Promise<number> {
  const { job } = run;
  if (run.seedPicked) io.stderr.write(`seed: ${job.seed}\n`);
  if (load.passwordInArguments) io.stderr.write(PASSWORD_NOTE);
  if (load.dryRun) return dryRun(run, load, io);
  const { first, end } = jobRange(job);
  const watch = new SignalWatch();
  const progress = new ProgressBar(
    { write: (text: string) => io.stderr.write(text), isTTY: io.stderr.isTTY === true },
    end - first,
    performance.now(),
  );
  const started = performance.now();
  try {
    await runLoad({
      target: load.target,
      table: job.table,
      columns: jobLoadColumns(job),
      job,
      jobs: run.threads,
      mode: load.mode,
      commitEvery: load.commitEvery,
      shared: load.shared,
      signal: watch.signal,
      onProgress: (sent) => progress.update(sent),
      onCommit: (next) => {
        if (load.commitEvery === undefined) return;
        progress.finish();
        io.stderr.write(
          next < end
            ? `committed records ${first}..${next - 1}; to resume: --start ${next} --append\n`
            : `committed records ${first}..${next - 1}; done\n`,
        );
      },
    });
    progress.finish();
    const seconds = (performance.now() - started) / 1000;
    io.stderr.write(`loaded ${countText(end - first, 'row')} into ${job.table} in ${seconds.toFixed(1)} s\n`);
    return 0;
  } catch (error) {
    progress.finish();
    if (!(error instanceof LoadError))
      throw new CliError(
        `generation failed: ${error instanceof Error ? error.message : String(error)}`,
        EXIT_GENERATION_FAILED,
      );
    const resume =
      error.resumeAt !== undefined && error.resumeAt > first
        ? `; records ${first}..${error.resumeAt - 1} are committed: to resume, run again with --start ${error.resumeAt} --append`
        : '';
    if (error.code === 'aborted') {
      io.stderr.write(`ussynth: ${error.message}${resume}\n`);
      return watch.exitStatus();
    }
    throw new CliError(`${error.message}${resume}`, EXIT_OF_LOAD_ERROR[error.code]);
  } finally {
    watch.stop();
  }
}
