// Shared generators and helpers of the format tests.
import fc from 'fast-check';
import type { RecordFormat, TextRecord } from '../../../src/records/formats/record-format.js';

/** Any text a field could hold, with quotes, commas, line breaks, non-ASCII and lone surrogates. */
export const fieldText = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom('"', "'", ',', '\n', '\r', '\\', ';', ' ', 'a', 'é', '😀', '\t', '--') }),
);

/** Records of two text fields `a` and `b`. */
export const text2Records = fc.array(fc.record({ a: fieldText, b: fieldText }), { maxLength: 40 });

/**
 * Renders records in chunks of the given sizes (cycled), as the worker threads do, and joins them.
 * @example splitRender(format, records, [3, 1])
 */
export function splitRender(format: RecordFormat, records: readonly TextRecord[], cuts: readonly number[]): string {
  let text = format.head(records.length);
  for (let start = 0, i = 0; start < records.length; i++) {
    const end = Math.min(records.length, start + cuts[i % cuts.length]);
    text += format.body(records.slice(start, end), start, records.length);
    start = end;
  }
  return text + format.tail(records.length);
}
