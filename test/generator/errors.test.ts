import { describe, expect, it } from 'vitest';
import { checkRange, createGenerator, MAX_INDEX, UssynthError, type ErrorCode } from '../../src/index.js';

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

describe('bad input gets a typed error naming the parameter', () => {
  it.each<[string, () => unknown, ErrorCode, string, RegExp]>([
    [
      'unknown state',
      () => gen.address({ state: 'XX' }),
      'invalid_state',
      'state',
      /state must be a two-letter .* got "XX"/,
    ],
    ['malformed state', () => gen.batch({ count: 1, state: 'Cal' }), 'invalid_state', 'state', /got "Cal"/],
    ['empty state', () => gen.phone({ state: '' }), 'invalid_state', 'state', /got ""/],
    [
      'military state',
      () => gen.address({ state: 'AE' }),
      'state_not_generatable',
      'state',
      /"AE" \(Armed Forces Europe\) is valid for ZIP lookup only/,
    ],
    [
      'freely associated state',
      () => gen.addressAt(0, { state: 'MH' }),
      'state_not_generatable',
      'state',
      /Marshall Islands/,
    ],
    [
      'count 0',
      () => gen.batch({ count: 0 }),
      'invalid_count',
      'count',
      /count must be an integer from 1 to 1000, got 0/,
    ],
    ['count 1001', () => gen.batch({ count: 1001 }), 'invalid_count', 'count', /got 1001/],
    ['count 2.5', () => gen.batch({ count: 2.5 }), 'invalid_count', 'count', /got 2.5/],
    ['count NaN', () => gen.batch({ count: Number.NaN }), 'invalid_count', 'count', /got null/],
    ['count as text', () => gen.batch({ count: '10' as unknown as number }), 'invalid_count', 'count', /got "10"/],
    ['page too large', () => gen.addresses({ count: 1_000_001 }), 'invalid_count', 'count', /from 0 to 1000000/],
    [
      'negative index',
      () => gen.addressAt(-1),
      'invalid_index',
      'index',
      /index must be a non-negative safe integer, got -1/,
    ],
    ['unsafe index', () => gen.einAt(2 ** 53), 'invalid_index', 'index', /got 9007199254740992/],
    ['negative start', () => gen.addresses({ start: -5, count: 1 }), 'invalid_index', 'start', /start must be/],
    [
      'page past 2^53 - 1',
      () => gen.addresses({ start: 2 ** 53 - 1, count: 1000 }),
      'invalid_index',
      'start',
      /start \+ count - 1 must be at most 9007199254740991 .*start 9007199254740991 and count 1000/,
    ],
    [
      'page one past 2^53 - 1',
      () => gen.addresses({ start: 2 ** 53 - 1000, count: 1001 }),
      'invalid_index',
      'start',
      /start \+ count - 1/,
    ],
    [
      'four-digit ZIP',
      () => gen.zip('1001'),
      'invalid_zip',
      'zip',
      /zip must be a string of exactly five digits, got "1001"/,
    ],
    ['ZIP+4', () => gen.zip('10001-1234'), 'invalid_zip', 'zip', /got "10001-1234"/],
    ['ZIP with a letter', () => gen.zip('1000a'), 'invalid_zip', 'zip', /got "1000a"/],
    ['ZIP as a number', () => gen.zip(10001 as unknown as string), 'invalid_zip', 'zip', /got 10001/],
    [
      'empty seed',
      () => createGenerator({ seed: '' }),
      'invalid_seed',
      'seed',
      /seed must be 1 to 256 printable ASCII characters .*got ""/,
    ],
    [
      'seed with a leading space',
      () => createGenerator({ seed: ' 42' }),
      'invalid_seed',
      'seed',
      /not first or last.*got " 42"/,
    ],
    ['non-ASCII seed', () => createGenerator({ seed: 'café' }), 'invalid_seed', 'seed', /printable ASCII.*got "café"/],
    [
      'seed of 257 characters',
      () => createGenerator({ seed: 'x'.repeat(257) }),
      'invalid_seed',
      'seed',
      /\(257 characters\)/,
    ],
    [
      'infinite seed',
      () => createGenerator({ seed: Number.POSITIVE_INFINITY }),
      'invalid_seed',
      'seed',
      /seed must be/,
    ],
    [
      'bad e-mail domain',
      () => createGenerator({ seed: 1, emailDomain: 'not a domain' }),
      'invalid_email_domain',
      'emailDomain',
      /emailDomain must be a domain name/,
    ],
    [
      'index bytes that are not an index',
      () => createGenerator({ index: new Uint8Array(100) }),
      'invalid_index_file',
      '',
      /wrong magic/,
    ],
  ])('%s', (_, call, code, param, message) => {
    const error = thrown(call);
    expect(error.code).toBe(code);
    expect(error.param ?? '').toBe(param);
    expect(error.message).toMatch(message);
  });

  it('holds every range to one rule: the last index start + count - 1 at most 2^53 - 1', () => {
    const last = Number.MAX_SAFE_INTEGER;
    const page = gen.addresses({ start: last - 999, count: 1000 });
    expect(page).toHaveLength(1000);
    expect(page[999]).toEqual(gen.addressAt(last));
    expect(new Set(page.map((a) => JSON.stringify(a))).size).toBe(1000);
    expect(gen.addresses({ start: last, count: 0 })).toEqual([]);
    expect(() => gen.addressAt(last + 1)).toThrow(expect.objectContaining({ code: 'invalid_index' }));
    expect(() => checkRange(last, 2)).toThrow(expect.objectContaining({ code: 'invalid_index', param: 'start' }));
    expect(checkRange(last, 1)).toBe(last);
    expect(MAX_INDEX).toBe(last);
  });

  it('accepts state codes in any case, as the same stream', () => {
    expect(createGenerator({ seed: 3 }).addressAt(5, { state: 'ca' })).toEqual(
      createGenerator({ seed: 3 }).addressAt(5, { state: 'CA' }),
    );
  });

  it('returns null, not an error, for a well-formed ZIP that does not exist', () => {
    expect(gen.zip('00000')).toBeNull();
  });
});
