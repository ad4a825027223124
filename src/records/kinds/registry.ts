import type { RecordKind } from '../record-kind.js';
import { addressKind } from './address.js';
import { companyKind } from './company.js';
import { einKind } from './ein.js';
import { phoneKind } from './phone.js';
import { zipKind } from './zip.js';

// The kinds, one line each: a new kind is its file in this folder and its line here.
const KINDS = new Map<string, RecordKind>(
  [addressKind, companyKind, einKind, phoneKind, zipKind].map((kind) => [kind.name, kind]),
);

/**
 * The kind of this name; throws a RangeError naming the known kinds for an unknown name
 * (a kind's name comes from code, not from a user: the commands are built from kinds).
 * @example recordKind('ein').table // "eins"
 */
export function recordKind(name: string): RecordKind {
  const kind = KINDS.get(name);
  if (kind === undefined)
    throw new RangeError(`unknown record kind ${JSON.stringify(name)}; known kinds: ${recordKindNames().join(', ')}`);
  return kind;
}

/**
 * The names of the registered kinds, sorted by code point.
 * @example recordKindNames() // ['address', 'ein', 'phone', 'zip']
 */
export function recordKindNames(): string[] {
  return [...KINDS.keys()].sort();
}

/**
 * Adds a kind for this process: a library's own kinds, or a test's. Worker
 * threads load the registry afresh and know only the kinds listed in it, so
 * a kind added here runs on one thread (`--jobs 1`); a kind of the package
 * is listed in this file instead. Throws a RangeError for a name already taken.
 * @example registerRecordKind({ name: 'sku', table: 'skus', fields: [{ name: 'sku', type: 'text' }], takes: {}, reader: skuReader })
 */
export function registerRecordKind(kind: RecordKind): void {
  if (KINDS.has(kind.name)) throw new RangeError(`record kind ${JSON.stringify(kind.name)} is already registered`);
  KINDS.set(kind.name, kind);
}
