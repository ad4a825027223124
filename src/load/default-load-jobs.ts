import { availableParallelism } from 'node:os';
import type { SqlDialect } from '../records/columns/sql-dialect.js';

/**
 * Fewest records a transaction must hold for `--to sqlite:` to load on two
 * threads by default: starting the worker (its isolate and its copy of the
 * index, about 0.1-0.2 s) costs more than it saves on fewer.
 * @example defaultLoadJobs('sqlite', MIN_THREADED_RECORDS, 2) // 2
 */
export const MIN_THREADED_RECORDS = 50_000;

/**
 * Threads `--to` uses when `--jobs` is not given: 2 for SQLite on a machine
 * with 2 or more cores when a transaction holds at least
 * MIN_THREADED_RECORDS records (a worker thread makes and renders the rows
 * while the main thread inserts them: about half the time of one thread,
 * measured in docs/benchmarks.md), else 1. PostgreSQL and MySQL stay on one
 * thread: their server needs the other core.
 * @example defaultLoadJobs('sqlite', 1_000_000, 2) // 2
 */
export function defaultLoadJobs(
  dialect: SqlDialect,
  recordsPerTransaction: number,
  cores: number = availableParallelism(),
): number {
  return dialect === 'sqlite' && cores >= 2 && recordsPerTransaction >= MIN_THREADED_RECORDS ? 2 : 1;
}
