import { dayOf } from '../related/calendar-days.js';
import type { SeedValue } from './generic-values.js';

/**
 * How a column's values are written in PostgreSQL's binary COPY format: the wire form of its type's `recv`
 * function. `text` serves text, varchar and char (and takes numbers and booleans as their COPY text); `int8`,
 * `numeric`, `float8`, `bool`, `date` and `timestamp` (with or without time zone: the seed's timestamps are UTC)
 * take the values of the rules that make them (seed-binary-kinds.ts).
 * @example const kind: PgBinaryKind = 'uuid'
 */
export type PgBinaryKind = 'text' | 'uuid' | 'int8' | 'numeric' | 'float8' | 'bool' | 'date' | 'timestamp';

/**
 * Writes row `row`'s value of a column, its bytes without their length word, at `at` of `out`, and returns how many
 * (at most 56): a column whose values are made as numbers or bytes (seed-column-bytes.ts), not as text to be parsed
 * back. `null` for NULL.
 * @example const id: ColumnBytes = (row, out, at) => (uuids.write(0, row, out, at), 16)
 */
export type ColumnBytes = (row: number, out: Uint8Array, at: number) => number | null;

// The kinds as small integers, for the switch of every value.
const KIND_CODES: Readonly<Record<PgBinaryKind, number>> = {
  text: 0,
  uuid: 1,
  int8: 2,
  numeric: 3,
  float8: 4,
  bool: 5,
  date: 6,
  timestamp: 7,
};
const TEXT = 0;

// PostgreSQL's dates and timestamps count from 2000-01-01 (UTC): 10,957 days after 1970-01-01.
const PG_EPOCH_DAYS = 10_957;
const NUMERIC_NEGATIVE = 0x4000;
// The most bytes a value other than text takes, with its length word: a numeric of up to 40 digits either side.
const VALUE_ROOM = 4 + 8 + 2 * 24;
const encoder = new TextEncoder();

// A hexadecimal digit's value by its character code (below 256), -1 for any other character.
const HEX_VALUES = Int8Array.from({ length: 256 }, (_, code) => {
  const c = String.fromCharCode(code);
  return /[0-9a-f]/i.test(c) ? parseInt(c, 16) : -1;
});

/**
 * Rows of seed values as the tuples of a binary `COPY ... FROM STDIN (FORMAT binary)` (without its header and
 * trailer, which the loader sends): per row the number of fields, then per field its length (-1 for NULL) and its
 * bytes. The server reads each value with its type's `recv` function, without the text parsing of a `COPY` in text
 * (a timestamp's, a numeric's, a UUID's), which was half of its work on the seed's typed tables (docs/benchmarks.md,
 * "Seed load"). Into one buffer, grown as needed; `buffer` is used while the bytes fit.
 * @example const rows = new PgBinaryRows(['uuid', 'text']); rows.write([[id, 'Ann']]); socket.write(rows.bytes())
 */
export class PgBinaryRows {
  private readonly codes: Uint8Array;
  private buffer: Uint8Array;
  private view: DataView;
  private length = 0;
  /** A numeric's base-10000 digits, before its leading and trailing zeros are left out. */
  private readonly digits = new Int16Array(24);

