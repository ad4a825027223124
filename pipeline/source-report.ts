import { byCodeUnit } from '../src/code-unit-order.js';

/**
 * Row accounting of one source file: every row read is either kept or
 * rejected for a named reason, and documented repairs are counted too.
 * The manifest records these so that nothing disappears silently.
 * @example const report = new SourceReport('geonames-us/US.txt'); report.read(); report.reject('duplicate_zip')
 */
export class SourceReport {
  rowsIn = 0;
  readonly rejected: Record<string, number> = {};
  readonly repaired: Record<string, number> = {};

  constructor(readonly file: string) {}

  /** A report again from its copy (a worker thread's report, structured-cloned: the same fields without the class). */
  static from(copy: Pick<SourceReport, 'file' | 'rowsIn' | 'rejected' | 'repaired'>): SourceReport {
    const report = new SourceReport(copy.file);
    report.rowsIn = copy.rowsIn;
    Object.assign(report.rejected, copy.rejected);
    Object.assign(report.repaired, copy.repaired);
    return report;
  }

  /** Counts a row read. */
  read(n = 1): void {
    this.rowsIn += n;
  }

  /** Counts a row dropped by a documented rule. */
  reject(reason: string): void {
    this.rejected[reason] = (this.rejected[reason] ?? 0) + 1;
  }

  /** Counts a value changed by a documented rule (the row is kept). */
  repair(reason: string): void {
    this.repaired[reason] = (this.repaired[reason] ?? 0) + 1;
  }

  /** Rows kept: rows read less rows rejected. */
  get rowsOut(): number {
    return this.rowsIn - Object.values(this.rejected).reduce((a, b) => a + b, 0);
  }

  /** A plain object for the manifest, keys sorted. */
  toJSON(): object {
    return {
      file: this.file,
      rowsIn: this.rowsIn,
      rowsOut: this.rowsOut,
      rejected: sortKeys(this.rejected),
      repaired: sortKeys(this.repaired),
    };
  }
}

function sortKeys(record: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => byCodeUnit(a, b)));
}
