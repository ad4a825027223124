import { fourDigits } from '../digits.js';
import { KeyedPermutation } from '../random/keyed-permutation.js';
import { RecordRandom } from '../random/record-random.js';
import { FIRST_MODEL_YEAR, WMI_MAKES, WMI_ROWS } from './wmi-table.js';

// Its own stream kind (docs/architecture.md "Streams"): drawing a VIN changes no other draw.
const VIN_STREAM = 12 << 8;

/** The 33 characters a VIN may hold: digits and letters but I, O and Q (49 CFR 565.15). */
const VIN_CHARS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
const VIN_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
/** Model-year characters from 1980 (A) on, a 30-year cycle: no I, O, Q, U, Z or 0 (49 CFR 565.15(c)). */
const YEAR_CHARS = 'ABCDEFGHJKLMNPRSTVWXY123456789';
/** Transliteration by character code for the check digit (49 CFR 565.15(b)): A-H 1-8, J-R 1-9 (no O, Q), S-Z 2-9. */
const VALUES = new Uint8Array(128);
for (let i = 0; i < VIN_CHARS.length; i++)
  VALUES[VIN_CHARS.charCodeAt(i)] = i < 10 ? i : Number('12345678123457923456789'[i - 10]);
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
/** The check digit's text by the weighted sum mod 11. */
const CHECK_TEXT = '0123456789X';
/** The transliterated value of each of {@link VIN_CHARS}, by its index there. */
const CHAR_VALUES = Array.from(VIN_CHARS, (char) => VALUES[char.charCodeAt(0)]);
/** The 23 x 23 serial letter pairs, by (first x 23 + second): the serial's two letters in one lookup. */
const LETTER_PAIRS = Array.from({ length: 23 * 23 }, (_, n) => VIN_LETTERS[Math.floor(n / 23)] + VIN_LETTERS[n % 23]);
/**
 * Serials (positions 12-17, two letters and four digits: 23 x 23 x 10,000
 * written) taken from 2^22 of them, so the permutation needs no cycle walking.
 */
const SERIALS = 2 ** 22;

/** The check digit of a 17-character VIN (its 9th character is not read): the weighted sum mod 11, 10 as X. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += VALUES[vin.charCodeAt(i)] * WEIGHTS[i];
  const check = sum % 11;
  return check === 10 ? 'X' : String(check);
}

/** One row of the WMI table: a WMI, its make, a model year and the check digit's weighted sum over the WMI and year character. */
interface VinRow {
  readonly wmi: string;
  readonly make: string;
  readonly year: number;
  /** The model-year character (position 10). */
  readonly yearChar: string;
  readonly sum: number;
}

/** One record's vehicle: its VIN, model year and make. */
export interface Vehicle {
  vin: string;
  year: number;
  make: string;
}

/**
 * Vehicles of records: a (WMI, make, model year) of NHTSA's vPIC drawn by
 * how many VIN schemas NHTSA holds for it, a descriptor section of random
 * characters (position 7 a digit before 2010, a letter from 2010, as the
 * year rule of 49 CFR 565.15 has it), the check digit, the model-year
 * character, a plant character and a serial of two letters and four digits
 * from a keyed permutation per stream, so no VIN repeats within 4,194,304
 * records of a stream. docs/identifiers.md ("VIN") says what may still equal a real one.
 * @example new VinMaker(key).make(0, 7).vin // "1HGBH41JXMN109186"-like: 17 characters, check digit at 9
 */
export class VinMaker {
  private readonly random: RecordRandom;
  private readonly permutation: KeyedPermutation;
  /** The (WMI, make, model year) rows, each what a VIN of it needs in one object: one memory read a record, not one per part. */
  private readonly rows: VinRow[] = [];
  /** The row of each value of the weighted draw (0 .. total weight - 1): a row of weight w holds w values, in row order. */
  private readonly rowOfDraw: Uint16Array;

