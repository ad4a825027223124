import type { DataIndex, WeightedTable } from '../data-index/data-index.js';

/**
 * The city and the five digits of each residential ZIP, by its entry in the
 * ZS table, made on first use and kept side by side: an address reads one
 * cache line for both, where going through the ZIP row would read the city
 * column, the string cache and the ZIP text cache (docs/benchmarks.md).
 * @example new ZipStrings(data).city(entry) // "Chicago"
 */
export class ZipStrings {
  private readonly zips: WeightedTable;
  private readonly strings: (string | null)[];

  constructor(private readonly data: DataIndex) {
    this.zips = data.table('ZS');
    this.strings = new Array<string | null>(2 * this.zips.size).fill(null);
  }

  /** The city of the ZIP at a ZS entry. */
  city(entry: number): string {
    return this.strings[2 * entry] ?? this.fill(entry);
  }

  /** The ZIP at a ZS entry, five digits. */
  zip(entry: number): string {
    if (this.strings[2 * entry + 1] === null) this.fill(entry);
    return this.strings[2 * entry + 1]!;
  }

  private fill(entry: number): string {
    const row = this.zips.items[entry];
    const city = this.data.string(this.data.zipCities[row]);
    this.strings[2 * entry] = city;
    this.strings[2 * entry + 1] = this.data.zipText(row);
    return city;
  }
}
