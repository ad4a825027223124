/**
 * Seeding databases from code (`ussynth/load`): a test's global set-up
 * fills a table in one call. Kept apart from the main entry so that
 * generating data never loads a database driver.
 * @example
 * import { load } from 'ussynth/load';
 * await load({ to: 'postgres://postgres@127.0.0.1/test', table: 'customers', count: 10_000, seed: 42 });
 */
export { load } from './load/load.js';
export type { LoadOptions, LoadResult } from './load/load.js';
export { LOAD_ERROR_CODES, LoadError } from './load/load-error.js';
export type { LoadErrorCode } from './load/load-error.js';
export { DRIVER_PACKAGES } from './load/load-drivers.js';
export { COLUMN_SQL_TYPES } from './records/columns/load-columns.js';
export type { ColumnType, LoadColumn } from './records/columns/load-columns.js';
