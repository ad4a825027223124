import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dateOf } from '../../src/related/calendar-days.js';
import { timestampText, type SeedValue } from '../../src/seed/generic-values.js';
import {
  dateBytes,
  numericBytes,
  PgBinaryRows,
  timestampBytes,
  type PgBinaryKind,
} from '../../src/seed/pg-binary-rows.js';

/** The bytes of one row of one value of `kind`, as hexadecimal: the field count (1), then the field. */
function oneValue(kind: PgBinaryKind, value: SeedValue): string {
  const rows = new PgBinaryRows([kind]);
  rows.write([[value]]);
  const hex = Buffer.from(rows.bytes()).toString('hex');
  expect(hex.slice(0, 4)).toBe('0001');
  return hex.slice(4);
}

// The expected bytes below are the binary forms PostgreSQL's recv functions read (src/backend/utils/adt), written
// out by hand: a 4-byte length, then the value.
describe('seed values as binary COPY tuples', () => {
  it('writes a row as its field count, then each field as its length and its bytes; NULL as length -1', () => {
    const rows = new PgBinaryRows(['text', 'bool', 'int8']);
    rows.write([
      ['ab', true, null],
      [null, false, 1],
    ]);
    expect(Buffer.from(rows.bytes()).toString('hex')).toBe(
      '0003' +
        '00000002' +
        '6162' +
        '00000001' +
        '01' +
        'ffffffff' +
        '0003' +
        'ffffffff' +
        '00000001' +
        '00' +
        '00000008' +
        '0000000000000001',
    );
  });

  it('writes text as UTF-8, numbers and booleans in a text column as their COPY text', () => {
    expect(oneValue('text', 'Peña')).toBe('00000005' + '5065' + 'c3b1' + '61');
    expect(oneValue('text', '')).toBe('00000000');
    expect(oneValue('text', 12.5)).toBe('00000004' + Buffer.from('12.5').toString('hex'));
    expect(oneValue('text', true)).toBe('00000001' + '74');
    // Text past the first non-ASCII character, and a character outside the Basic Multilingual Plane.
    expect(oneValue('text', 'né😀x')).toBe('00000008' + Buffer.from('né😀x').toString('hex'));
  });

  it("writes a UUID's 16 bytes, whatever the case of its digits, and refuses text that is not one", () => {
    expect(oneValue('uuid', '3f0c9a1e-52b4-8d07-9e61-0c4d2b7a8f13')).toBe(
      '00000010' + '3f0c9a1e52b48d079e610c4d2b7a8f13',
    );
    expect(oneValue('uuid', '3F0C9A1E-52B4-8D07-9E61-0C4D2B7A8F13')).toBe(
      '00000010' + '3f0c9a1e52b48d079e610c4d2b7a8f13',
    );
    for (const bad of [
      '3f0c9a1e-52b4-8d07-9e61-0c4d2b7a8f1',
      '3f0c9a1e052b4-8d07-9e61-0c4d2b7a8f13',
      '3f0c9a1e-52b4-8d07-9e61-0c4d2b7a8f1g',
      7,
    ])
      expect(() => oneValue('uuid', bad)).toThrow(/is not a value of binary COPY kind uuid/);
    // A character whose code is a hexadecimal digit's plus 256 is no digit.
    expect(() => oneValue('uuid', '3f0c9a1e-52b4-8d07-9e61-0c4d2b7a8f1' + String.fromCharCode(0x133))).toThrow(
      TypeError,
    );
  });

  it('writes 64-bit integers in two’s complement, big-endian', () => {
    expect(oneValue('int8', -1)).toBe('00000008' + 'ffffffffffffffff');
    expect(oneValue('int8', 2 ** 40 + 5)).toBe('00000008' + '0000010000000005');
    expect(oneValue('int8', -(2 ** 40))).toBe('00000008' + 'ffffff0000000000');
    expect(() => oneValue('int8', 1.5)).toThrow(TypeError);
    expect(() => oneValue('int8', '7')).toThrow(TypeError);
  });

  it('writes a numeric as base-10000 digits with its weight, sign and scale, zeros at either end left out', () => {
    // ndigits, weight, sign, dscale, then the digits.
    expect(oneValue('numeric', '-12.50')).toBe('0000000c' + '0002' + '0000' + '4000' + '0002' + '000c' + '1388');
    expect(oneValue('numeric', '0.05')).toBe('0000000a' + '0001' + 'ffff' + '0000' + '0002' + '01f4');
    // 1 2345 6789 . 0001
    expect(oneValue('numeric', '123456789.0001')).toBe(
      '00000010' + '0004' + '0002' + '0000' + '0004' + '0001' + '0929' + '1a85' + '0001',
    );
    expect(oneValue('numeric', '10000')).toBe('0000000a' + '0001' + '0001' + '0000' + '0000' + '0001');
    expect(oneValue('numeric', 25000)).toBe('0000000c' + '0002' + '0001' + '0000' + '0000' + '0002' + '1388');
    // Zero, negative or not, has no digits and a positive sign; its scale stays.
    expect(oneValue('numeric', '-0.00')).toBe('00000008' + '0000' + '0000' + '0000' + '0002');
    for (const bad of ['1e5', '.5', '5.', '1.2.3', '--1', '', 1.5])
      expect(() => oneValue('numeric', bad)).toThrow(/binary COPY kind numeric/);
  });

  it('writes float8, bool, and dates and timestamps counted from 2000-01-01 UTC', () => {
    expect(oneValue('float8', '0.1')).toBe('00000008' + '3fb999999999999a');
    expect(oneValue('float8', 3)).toBe('00000008' + '4008000000000000');
    expect(oneValue('bool', false)).toBe('00000001' + '00');
    expect(oneValue('date', '2000-01-02')).toBe('00000004' + '00000001');
    expect(oneValue('date', '1999-12-31')).toBe('00000004' + 'ffffffff');
    expect(oneValue('timestamp', '2000-01-01T00:00:01Z')).toBe('00000008' + '00000000000f4240');
    expect(oneValue('timestamp', '2000-01-01 00:01:00')).toBe('00000008' + '0000000003938700');
    expect(oneValue('timestamp', '1999-12-31T23:59:59Z')).toBe('00000008' + 'fffffffffff0bdc0');
    // A date in a timestamp column is its midnight.
    expect(oneValue('timestamp', '2000-01-02')).toBe('00000008' + (86_400_000_000).toString(16).padStart(16, '0'));
    for (const [kind, bad] of [
      ['date', '2000-1-02'],
      ['date', true],
      ['timestamp', '2000-01-01T00:00:01'.replace('T', 'x')],
      ['bool', 't'],
      ['float8', 'x'],
    ] as const)
      expect(() => oneValue(kind, bad)).toThrow(`is not a value of binary COPY kind ${kind}`);
  });

  it('grows its buffer as rows come, the bytes written so far kept', () => {
    const rows = new PgBinaryRows(['text', 'uuid'], new Uint8Array(8));
    const many = Array.from({ length: 1000 }, (_, i) => [
      `row ${i}`,
      '00000000-0000-4000-8000-' + String(i).padStart(12, '0'),
    ]);
    rows.write(many);
    const bytes = Buffer.from(rows.bytes());
    let at = 0;
    for (let i = 0; i < 1000; i++) {
      expect(bytes.readInt16BE(at)).toBe(2);
      const length = bytes.readInt32BE(at + 2);
      expect(bytes.subarray(at + 6, at + 6 + length).toString()).toBe(`row ${i}`);
      at += 6 + length;
      expect(bytes.readInt32BE(at)).toBe(16);
      expect(bytes.subarray(at + 4, at + 20).toString('hex')).toBe(
        '00000000' + '0000' + '4000' + '8000' + String(i).padStart(12, '0'),
      );
      at += 20;
    }
    expect(at).toBe(bytes.length);
  });

  it("takes a column's bytes from its writer by row number, as the same row's text would give them", () => {
    const text = (row: number) => `00000000-0000-8000-8000-${String(row).padStart(12, '0')}`;
    const byWriter = new PgBinaryRows(['text', 'uuid'], new Uint8Array(4));
    // The writer's column is not read: its value may be anything.
    byWriter.write(
      [
        ['a', null],
        ['b', 'not a uuid'],
      ],
      41,
      [
        undefined,
        (row, out, at) => {
          out.set(Buffer.from(text(row).replaceAll('-', ''), 'hex'), at);
          return 16;
        },
      ],
    );
    const byText = new PgBinaryRows(['text', 'uuid']);
    byText.write([
      ['a', text(41)],
      ['b', text(42)],
    ]);
    expect(Buffer.from(byWriter.bytes()).toString('hex')).toBe(Buffer.from(byText.bytes()).toString('hex'));
  });

  it('writes NULL where a writer gives null', () => {
    const rows = new PgBinaryRows(['int8']);
    rows.write([[5]], 0, [() => null]);
    expect(Buffer.from(rows.bytes()).toString('hex')).toBe('0001' + 'ffffffff');
  });
});

