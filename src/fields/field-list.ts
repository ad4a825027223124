import { UssynthError } from '../errors.js';
import { FIELD_NAMES, GEO_FIELD_NAMES, isFieldName, type FieldName, type FieldValues } from './field-catalogue.js';

/**
 * A field list: `field` or `column=field` entries, as one comma-separated
 * string or an array of entries.
 * @example const fields: FieldList = 'id=uuid,first_name=firstName,email'
 */
export type FieldList = string | readonly string[];

/**
 * One output column: its name and the field it holds.
 * @example const column: FieldColumn = { column: 'id', field: 'uuid' }
 */
export interface FieldColumn {
  /** The column (key, CSV header, SQL column) name. */
  readonly column: string;
  /** The catalogue field it holds. */
  readonly field: FieldName;
}

/**
 * Most entries one list may hold.
 * @example parseFieldList(Array(MAX_FIELDS + 1).fill('zip')) // throws invalid_fields
 */
export const MAX_FIELDS = 64;

/**
 * A column name: letters, digits and `_`, not starting with a digit, at
 * most 63 characters: an SQL identifier (PostgreSQL's length limit), a CSV
 * header that needs no quoting, a JSON key and a JavaScript property name.
 */
export const COLUMN_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * Column names refused although they match {@link COLUMN_NAME_PATTERN}:
 * assigning `__proto__` on an object sets its prototype instead of making
 * the key, and JSON readers that guard against prototype pollution (Fastify's
 * secure-json-parse among them) refuse `__proto__` and `constructor` keys,
 * so a record with them would be lost or refused downstream. Compared with
 * case, as JavaScript compares property names.
 * @example RESERVED_COLUMN_NAMES.includes('constructor') // true
 */
export const RESERVED_COLUMN_NAMES = ['__proto__', 'constructor', 'prototype'] as const;

function invalid(message: string): never {
  throw new UssynthError('invalid_fields', message, 'fields');
}

const VALID = `valid fields: ${FIELD_NAMES.join(', ')}`;

/**
 * Parses and checks a field list: each entry `field` or `column=field`
 * (spaces around the parts ignored), the field one of {@link FIELD_NAMES}, the
 * column a valid name ({@link COLUMN_NAME_PATTERN}, none of
 * {@link RESERVED_COLUMN_NAMES}) used once (compared
 * without case, as SQL compares unquoted names), at least one and at most
 * {@link MAX_FIELDS} entries. Throws `invalid_fields` naming the entry at fault.
 * @example parseFieldList('id=uuid,email') // [{ column: 'id', field: 'uuid' }, { column: 'email', field: 'email' }]
 */
export function parseFieldList(list: unknown): readonly FieldColumn[] {
  let entries: unknown[];
  if (typeof list === 'string') entries = list.trim() === '' ? [] : list.split(',');
  else if (Array.isArray(list)) entries = list;
  else
    return invalid(
      `fields must be a comma-separated string or an array of "field" or "column=field" entries, got ${JSON.stringify(list) ?? String(list)}`,
    );
  if (entries.length === 0) invalid(`fields is empty: name at least one field (${VALID})`);
  if (entries.length > MAX_FIELDS) invalid(`fields has ${entries.length} entries; at most ${MAX_FIELDS}`);
  const seen = new Map<string, string>();
  return entries.map((entry, position) => {
    if (typeof entry !== 'string')
      return invalid(`fields entry ${position + 1} is not a string: ${JSON.stringify(entry) ?? String(entry)}`);
    const equals = entry.indexOf('=');
    const field = (equals < 0 ? entry : entry.slice(equals + 1)).trim();
    const column = equals < 0 ? field : entry.slice(0, equals).trim();
    if (field === '' && column === '') invalid(`fields entry ${position + 1} is empty (${VALID})`);
    if (!isFieldName(field))
      invalid(`unknown field ${JSON.stringify(field)} in fields entry ${JSON.stringify(entry.trim())}; ${VALID}`);
    if (!COLUMN_NAME_PATTERN.test(column)) {
      invalid(
        `column name ${JSON.stringify(column)} (fields entry ${JSON.stringify(entry.trim())}) is not valid: letters, digits and _, not starting with a digit, at most 63 characters`,
      );
    }
    if ((RESERVED_COLUMN_NAMES as readonly string[]).includes(column)) {
      invalid(
        `column name ${JSON.stringify(column)} (fields entry ${JSON.stringify(entry.trim())}) is reserved: ${RESERVED_COLUMN_NAMES.join(', ')} are not column names, as JavaScript gives them a meaning of their own; rename the column`,
      );
    }
    const folded = column.toLowerCase();
    const earlier = seen.get(folded);
    if (earlier !== undefined)
      invalid(
        `column ${JSON.stringify(column)} appears twice in fields${earlier === column ? '' : ` (as ${JSON.stringify(earlier)}: column names compare without case)`}`,
      );
    seen.set(folded, column);
    return { column, field };
  });
}

/**
 * The one rule for `geo` with a field list: refused, since the list names
 * the geographic fields itself. The message, with each surface's own names
 * for the two options (`geo` and `fields` in the library, `geo=true` in the
 * API, `--geo` and `--fields` on the command line).
 * @example geoWithFieldsProblem('--geo', '--fields') // "--geo cannot be combined with --fields: name the geographic fields (lat, ...) in --fields"
 */
export function geoWithFieldsProblem(geo: string, fields: string): string {
  return `${geo} cannot be combined with ${fields}: name the geographic fields (${GEO_FIELD_NAMES.join(', ')}) in ${fields}`;
}

type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S;
type Split<S extends string> = S extends `${infer Head},${infer Tail}` ? [Trim<Head>, ...Split<Tail>] : [Trim<S>];
type Entries<L> = L extends string ? Split<L>[number] : L extends readonly (infer E extends string)[] ? Trim<E> : never;
type ColumnOf<E extends string> = E extends `${infer C}=${string}` ? Trim<C> : E;
type FieldOf<E extends string> = E extends `${string}=${infer F}` ? Trim<F> : E;

/**
 * The record a field list gives: one key per column, typed by its field.
 * A list only known as `string` gives a record of any column.
 * @example type R = FieldRecord<['id=uuid', 'email']> // { id: string; email: string }
 */
export type FieldRecord<L extends FieldList> =
  string extends Entries<L>
    ? { [column: string]: FieldValues[FieldName] }
    : { [E in Entries<L> as ColumnOf<E>]: FieldOf<E> extends FieldName ? FieldValues[FieldOf<E>] : never };
