import type { PlainObjectWriter } from './formats/record-format.js';
import { recordKindNames, recordKind } from './kinds/registry.js';

export type { PlainObjectWriter } from './formats/record-format.js';

/**
 * The writer of records with these columns whose values are JSON-plain (no
 * quote, backslash or control character): the own writer (`plainJson`) of
 * the kind whose fields these are, the same text as `JSON.stringify` gives
 * for such records. Undefined for columns of no kind with such a writer.
 * @example plainJsonObjectWriter(['ein'])?.({ ein: '12-3456789' }) // '{"ein":"12-3456789"}'
 */
export function plainJsonObjectWriter(columns: readonly string[]): PlainObjectWriter | undefined {
  const key = columns.join(',');
  for (const name of recordKindNames()) {
    const kind = recordKind(name);
    if (kind.plainJson !== undefined && kind.fields.map((field) => field.name).join(',') === key) return kind.plainJson;
  }
  return undefined;
}
