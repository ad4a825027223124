import { dateBytes, numericBytes, timestampBytes, type ColumnBytes, type PgBinaryKind } from './pg-binary-rows.js';
import type { SeedRows } from './seed-rows.js';

/** numericBytes takes a fraction of up to 12 digits. */
const MAX_DIRECT_SCALE = 12;

/**
 * The columns of a binary COPY table whose values are written straight as their bytes, each a writer by row number:
 * UUIDs made by row (SeedRows.uuidsOf) into a uuid column, and a generic decimal, date or timestamp without NULLs
 * (SeedRows.numbersOf) into numeric, date or timestamp. Where the text path made each value's text and the encoder
 * parsed it back, the same bytes come from the number (docs/benchmarks.md, "Seed load"). Undefined for every other
 * column, which keeps its value's path.
 * @example new PgBinaryRows(kinds).write(rows.rows('orders', 0, 100, skip), 0, seedColumnBytes(rows, 'orders', kinds))
 */
export function seedColumnBytes(
  rows: SeedRows,
  table: string,
  kinds: readonly PgBinaryKind[],
): (ColumnBytes | undefined)[] {
  return rows.columns(table).map(({ name }, c): ColumnBytes | undefined => {
    const kind = kinds[c];
    if (kind === 'uuid') {
      const source = rows.uuidsOf(table, name);
      if (source === undefined) return undefined;
      const { uuids, index } = source;
      return (row, out, at) => {
        uuids.write(0, index(row), out, at);
        return 16;
      };
    }
    const numbers = rows.numbersOf(table, name);
    if (numbers === undefined) return undefined;
    const { rule, value } = numbers;
    if (kind === 'numeric' && rule.rule === 'decimal' && rule.scale <= MAX_DIRECT_SCALE) {
      const scale = rule.scale;
      return (row, out, at) => numericBytes(value(row), scale, out, at);
    }
    if (kind === 'date' && rule.rule === 'date') return (row, out, at) => dateBytes(value(row), out, at);
    if (kind === 'timestamp' && rule.rule === 'timestamp') return (row, out, at) => timestampBytes(value(row), out, at);
    // A date into a timestamp column: its midnight (UTC).
    if (kind === 'timestamp' && rule.rule === 'date')
      return (row, out, at) => timestampBytes(value(row) * 86_400, out, at);
    return undefined;
  });
}
