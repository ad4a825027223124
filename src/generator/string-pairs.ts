/**
 * Two strings per entry of a table, made together on first use and kept
 * side by side in one array, so that a record reads one cache line for both:
 * a name as a full name uses it and its e-mail part, a ZIP's city and its
 * digits. The tables are larger than the CPU caches (88,799 surnames, 33,000
 * residential ZIPs), and reading one line instead of two from separate
 * caches made address pages 7-17 % faster (docs/benchmarks.md).
 * @example const zips = new StringPairs(2, (entry) => [['Chicago', 'Boston'][entry], ['60601', '02108'][entry]]); zips.second(1) // "02108"
 */
export class StringPairs {
  private readonly strings: (string | null)[];

  constructor(
    size: number,
    private readonly make: (entry: number) => readonly [string, string],
  ) {
    this.strings = new Array<string | null>(2 * size).fill(null);
  }

  /** The first string of an entry. */
  first(entry: number): string {
    return this.strings[2 * entry] ?? this.fill(entry, 0);
  }

  /** The second string of an entry. */
  second(entry: number): string {
    return this.strings[2 * entry + 1] ?? this.fill(entry, 1);
  }

  /** Makes an entry's two strings; returns the first (`which` 0) or the second (1). */
  private fill(entry: number, which: 0 | 1): string {
    const pair = this.make(entry);
    this.strings[2 * entry] = pair[0];
    this.strings[2 * entry + 1] = pair[1];
    return pair[which];
  }
}
