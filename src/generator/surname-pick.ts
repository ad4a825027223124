import type { DataIndex, WeightedTable } from '../data-index/data-index.js';
import { UssynthError } from '../errors.js';
import type { RandomSource } from '../random/record-random.js';
import { pickColumn } from './pick.js';

/** Surname groups of the index (white, black, api, aian, two or more, hispanic): the Census 2010 surname file's. */
export const SURNAME_GROUP_COUNT = 6;

/**
 * Draws a person's surname (its SN column) from the mix of their state:
 * a group by the state's population shares (SR, Census 2020), then a name
 * as that group carries it (SG: the first 350 names of the 2010 head
 * with their group percentages); the group's tail, people whose name is beyond
 * the head, takes a name beyond the head at its national weight (the
 * second segment of SN, which is stored as the head and the tail). Where the
 * state's shares are the nation's, every name comes out at its national
 * share.
 */
export class SurnamePicker {
  // Plain fields, read on every record; an SR or SG column minus its segment's offset is its item (group, head position).
  private readonly groups: WeightedTable;
  private readonly heads: WeightedTable;
  private readonly national: WeightedTable;
  private readonly headCount: number;
  private readonly tailCount: number;

  constructor(data: DataIndex) {
    this.groups = data.table('SR');
    this.heads = data.table('SG');
    this.national = data.table('SN');
    this.headCount = this.heads.size / SURNAME_GROUP_COUNT - 1;
    this.tailCount = this.national.size - this.headCount;
    if (this.groups.size !== data.states.length * SURNAME_GROUP_COUNT || !Number.isInteger(this.headCount) || this.tailCount <= 0) {
      throw new UssynthError('invalid_index_file', 'Invalid ussynth index: the surname group tables SR and SG do not fit the states and SN');
    }
  }

  /** The SN column of a surname drawn for a person of the state with this index. */
  pick(stateIndex: number, random: RandomSource): number {
    const groupOffset = stateIndex * SURNAME_GROUP_COUNT;
    const group = pickColumn(this.groups, random, groupOffset, SURNAME_GROUP_COUNT) - groupOffset;
    const headOffset = group * (this.headCount + 1);
    const head = pickColumn(this.heads, random, headOffset, this.headCount + 1) - headOffset;
    return head < this.headCount ? head : pickColumn(this.national, random, this.headCount, this.tailCount);
  }
}
