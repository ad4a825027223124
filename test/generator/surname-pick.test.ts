import { describe, expect, it } from 'vitest';
import { writeIndex } from '../../pipeline/load/write-index.js';
import { DataIndex } from '../../src/data-index/data-index.js';
import { UssynthError } from '../../src/errors.js';
import { Generator } from '../../src/generator/generator.js';
import { SurnamePicker } from '../../src/generator/surname-pick.js';
import { tinyData } from '../fixtures/tiny-data.js';

// The tiny data: Garcia is the head (weight 2 among the Hispanic group, 0.5 among the others, tail 1 each); O'Brien the tail.
const index = DataIndex.fromBytes(writeIndex(tinyData()));
const gen = new Generator(index, 'surname-pick');
const garciaShare = (state: string) => {
  const list = gen.addresses({ state, count: 6000 });
  return list.filter((a) => a.name.endsWith(' Garcia')).length / list.length;
};

describe('SurnamePicker', () => {
  it("draws a state's surnames by its group shares: Puerto Rico (99 % Hispanic) 2/3 Garcia, Vermont (90 % white) about 1/3", () => {
    // PR: 0.99 x 2/3 + 0.01 x 1/3 = 0.663; VT: 0.02 x 2/3 + 0.98 x 1/3 = 0.340.
    expect(garciaShare('PR')).toBeGreaterThan(0.64);
    expect(garciaShare('PR')).toBeLessThan(0.69);
    expect(garciaShare('VT')).toBeGreaterThan(0.31);
    expect(garciaShare('VT')).toBeLessThan(0.37);
  });

  it('draws the tail only beyond the head', () => {
    const names = new Set(
      gen.addresses({ state: 'VT', count: 2000 }).map((a) => a.name.slice(a.name.indexOf(' ') + 1)),
    );
    expect([...names].sort()).toEqual(['Garcia', "O'Brien"]);
  });

  it('refuses an index whose group tables do not fit its states', () => {
    expect(() => new SurnamePicker(index)).not.toThrow();
    // The same tables read against one state fewer: SR holds 6 shares per state of another state list.
    const mismatched = Object.create(index) as DataIndex;
    Object.defineProperty(mismatched, 'states', { value: index.states.slice(0, -1) });
    expect(() => new SurnamePicker(mismatched)).toThrow(UssynthError);
    expect(() => new SurnamePicker(mismatched)).toThrow(/surname group sections SR, SGNW, SGPC and SGTL do not fit/);
  });
});
