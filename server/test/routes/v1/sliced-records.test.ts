import { describe, expect, it } from 'vitest';
import { SLICE_UNITS } from '../../../src/routes/v1/batch/batch-body.js';
import { slicedRecords } from '../../../src/routes/v1/sliced-records.js';

/** A page of a stream whose record i is i, noting the pages asked for. */
function stream(asked: [number, number][]): (start: number, count: number) => number[] {
  return (start, count) => {
    asked.push([start, count]);
    return Array.from({ length: count }, (_, i) => start + i);
  };
}

describe('slicedRecords', () => {
  it('makes a range in slices of at most 500 records of quota, in order, the records of one page', async () => {
    const asked: [number, number][] = [];
    const records = await slicedRecords(1000, 1000, 3, stream(asked));
    expect(records).toEqual(Array.from({ length: 1000 }, (_, i) => 1000 + i));
    const slice = Math.floor(SLICE_UNITS / 3);
    expect(asked.length).toBe(Math.ceil(1000 / slice));
    expect(asked.every(([, count]) => count * 3 <= SLICE_UNITS)).toBe(true);
    expect(asked[1]).toEqual([1000 + slice, slice]);
  });

  it('makes a range that fits one slice in one page, at once', async () => {
    const asked: [number, number][] = [];
    expect(await slicedRecords(5, 500, 1, stream(asked))).toHaveLength(500);
    expect(asked).toEqual([[5, 500]]);
  });

  it('lets the event loop run other work between slices', async () => {
    const events: string[] = [];
    const page = (start: number, count: number): number[] => {
      events.push(`page ${start}`);
      setImmediate(() => events.push(`other after ${start}`));
      return Array.from({ length: count }, (_, i) => start + i);
    };
    await slicedRecords(0, 1000, 1, page);
    expect(events.slice(0, 3)).toEqual(['page 0', 'other after 0', 'page 500']);
  });
});
