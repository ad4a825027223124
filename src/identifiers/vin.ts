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
  private readonly wmis: string[] = [];
  private readonly makes: string[] = [];
  private readonly years: number[] = [];
  private readonly cumulative: Float64Array;

  constructor(key: Uint32Array) {
    this.random = new RecordRandom(key);
    this.permutation = new KeyedPermutation(SERIALS, [key[0] ^ 0x76696e21, key[1], key[2], key[3]]);
    // One row per (WMI, model year) with a weight, in the table's order: by WMI, then year.
    const cumulative: number[] = [];
    let total = 0;
    for (const entry of WMI_ROWS.split(' ')) {
      const [wmi, make, weights] = entry.split('|');
      weights.split(',').forEach((weight, offset) => {
        if (weight === '') return;
        this.wmis.push(wmi);
        this.makes.push(WMI_MAKES[Number(make)]);
        this.years.push(FIRST_MODEL_YEAR + offset);
        cumulative.push((total += Number(weight)));
      });
    }
    this.cumulative = Float64Array.from(cumulative);
  }

  /** The vehicle of record `index` of address stream `stream`. */
  make(stream: number, index: number): Vehicle {
    const { random, cumulative } = this;
    random.reset(VIN_STREAM + stream, index);
    const draw = random.below(cumulative[cumulative.length - 1]);
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] > draw) high = mid;
      else low = mid + 1;
    }
    const wmi = this.wmis[low];
    const year = this.years[low];
    // Four descriptor characters in one draw (33^4 < 2^32), then position 7 and the plant.
    let four = random.below(33 * 33 * 33 * 33);
    const a = VIN_CHARS[four % 33];
    four = Math.floor(four / 33);
    const b = VIN_CHARS[four % 33];
    four = Math.floor(four / 33);
    const c = VIN_CHARS[four % 33];
    const e = VIN_CHARS[Math.floor(four / 33)];
    const vds = a + b + c + (year < 2010 ? VIN_CHARS[random.below(10)] : VIN_LETTERS[random.below(23)]) + e;
    const plant = VIN_CHARS[random.below(33)];
    const size = this.permutation.size;
    const run = Math.floor(index / size);
    const serial = this.permutation.at(index - run * size, (run * 257 + stream) >>> 0);
    const letters = Math.floor(serial / 10_000);
    const digits = String(serial % 10_000).padStart(4, '0');
    const tail =
      YEAR_CHARS[(year - 1980) % 30] +
      plant +
      VIN_LETTERS[Math.floor(letters / 23)] +
      VIN_LETTERS[letters % 23] +
      digits;
    const vin = wmi + vds + '0' + tail;
    return { vin: wmi + vds + vinCheckDigit(vin) + tail, year, make: this.makes[low] };
  }
}
