import { describe, expect, it } from 'vitest';
import { generatorFor } from '../../src/create-generator.js';
import {
  createGenerator,
  defaultBirthIndex,
  defaultHouseholdData,
  defaultIndex,
  MAX_INDEX,
  MAX_PAGE,
  UssynthError,
  type ErrorCode,
} from '../../src/index.js';

const gen = createGenerator({ seed: 42 });

function thrown(f: () => unknown): UssynthError {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(UssynthError);
    return error as UssynthError;
  }
  throw new Error('nothing was thrown');
}

describe('household methods: bad input gets a typed error naming the parameter', () => {
  it.each<[string, () => unknown, ErrorCode, string | undefined, RegExp]>([
    [
      'negative index',
      () => gen.householdAt(-1),
      'invalid_index',
      'index',
      /index must be a non-negative safe integer, got -1/,
    ],
    ['fractional index', () => gen.householdAt(1.5), 'invalid_index', 'index', /got 1.5/],
    ['unsafe index', () => gen.householdAt(2 ** 53), 'invalid_index', 'index', /got 9007199254740992/],
    [
      'negative count',
      () => gen.households({ count: -1 }),
      'invalid_count',
      'count',
      /count must be an integer from 0 to 1000000, got -1/,
    ],
    ['count past the page', () => gen.households({ count: MAX_PAGE + 1 }), 'invalid_count', 'count', /got 1000001/],
    ['negative start', () => gen.households({ start: -2, count: 1 }), 'invalid_index', 'start', /start must be/],
    [
      'range past the stream',
      () => gen.households({ start: MAX_INDEX, count: 2 }),
      'invalid_index',
      'start',
      /at most 9007199254740991/,
    ],
    ['unknown state', () => gen.householdAt(0, { state: 'XX' }), 'invalid_state', 'state', /got "XX"/],
    [
      'military state',
      () => gen.household({ state: 'AE' }),
      'state_not_generatable',
      'state',
      /valid for ZIP lookup only/,
    ],
  ])('%s', (_name, call, code, param, message) => {
    const error = thrown(call);
    expect(error.code).toBe(code);
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
  });

  it('gives count 0 an empty page, and the last household of the stream', () => {
    expect(gen.households({ count: 0, start: MAX_INDEX })).toEqual([]);
    expect(gen.households({ count: 1, start: MAX_INDEX })[0]).toEqual(gen.householdAt(MAX_INDEX));
  });

  it('does not move the cursor on a refused call', () => {
    const cursor = createGenerator({ seed: 42 });
    thrown(() => cursor.household({ state: 'XX' }));
    expect(cursor.household()).toEqual(gen.householdAt(0));
  });
});

describe('household data', () => {
  it('missing (a generator over given bytes, as in a browser): households_unavailable', () => {
    const bare = generatorFor(defaultIndex(), { seed: 1 });
    const error = thrown(() => bare.householdAt(0));
    expect(error.code).toBe('households_unavailable');
    expect(error.message).toMatch(/pass householdData/);
    // Birth dates come from the birth index: without it, births_unavailable.
    const noBirths = generatorFor(defaultIndex(), { seed: 1, householdData: defaultHouseholdData() });
    expect(thrown(() => noBirths.households({ count: 1 })).code).toBe('births_unavailable');
    expect(
      generatorFor(defaultIndex(), {
        seed: 1,
        householdData: defaultHouseholdData(),
        birthIndex: defaultBirthIndex(),
      }).householdAt(3),
    ).toEqual(createGenerator({ seed: 1 }).householdAt(3));
  });

  it.each<[string, unknown, RegExp]>([
    ['not an object', [], /one JSON object/],
    ['no type by size', { ...defaultHouseholdData(), typeBySize: [] }, /typeBySize must be a list of rows/],
    [
      'a size past 7',
      { ...defaultHouseholdData(), typeBySize: [{ percent: 100, size: 8, type: 'family' }] },
      /typeBySize\[0\]\.size must be a whole number from 2 to 7/,
    ],
    [
      'shares not summing to 100',
      { ...defaultHouseholdData(), childAges: [{ minAge: 0, maxAge: 17, percent: 50 }] },
      /childAges must hold non-negative per cents summing to 100, found 50/,
    ],
    [
      'a gap past 20 years',
      { ...defaultHouseholdData(), spouseAgeGaps: [{ minYears: 0, maxYears: 30, percent: 100 }] },
      /within 20 years/,
    ],
    [
      'a share above 1',
      { ...defaultHouseholdData(), shares: { ...defaultHouseholdData().shares, married_of_family: 2 } },
      /married_of_family must be from 0 to 1/,
    ],
  ])('malformed (%s): invalid_index_file naming the problem', (_name, householdData, message) => {
    const error = thrown(() => createGenerator({ seed: 1, householdData: householdData as object }).householdAt(0));
    expect(error.code).toBe('invalid_index_file');
    expect(error.message).toMatch(/^Invalid ussynth household data: /);
    expect(error.message).toMatch(message);
  });
});
