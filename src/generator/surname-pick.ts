import type { DataIndex, WeightedTable } from '../data-index/data-index.js';
import { UssynthError } from '../errors.js';
import type { RandomSource } from '../random/record-random.js';
import { pickColumn, pickInSegment } from './pick.js';

/** Surname groups of the index (white, black, api, aian, two or more, hispanic): the Census 2010 surname file's. */
export const SURNAME_GROUP_COUNT = 6;

/**
 * Draws a person's surname (its SN column) from the mix of their state:
 * a group by the state's population shares (SR, Census 2020), then a name
 * as that group carries it (SG: the 1,022 names of the 2010 head with
 * their group percentages); the group's tail, people whose name is beyond
 * the head, takes a name beyond the head at its national weight (the
 * second segment of SN, which is stored as the head and the tail). Where the
 * state's shares are the nation's, every name comes out at its national
 * share.
 */
export class SurnamePicker {
  readonly #groups: WeightedTable;
  readonly #heads: WeightedTable;
  readonly #national: WeightedTable;
  readonly #headCount: number;

  constructor(data: DataIndex) {
    this.#groups = data.table('SR');
    this.#heads = data.table('SG');
    this.#national = data.table('SN');
    this.#headCount = this.#heads.size / SURNAME_GROUP_COUNT - 1;
    if (this.#groups.size !== data.states.length * SURNAME_GROUP_COUNT || !Number.isInteger(this.#headCount) || this.#headCount >= this.#national.size) {
      throw new UssynthError('invalid_index_file', 'Invalid ussynth index: the surname group tables SR and SG do not fit the states and SN');
    }
  }

  /** The SN column of a surname drawn for a person of the state with this index. */
  pick(stateIndex: number, random: RandomSource): number {
    const group = pickInSegment(this.#groups, stateIndex * SURNAME_GROUP_COUNT, SURNAME_GROUP_COUNT, random);
    const head = pickInSegment(this.#heads, group * (this.#headCount + 1), this.#headCount + 1, random);
    if (head < this.#headCount) return head;
    return pickColumn(this.#national, random, this.#headCount, this.#national.size - this.#headCount);
  }
}
