import { emptyCache, type DataIndex, type WeightedTable } from '../data-index/data-index.js';
import { aliasTable } from '../data-index/alias-table.js';
import { UssynthError } from '../errors.js';
import type { RandomSource } from '../random/record-random.js';
import { pickColumnIn } from './pick.js';

/** Surname groups of the index (white, black, api, aian, two or more, hispanic): the Census 2010 surname file's. */
export const SURNAME_GROUP_COUNT = 6;

/**
 * Draws a person's surname (its SN column) from the mix of their state:
 * a group by the state's population shares (SR, Census 2020), then a name
 * as that group carries it: every name of the 2010 head (the 1,022 names
 * with race and Hispanic-origin figures) at its count x its percentage in
 * the group (SGNW x SGPC); the group's people beyond the head (SGTL) take
 * a name beyond the head at its national weight (the second segment of SN,
 * which is stored as the head and the tail). Where the state's shares are
 * the nation's, every name comes out at its national share.
 */
export class SurnamePicker {
  // Plain fields, read on every record; an SR or group column minus its segment's offset is its item (group, head position).
  private readonly groups: WeightedTable;
  private readonly heads: WeightedTable;
  private readonly national: WeightedTable;
  private readonly headCount: number;
  private readonly tailCount: number;

  constructor(data: DataIndex) {
    this.groups = data.table('SR');
    this.national = data.table('SN');
    this.headCount = data.surnameHeadWeights.length;
    this.tailCount = this.national.size - this.headCount;
    if (
      this.groups.size !== data.states.length * SURNAME_GROUP_COUNT ||
      data.surnameGroupPercents.length !== SURNAME_GROUP_COUNT * this.headCount ||
      data.surnameGroupTails.length !== SURNAME_GROUP_COUNT ||
      this.headCount === 0 ||
      this.tailCount <= 0
    ) {
      throw new UssynthError(
        'invalid_index_file',
        'Invalid ussynth index: the surname group sections SR, SGNW, SGPC and SGTL do not fit the states and SN',
      );
    }
    this.heads = groupTables(data, this.headCount);
  }

  /** The SN column of a surname drawn for a person of the state with this index. */
  pick(stateIndex: number, random: RandomSource): number {
    const groupOffset = stateIndex * SURNAME_GROUP_COUNT;
    const group = pickColumnIn(this.groups, random, groupOffset, SURNAME_GROUP_COUNT) - groupOffset;
    const headOffset = group * (this.headCount + 1);
    const head = pickColumnIn(this.heads, random, headOffset, this.headCount + 1) - headOffset;
    return head < this.headCount ? head : pickColumnIn(this.national, random, this.headCount, this.tailCount);
  }
}

/**
 * The six groups' tables as one segmented table (segment g: the head names,
 * then the tail), built from the index's integers: head name i of group g
 * weighs SGNW[i] x SGPC[g][i], the tail SGTL[g] x 10^4 (exact in a double).
 */
function groupTables(data: DataIndex, headCount: number): WeightedTable {
  const length = headCount + 1;
  const size = SURNAME_GROUP_COUNT * length;
  const cells = new Uint32Array(2 * size);
  const weights = new Float64Array(length);
  for (let g = 0; g < SURNAME_GROUP_COUNT; g++) {
    for (let i = 0; i < headCount; i++)
      weights[i] = data.surnameHeadWeights[i] * data.surnameGroupPercents[g * headCount + i];
    weights[headCount] = data.surnameGroupTails[g] * 1e4;
    const { thresholds, aliases } = aliasTable(weights);
    for (let j = 0; j < length; j++) {
      cells[2 * (g * length + j)] = thresholds[j];
      cells[2 * (g * length + j) + 1] = aliases[j];
    }
  }
  const items = new Uint32Array(size);
  for (let j = 0; j < size; j++) items[j] = j % length;
  return { size, cells, items, texts: emptyCache(size) };
}