  constructor(key: Uint32Array) {
    this.random = new RecordRandom(key);
    this.permutation = new KeyedPermutation(SERIALS, [key[0] ^ 0x76696e21, key[1], key[2], key[3]]);
    // One row per (WMI, model year) with a weight, in the table's order: by WMI, then year.
    const rowWeights: number[] = [];
    for (const entry of WMI_ROWS.split(' ')) {
      const [wmi, make, weights] = entry.split('|');
      const wmiSum = VALUES[wmi.charCodeAt(0)] * 8 + VALUES[wmi.charCodeAt(1)] * 7 + VALUES[wmi.charCodeAt(2)] * 6;
      weights.split(',').forEach((weight, offset) => {
        if (weight === '') return;
        const year = FIRST_MODEL_YEAR + offset;
        const yearChar = YEAR_CHARS[(year - 1980) % 30];
        const sum = wmiSum + VALUES[yearChar.charCodeAt(0)] * 9;
        this.rows.push({ wmi, make: WMI_MAKES[Number(make)], year, yearChar, sum });
        rowWeights.push(Number(weight));
      });
    }
    // The draw's row by lookup, not by a search of the running totals (a third of a VIN's time).
    if (this.rows.length > 65_536) throw new Error('the WMI table has more rows than a row index of 16 bits holds');
    this.rowOfDraw = new Uint16Array(rowWeights.reduce((sum, weight) => sum + weight, 0));
    let at = 0;
    rowWeights.forEach((weight, row) => {
      this.rowOfDraw.fill(row, at, (at += weight));
    });
  }

  /** The vehicle of record `index` of address stream `stream`. */
  make(stream: number, index: number): Vehicle {
    const { random, rowOfDraw } = this;
    random.reset(VIN_STREAM + stream, index);
    const row = this.rows[rowOfDraw[random.below(rowOfDraw.length)]];
    const year = row.year;
    // Positions 4-8 and 11-17 as indices into VIN_CHARS (or VIN_LETTERS, digits): the check digit is summed from
    // them while drawing, so the VIN's text is made once. Four descriptor characters in one draw (33^4 < 2^32).
    let four = random.below(33 * 33 * 33 * 33);
    const a = four % 33;
    four = Math.floor(four / 33);
    const b = four % 33;
    four = Math.floor(four / 33);
    const c = four % 33;
    const e = Math.floor(four / 33);
    // Position 7: a digit (its own index) before 2010, else a letter, index 10 on in VIN_CHARS.
    const seventh = year < 2010 ? random.below(10) : 10 + random.below(23);
    const plant = random.below(33);
    const size = this.permutation.size;
    const run = Math.floor(index / size);
    const serial = this.permutation.at(index - run * size, (run * 257 + stream) >>> 0);
    const letters = Math.floor(serial / 10_000);
    const digits = serial % 10_000;
    const first = Math.floor(letters / 23);
    const second = letters % 23;
    const d1 = Math.floor(digits / 1000);
    const d2 = Math.floor(digits / 100) % 10;
    const d3 = Math.floor(digits / 10) % 10;
    const sum =
      row.sum +
      CHAR_VALUES[a] * 5 +
      CHAR_VALUES[b] * 4 +
      CHAR_VALUES[c] * 3 +
      CHAR_VALUES[seventh] * 2 +
      CHAR_VALUES[e] * 10 +
      CHAR_VALUES[plant] * 8 +
      // Serial letters are VIN_LETTERS, VIN_CHARS from index 10; its digits are their own values.
      CHAR_VALUES[10 + first] * 7 +
      CHAR_VALUES[10 + second] * 6 +
      d1 * 5 +
      d2 * 4 +
      d3 * 3 +
      (digits % 10) * 2;
    const vin =
      row.wmi +
      VIN_CHARS[a] +
      VIN_CHARS[b] +
      VIN_CHARS[c] +
      VIN_CHARS[seventh] +
      VIN_CHARS[e] +
      CHECK_TEXT[sum % 11] +
      row.yearChar +
      VIN_CHARS[plant] +
      LETTER_PAIRS[letters] +
      fourDigits(digits);
    return { vin, year, make: row.make };
  }
}