describe('numbers straight to their binary forms, as their text gives them', () => {
  /** The bytes of one value of `kind` from its text, through the encoder, without the field count. */
  const fromText = (kind: PgBinaryKind, text: string): string => oneValue(kind, text).slice(8);
  const fromNumber = (write: (out: Uint8Array, at: number) => number): string => {
    const out = new Uint8Array(64).fill(0xee);
    const count = write(out, 3);
    return Buffer.from(out.subarray(3, 3 + count)).toString('hex');
  };

  it("writes a decimal's units as the numeric of its toFixed text, for any scale to 12 and magnitude below 2^52", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.oneof(fc.integer({ min: -99_999, max: 99_999 }), fc.integer({ min: -(2 ** 52) + 1, max: 2 ** 52 - 1 })),
        (scale, units) => {
          const text = (units / 10 ** scale).toFixed(scale);
          expect(
            fromNumber((out, at) => numericBytes(units, scale, out, at)),
            text,
          ).toBe(fromText('numeric', text));
        },
      ),
      { numRuns: 3000 },
    );
    // By hand: 123.45 is two digits (0123, 4500), weight 0, scale 2; -0.05 one digit (0500), weight -1, negative.
    expect(fromNumber((out, at) => numericBytes(12_345, 2, out, at))).toBe(
      '0002' + '0000' + '0000' + '0002' + '007b' + '1194',
    );
    expect(fromNumber((out, at) => numericBytes(-5, 2, out, at))).toBe('0001' + 'ffff' + '4000' + '0002' + '01f4');
    expect(fromNumber((out, at) => numericBytes(0, 2, out, at))).toBe('0000' + '0000' + '0000' + '0002');
  });

  it("writes a date's days and a timestamp's seconds since 1970 as the date and timestamp of their text (years 1000-9999)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -354_000, max: 2_932_000 }), (days) => {
        expect(fromNumber((out, at) => dateBytes(days, out, at))).toBe(fromText('date', dateOf(days)));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -30_000_000_000, max: 250_000_000_000 }), (seconds) => {
        expect(fromNumber((out, at) => timestampBytes(seconds, out, at))).toBe(
          fromText('timestamp', timestampText(seconds)),
        );
      }),
    );
    expect(fromNumber((out, at) => timestampBytes(946_684_801, out, at))).toBe('00000000000f4240');
    expect(fromNumber((out, at) => dateBytes(10_956, out, at))).toBe('ffffffff');
  });
});
