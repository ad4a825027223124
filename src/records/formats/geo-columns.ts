/**
 * The columns `--geo` adds after an address's eight, in order (the library's `AddressWithGeo`).
 * @example [...KIND_COLUMNS.address, ...GEO_COLUMNS].length // 13
 */
export const GEO_COLUMNS = ['lat', 'lon', 'county', 'countyFips', 'timeZone'] as const;

/**
 * Columns whose values are numbers, not text: JSON writes them bare, SQL as
 * `DOUBLE PRECISION` (SQLite and PostgreSQL both take it), CSV as written.
 * @example NUMBER_COLUMNS.has('lat') // true
 */
export const NUMBER_COLUMNS: ReadonlySet<string> = new Set(['lat', 'lon']);