  constructor(kinds: readonly PgBinaryKind[], buffer?: Uint8Array) {
    this.codes = Uint8Array.from(kinds, (kind) => KIND_CODES[kind]);
    this.buffer = buffer ?? new Uint8Array(1 << 16);
    this.view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.byteLength);
  }

  /**
   * Appends the rows' tuples. A value that its kind cannot take is a TypeError naming the value and the kind. A
   * column with a writer in `made` takes its bytes from it, by the row's number (`first` for the first row), and
   * its value in `rows` is not read.
   */
  write(rows: readonly (readonly SeedValue[])[], first = 0, made?: readonly (ColumnBytes | undefined)[]): void {
    const codes = this.codes;
    const fields = codes.length;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      this.room(2);
      this.buffer[this.length] = fields >>> 8;
      this.buffer[this.length + 1] = fields & 0xff;
      this.length += 2;
      for (let c = 0; c < fields; c++) {
        const bytes = made?.[c];
        if (bytes !== undefined) {
          this.room(VALUE_ROOM);
          const count = bytes(first + r, this.buffer, this.length + 4);
          this.view.setInt32(this.length, count ?? -1);
          this.length += 4 + (count ?? 0);
          continue;
        }
        const value = row[c];
        if (codes[c] === TEXT) this.text(typeof value === 'string' || value === null ? value : textOf(value));
        else this.value(codes[c], value);
      }
    }
  }

  /** The bytes written so far: a view of the start of the (possibly grown) buffer. */
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  private value(code: number, value: SeedValue): void {
    this.room(VALUE_ROOM);
    const view = this.view;
    const at = this.length;
    if (value === null) {
      view.setInt32(at, -1);
      this.length = at + 4;
      return;
    }
    switch (code) {
      case KIND_CODES.uuid:
        this.uuid(value);
        return;
      case KIND_CODES.int8:
        if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw wrong(value, 'int8');
        this.int8(value);
        return;
      case KIND_CODES.numeric:
        this.numeric(value);
        return;
      case KIND_CODES.float8: {
        const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
        if (Number.isNaN(number)) throw wrong(value, 'float8');
        view.setInt32(at, 8);
        view.setFloat64(at + 4, number);
        this.length = at + 12;
        return;
      }
      case KIND_CODES.bool:
        if (typeof value !== 'boolean') throw wrong(value, 'bool');
        view.setInt32(at, 1);
        this.buffer[at + 4] = value ? 1 : 0;
        this.length = at + 5;
        return;
      case KIND_CODES.date:
        if (!isDate(value)) throw wrong(value, 'date');
        view.setInt32(at, 4);
        view.setInt32(at + 4, dayOf(value) - PG_EPOCH_DAYS);
        this.length = at + 8;
        return;
      default:
        this.timestamp(value);
    }
  }

  /** Makes room for `bytes` more, growing the buffer (by half at least) when they do not fit. */
  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(Math.ceil(this.buffer.length * 1.5), this.length + bytes));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }

  /** A 64-bit integer (a safe one) with its length word. */
  private int8(value: number): void {
    const view = this.view;
    const at = this.length;
    const high = Math.floor(value / 4294967296);
    view.setInt32(at, 8);
    view.setInt32(at + 4, high);
    view.setUint32(at + 8, value - high * 4294967296);
    this.length = at + 12;
  }

  /** UTF-8 (or NULL) with its length word: ASCII byte by byte (most values), anything else through the TextEncoder. */
  private text(value: string | null): void {
    if (value === null) {
      this.room(4);
      this.view.setInt32(this.length, -1);
      this.length += 4;
      return;
    }
    const count = value.length;
    if (this.length + 4 + count * 3 > this.buffer.length) this.room(4 + count * 3);
    const buffer = this.buffer;
    const start = this.length + 4;
    let at = start;
    for (let i = 0; i < count; i++) {
      const code = value.charCodeAt(i);
      if (code >= 0x80) {
        at = start + encoder.encodeInto(value, buffer.subarray(start)).written;
        break;
      }
      buffer[at++] = code;
    }
    this.view.setInt32(start - 4, at - start);
    this.length = at;
  }

  /** The 16 bytes of a UUID's canonical text (`8-4-4-4-12` hexadecimal digits). */
  private uuid(value: SeedValue): void {
    if (typeof value !== 'string' || value.length !== 36) throw wrong(value, 'uuid');
    const buffer = this.buffer;
    this.view.setInt32(this.length, 16);
    let at = this.length + 4;
    // A character not a hexadecimal digit (-1) or a dash out of place makes `checked` negative.
    let checked = 0;
    for (let i = 0; i < 36; i += 2) {
      if (i === 8 || i === 13 || i === 18 || i === 23) {
        checked |= value.charCodeAt(i) === 45 ? 0 : -1;
        i++;
      }
      const first = value.charCodeAt(i);
      const second = value.charCodeAt(i + 1);
      const high = first < 256 ? HEX_VALUES[first] : -1;
      const low = second < 256 ? HEX_VALUES[second] : -1;
      checked |= high | low;
      buffer[at++] = (high << 4) | low;
    }
    if (checked < 0) throw wrong(value, 'uuid');
    this.length = at;
  }

  /** A timestamp's microseconds since 2000-01-01 (UTC) from `YYYY-MM-DDTHH:MM:SSZ` (or `YYYY-MM-DD HH:MM:SS`). */
  private timestamp(value: SeedValue): void {
    if (!isDate(value) && !isTimestamp(value)) throw wrong(value, 'timestamp');
    const text = value as string;
    let seconds = (dayOf(text) - PG_EPOCH_DAYS) * 86_400;
    if (text.length > 10) seconds += twoDigits(text, 11) * 3600 + twoDigits(text, 14) * 60 + twoDigits(text, 17);
    this.int8(seconds * 1_000_000);
  }

  /**
   * A numeric from a decimal's text (`-12.50`) or an integer: its base-10000 digits (groups of four decimal digits
   * either side of the point) with the weight of the first, its sign and its scale (the fraction's digits), leading
   * and trailing zero digits left out, as numeric_recv reads it.
   */
  private numeric(value: SeedValue): void {
    const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    if (typeof text !== 'string') throw wrong(value, 'numeric');
    const negative = text.charCodeAt(0) === 45;
    const begin = negative ? 1 : 0;
    const found = text.indexOf('.');
    const dot = found < 0 ? text.length : found;
    const scale = found < 0 ? 0 : text.length - dot - 1;
    const wholeGroups = Math.ceil((dot - begin) / 4);
    const groups = wholeGroups + Math.ceil(scale / 4);
    if (dot === begin || (found >= 0 && scale === 0) || groups > this.digits.length) throw wrong(value, 'numeric');
    const digits = this.digits;
    let bad = false;
    for (let g = 0; g < groups; g++) {
      // The characters of group g: four places, right-aligned on the point in the whole part, left-aligned after it.
      const from = g < wholeGroups ? dot - 4 * (wholeGroups - g) : dot + 1 + 4 * (g - wholeGroups);
      let group = 0;
      for (let p = from; p < from + 4; p++) {
        const inside = g < wholeGroups ? p >= begin : p < text.length;
        const digit = inside ? text.charCodeAt(p) - 48 : 0;
        if (digit < 0 || digit > 9) bad = true;
        group = group * 10 + digit;
      }
      digits[g] = group;
    }
    if (bad) throw wrong(value, 'numeric');
    let first = 0;
    while (first < groups && digits[first] === 0) first++;
    let end = groups;
    while (end > first && digits[end - 1] === 0) end--;
    const count = end - first;
    this.room(4 + 8 + 2 * count);
    const view = this.view;
    let at = this.length;
    view.setInt32(at, 8 + 2 * count);
    view.setInt16(at + 4, count);
    view.setInt16(at + 6, count === 0 ? 0 : wholeGroups - 1 - first);
    view.setUint16(at + 8, negative && count > 0 ? NUMERIC_NEGATIVE : 0);
    view.setInt16(at + 10, scale);
    at += 12;
    for (let i = first; i < end; i++, at += 2) view.setInt16(at, digits[i]);
    this.length = at;
  }
}

