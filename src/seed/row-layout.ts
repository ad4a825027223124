import { RecordRandom } from '../random/record-random.js';
import { streamKey } from '../random/stream-key.js';

// Their own stream kinds (docs/architecture.md, "Streams"): a table's per-parent counts, and its references' picks.
const COUNT_STREAM = 17 << 8;
const PICK_STREAM = 18 << 8;

/**
 * How many rows a table with a per-parent count has for each parent row:
 * `min..max`, uniform, drawn per (seed, table, parent row) only, so a
 * parent's children are the same in any run or shard. Child rows are
 * numbered in parent order: the children of parent p are rows
 * `start(p) .. start(p) + count(p) - 1`.
 * @example new PerParentCounts('42', 'contacts', 1, 5).count(0) // 1..5
 */
export class PerParentCounts {
  private readonly random: RecordRandom;

  constructor(
    seed: string,
    table: string,
    readonly min: number,
    readonly max: number,
  ) {
    this.random = new RecordRandom(streamKey(`${seed}\u0000${table}`));
  }

  /** The rows of parent row `parent`. */
  count(parent: number): number {
    if (this.min === this.max) return this.min;
    this.random.reset(COUNT_STREAM, parent);
    return this.min + this.random.below(this.max - this.min + 1);
  }

  /**
   * The first child row of parent `parent`: the sum of the counts before it
   * (one draw per earlier parent: a shard starting at parent p pays p draws,
   * about 10 ms per million).
   */
  start(parent: number): number {
    if (this.min === this.max) return parent * this.min;
    let rows = 0;
    for (let p = 0; p < parent; p++) rows += this.count(p);
    return rows;
  }
}

/**
 * Which parent row a child row references when the child table has a plain
 * count: uniform over the parent's rows, per (seed, table, column, row).
 * @example new ReferencePicks('42', 'orders', 'customer_id').pick(7, 100) // 0..99
 */
export class ReferencePicks {
  private readonly random: RecordRandom;

  constructor(seed: string, table: string, column: string) {
    this.random = new RecordRandom(streamKey(`${seed}\u0000${table}\u0000${column}`));
  }

  /** The parent row (0..parents-1) child row `row` references. */
  pick(row: number, parents: number): number {
    this.random.reset(PICK_STREAM, row);
    const high = this.random.nextUint32() >>> 11;
    const low = this.random.nextUint32();
    return Math.floor(((high * 4294967296 + low) / 2 ** 53) * parents);
  }
}
