import type { DataIndex, WeightedTable } from '../data-index/data-index.js';
import type { RandomSource } from '../random/record-random.js';

const TWO_32 = 4294967296;

/**
 * Draws a column of a weighted table in O(1) (Walker's alias method); a
 * segment of a segmented table is drawn with {@link pickColumnIn}.
 *
 * One 32-bit draw r serves both steps: r x length (the table's size) is exact in a double
 * (below 2^53); its high part, floor(r x length / 2^32), is the uniform
 * column j, and its low part, r x length - j x 2^32, is uniform over
 * [0, 2^32) within the column (in steps of `length`), so comparing it with
 * the threshold keeps j with its probability to within 2^-32. A second
 * draw for the comparison cost 13 % of the address rate (docs/benchmarks.md).
 * @example const column = pickColumn(data.table('FF'), random)
 */
export function pickColumn(table: WeightedTable, random: RandomSource): number {
  const scaled = random.nextUint32() * table.size;
  const column = Math.floor(scaled / TWO_32);
  const cells = table.cells;
  return scaled - column * TWO_32 < cells[2 * column] ? column : cells[2 * column + 1];
}

/**
 * {@link pickColumn} within one segment of a segmented table (one state's
 * ZIPs or area codes): `length` columns from `offset`, whose alias columns
 * are relative to the offset. Two functions rather than default parameters:
 * the smaller bytecode lets V8 inline more of a record's draws (docs/benchmarks.md).
 * @example const entry = pickColumnIn(data.table('ZS'), random, st.zipOffset, st.zipCount)
 */
export function pickColumnIn(table: WeightedTable, random: RandomSource, offset: number, length: number): number {
  const scaled = random.nextUint32() * length;
  const within = Math.floor(scaled / TWO_32);
  const column = offset + within;
  const cells = table.cells;
  return scaled - within * TWO_32 < cells[2 * column] ? column : offset + cells[2 * column + 1];
}

/**
 * Draws an item (a state index, a ZIP row, an area code...) from a weighted table.
 * @example const stateIndex = pick(data.table('SS'), random)
 */
export function pick(table: WeightedTable, random: RandomSource): number {
  return table.items[pickColumn(table, random)];
}

/**
 * Draws from one state's segment of a segmented table.
 * @example const zipRow = pickInSegment(data.table('ZS'), st.zipOffset, st.zipCount, random)
 */
export function pickInSegment(table: WeightedTable, offset: number, length: number, random: RandomSource): number {
  return table.items[pickColumnIn(table, random, offset, length)];
}

/**
 * The text of a string table's item at a column, cached per column.
 * @example columnText(data, data.table('FF'), pickColumn(data.table('FF'), random)) // "Maria"
 */
export function columnText(data: DataIndex, table: WeightedTable, column: number): string {
  return table.texts[column] ?? (table.texts[column] = data.string(table.items[column]));
}
