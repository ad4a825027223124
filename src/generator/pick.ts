import type { DataIndex, WeightedTable } from '../data-index/data-index.js';
import type { RandomSource } from '../random/record-random.js';

/**
 * Draws a column of a weighted table in O(1) (Walker's alias method); a
 * segment (one state's ZIPs or area codes) is drawn with its `offset` and
 * `length`, its alias columns being relative to the offset.
 * @example const column = pickColumn(data.table('SN'), random)
 */
export function pickColumn(table: WeightedTable, random: RandomSource, offset = 0, length = table.size): number {
  const column = offset + random.below(length);
  const cells = table.cells;
  return random.nextUint32() < cells[2 * column] ? column : offset + cells[2 * column + 1];
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
  return table.items[pickColumn(table, random, offset, length)];
}

/**
 * The text of a string table's item at a column, cached per column.
 * @example columnText(data, data.table('SN'), pickColumn(data.table('SN'), random)) // "Garcia"
 */
export function columnText(data: DataIndex, table: WeightedTable, column: number): string {
  return table.texts[column] ?? (table.texts[column] = data.string(table.items[column]));
}

/**
 * Draws the text of a string table's item.
 * @example const suffix = pickText(data, data.table('SX'), random) // "St"
 */
export function pickText(data: DataIndex, table: WeightedTable, random: RandomSource): string {
  return columnText(data, table, pickColumn(table, random));
}
