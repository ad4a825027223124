/**
 * Stable error codes of the library. The REST API and the command line map
 * them to their own outputs; `docs/errors.md` lists them and a test holds
 * the list against this one.
 */
export const ERROR_CODES = {
  invalid_state: 'The state is not a known two-letter US state, DC or territory code.',
  state_not_generatable: 'The state code is valid for ZIP lookup only (military AA, AE, AP).',
  invalid_count: 'The count is not an integer from 1 to the allowed maximum.',
  invalid_index:
    'The record index, or the last index of a range (start + count - 1), is not a whole number from 0 to 2^53 - 1.',
  invalid_zip: 'The ZIP is not a string of exactly five digits.',
  invalid_seed: 'The seed is not 1 to 256 printable ASCII characters (spaces inside only) or a finite number.',
  invalid_email_domain: 'The e-mail domain is not a valid domain name.',
  invalid_geo: 'The geo option is not true or false.',
  geo_unavailable: 'Geo fields were asked for but the generator has no geo index (browsers pass geoIndex).',
  invalid_fields:
    'The field list names an unknown field, repeats a column, has a column name that is not an identifier or is reserved (__proto__, constructor, prototype), or is empty.',
  births_unavailable: 'birthDate was asked for but the generator has no birth index (browsers pass birthIndex).',
  companies_unavailable:
    "Companies were asked for but the generator has no companies' data (browsers pass companyData).",
  households_unavailable:
    'Households were asked for but the generator has no household data (browsers pass householdData).',
  job_titles_unavailable: 'Employees were asked for but the generator has no job titles (browsers pass jobTitles).',
  invalid_index_file: 'The binary index is malformed: wrong magic, unknown version, bad checksum or truncated.',
  missing_peer_dependency:
    'ussynth/database was imported without its optional peer dependencies better-sqlite3 and kysely installed.',
  unsupported_peer_dependency:
    'ussynth/database was imported with a better-sqlite3 that cannot run on this Node (13 needs Node-API 10: Node 22.14 or later).',
} as const;

/** One of the library's stable error codes. */
export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * The one error type the library throws for bad input or bad data.
 * `code` is stable; `param` names the offending parameter when there is one.
 * @example
 * try { gen.batch({ count: 0 }) } catch (e) { if (e instanceof UssynthError) console.log(e.code, e.param) }
 */
export class UssynthError extends Error {
  /** Stable machine-readable code. */
  readonly code: ErrorCode;
  /** The parameter at fault, when the error is about one. */
  readonly param: string | undefined;

  constructor(code: ErrorCode, message: string, param?: string) {
    super(message);
    this.name = 'UssynthError';
    this.code = code;
    this.param = param;
  }
}
