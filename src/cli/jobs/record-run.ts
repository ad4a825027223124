import type { LoadTarget } from '../../load/load-target.js';
import type { TableMode } from '../../load/run-load.js';
import type { RecordJob } from '../../records/record-job.js';
import type { RemoteSource } from './remote-source.js';

/**
 * A parsed run: the job and where and how to run it.
 * @example await runRecordJob(parseRecordRun(spec, ['--count', '10']), io)
 */
export interface RecordRun {
  job: RecordJob;
  /** Whether the seed was picked (and must be told on stderr). */
  seedPicked: boolean;
  out: string | undefined;
  /** Threads rendering the records (`--jobs`; for `--to`, its default by dialect). */
  threads: number;
  /** With `--remote URL`: the records come from the API through the client. */
  remote?: RemoteSource;
  /** With `--to URL`: the records go into a database table. */
  load?: LoadRun;
  /** `--format parquet`: a Parquet file at `out` (with `--shard`, `out` is a folder of part files). */
  parquet?: { shard?: { index: number; total: number } };
  /**
   * A two-table kind's run to files: with `dir`, one file per table in it
   * (`--out DIR/`); without, parents with their children nested (JSON, NDJSON).
   */
  tables?: { dir?: string; format?: 'csv' | 'ndjson' | 'sql' | 'parquet' };
}

/**
 * How `--to` loads: the parsed target and the table options.
 * @example const load: LoadRun = { target: parseLoadTarget('sqlite:t.db'), mode: 'create', dryRun: false, shared: false }
 */
export interface LoadRun {
  target: LoadTarget;
  mode: TableMode;
  commitEvery?: number;
  dryRun: boolean;
  /** The password is in the `--to` argument itself (not `env:NAME` or `@FILE`): a note says where else it can go. */
  passwordInArguments?: boolean;
  /** `--shard`: the table is shared with the other shards' loads. */
  shared: boolean;
}
