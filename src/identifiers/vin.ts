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
/** Transliteration of each character for the check digit (49 CFR 565.15(b)): A-H 1-8, J-R 1-9 (no O, Q), S-Z 2-9. */
const VALUES: Record<string, number> = Object.fromEntries(
  [...VIN_CHARS].map((c) => [c, Number(c <= '9' ? c : '12345678123457923456789'[VIN_LETTERS.indexOf(c)])]),
);
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
/** Serials: two letters then four digits (positions 12-17), 23 x 23 x 10,000 of them. */
const SERIALS = 23 * 23 * 10_000;

/** The check digit of a 17-character VIN (its 9th character is not read): the weighted sum mod 11, 10 as X. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(VALUES[vin[i]]) * WEIGHTS[i];
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
 * from a keyed permutation per stream, so no VIN repeats within 5,290,000
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
    const rows = WMI_ROWS.split(' ');
    this.cumulative = new Float64Array(rows.length);
    let total = 0;
    for (let i = 0; i < rows.length; i++) {
      const [wmi, make, offset, weight] = rows[i].split('|');
      this.wmis.push(wmi);
      this.makes.push(WMI_MAKES[Number(make)]);
      this.years.push(FIRST_MODEL_YEAR + Number(offset));
      this.cumulative[i] = total += Number(weight);
    }
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
    let vds = '';
    for (let i = 0; i < 5; i++) {
      vds +=
        i === 3
          ? year < 2010
            ? VIN_CHARS[random.below(10)]
            : VIN_LETTERS[random.below(VIN_LETTERS.length)]
          : VIN_CHARS[random.below(VIN_CHARS.length)];
    }
    const plant = VIN_CHARS[random.below(VIN_CHARS.length)];
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