/** A number's or a boolean's COPY text, as a text column takes it. */
function textOf(value: number | boolean): string {
  return typeof value === 'boolean' ? (value ? 't' : 'f') : String(value);
}

function isDate(value: SeedValue): value is string {
  return typeof value === 'string' && value.length === 10 && value.charCodeAt(4) === 45 && value.charCodeAt(7) === 45;
}

function isTimestamp(value: SeedValue): value is string {
  return (
    typeof value === 'string' &&
    (value.length === 19 || (value.length === 20 && value.charCodeAt(19) === 90)) &&
    value.charCodeAt(4) === 45 &&
    value.charCodeAt(7) === 45 &&
    (value.charCodeAt(10) === 84 || value.charCodeAt(10) === 32) &&
    value.charCodeAt(13) === 58 &&
    value.charCodeAt(16) === 58
  );
}

function twoDigits(text: string, at: number): number {
  return (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;
}

function wrong(value: SeedValue, kind: PgBinaryKind): TypeError {
  return new TypeError(`${JSON.stringify(value)} is not a value of binary COPY kind ${kind}`);
}

/** The base-10000 digits of numericBytes: a safe integer's whole part (4) and a fraction of up to 12 digits (3). */
const NUMERIC_DIGITS = new Uint16Array(8);

/** Writes a big-endian 32-bit integer at `at`. */
function int32(value: number, out: Uint8Array, at: number): void {
  out[at] = value >>> 24;
  out[at + 1] = (value >>> 16) & 0xff;
  out[at + 2] = (value >>> 8) & 0xff;
  out[at + 3] = value & 0xff;
}

/**
 * A date's binary form from its days since 1970-01-01: 4 bytes, days since 2000-01-01. Returns 4.
 * @example dateBytes(10_957, out, 0) // 00000000
 */
export function dateBytes(days: number, out: Uint8Array, at: number): number {
  int32(days - PG_EPOCH_DAYS, out, at);
  return 4;
}

/**
 * A timestamp's binary form from its seconds since 1970-01-01T00:00:00Z: 8 bytes, microseconds since 2000-01-01
 * (UTC), two's complement. Returns 8.
 * @example timestampBytes(946_684_801, out, 0) // 00000000000f4240
 */
export function timestampBytes(seconds: number, out: Uint8Array, at: number): number {
  const micros = (seconds - PG_EPOCH_DAYS * 86_400) * 1_000_000;
  const high = Math.floor(micros / 4294967296);
  int32(high, out, at);
  int32(micros - high * 4294967296, out, at + 4);
  return 8;
}

/**
 * A numeric's binary form from a decimal's value in units of its last digit (an integer of magnitude below 2^52)
 * and its scale (0-12): the same bytes as its text `(units / 10^scale).toFixed(scale)` gives. Returns how many.
 * @example numericBytes(12_345, 2, out, 0) // 123.45: 2 digits (123, 4500), weight 0, scale 2
 */
export function numericBytes(units: number, scale: number, out: Uint8Array, at: number): number {
  const size = 10 ** scale;
  const magnitude = Math.abs(units);
  let whole = Math.floor(magnitude / size);
  // The fraction's digits padded on the right to whole groups of four.
  const fractionGroups = Math.ceil(scale / 4);
  let fraction = (magnitude - whole * size) * 10 ** (fractionGroups * 4 - scale);
  let wholeGroups = 0;
  for (let rest = whole; rest > 0; rest = Math.floor(rest / 10000)) wholeGroups++;
  const groups = wholeGroups + fractionGroups;
  // Base-10000 digits, most significant first: the whole part's, then the fraction's.
  const digits = NUMERIC_DIGITS;
  for (let g = wholeGroups - 1; g >= 0; g--, whole = Math.floor(whole / 10000)) digits[g] = whole % 10000;
  for (let g = groups - 1; g >= wholeGroups; g--, fraction = Math.floor(fraction / 10000)) digits[g] = fraction % 10000;
  let first = 0;
  while (first < groups && digits[first] === 0) first++;
  let end = groups;
  while (end > first && digits[end - 1] === 0) end--;
  const count = end - first;
  const weight = count === 0 ? 0 : wholeGroups - 1 - first;
  const sign = units < 0 && count > 0 ? NUMERIC_NEGATIVE : 0;
  out[at] = count >>> 8;
  out[at + 1] = count & 0xff;
  out[at + 2] = (weight >>> 8) & 0xff;
  out[at + 3] = weight & 0xff;
  out[at + 4] = sign >>> 8;
  out[at + 5] = 0;
  out[at + 6] = scale >>> 8;
  out[at + 7] = scale & 0xff;
  let to = at + 8;
  for (let i = first; i < end; i++) {
    out[to++] = digits[i] >>> 8;
    out[to++] = digits[i] & 0xff;
  }
  return to - at;
}
