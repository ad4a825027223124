import type { DataIndex, WeightedTable } from '../data-index/data-index.js';
import { emailPart } from './email.js';
import { columnText } from './pick.js';

/**
 * A name table (female or male first names, surnames) with the strings of
 * its columns, made on first use: the name as a full name uses it (a first
 * name with the space after it, so a full name is one concatenation) and
 * its e-mail part, side by side in one array, so a record reads one cache
 * line for both (the surname table has 88,799 columns, more than the CPU
 * caches hold; docs/benchmarks.md).
 * @example const surnames = new NameColumns(data, data.table('SN'), ''); surnames.name(0) // "Smith"
 */
export class NameColumns {
  private readonly strings: (string | null)[];

  constructor(
    private readonly data: DataIndex,
    /** The weighted table the columns are drawn from. */
    readonly table: WeightedTable,
    private readonly after: string,
  ) {
    this.strings = new Array<string | null>(2 * table.size).fill(null);
  }

  /** The name of a column as a full name uses it. */
  name(column: number): string {
    return this.strings[2 * column] ?? this.fill(column);
  }

  /** The e-mail part of a column's name ({@link emailPart}). */
  part(column: number): string {
    if (this.strings[2 * column + 1] === null) this.fill(column);
    return this.strings[2 * column + 1]!;
  }

  private fill(column: number): string {
    const text = columnText(this.data, this.table, column);
    const name = text + this.after;
    this.strings[2 * column] = name;
    this.strings[2 * column + 1] = emailPart(text);
    return name;
  }
}
