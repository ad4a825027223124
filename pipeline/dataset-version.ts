/**
 * Version of the compiled dataset, written into the index header, the
 * SQLite metadata and the manifest. Bump it whenever datasets/ or the build
 * changes what is compiled; golden files change with it, deliberately.
 */
export const DATASET_VERSION = '2026.11.5';
