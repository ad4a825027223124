import { fourDigits } from '../digits.js';
import { fmix32 } from '../random/fmix32.js';
import { KeyedPermutation } from '../random/keyed-permutation.js';
import { RecordRandom } from '../random/record-random.js';
import { DIGIT_TEXT, THREE_DIGITS } from './digit-texts.js';
import { luhnSum } from './luhn.js';

// Its own stream kind (docs/architecture.md, "Streams"): expiry and CVC draws change no other draw.
const CARD_STREAM = 9 << 8;

/** Units of 10^7 card numbers: the permutation's range is 100 of them, split between the brands. */
const UNIT = 10_000_000;

/**
 * The card brands, their share of the records (in units of 1 %), their
 * lengths and the issuer identification numbers (BINs) their numbers are
 * drawn under: the BINs of the test cards that payment processors publish
 * (Stripe's 4242424242424242, 5555555555554444, 378282246310005,
 * 371449635398431, 6011111111111117; docs/identifiers.md says why none can
 * charge anyone). Each BIN holds 10^(length - 7) numbers.
 * @example CARD_BRANDS[0].brand // "Visa"
 */
export const CARD_BRANDS: readonly {
  readonly brand: string;
  readonly percent: number;
  readonly length: number;
  readonly bins: readonly string[];
  readonly cvcLength: number;
}[] = [
  { brand: 'Visa', percent: 50, length: 16, bins: ['424242'], cvcLength: 3 },
  { brand: 'Mastercard', percent: 25, length: 16, bins: ['555555'], cvcLength: 3 },
  { brand: 'American Express', percent: 15, length: 15, bins: ['378282', '371449'], cvcLength: 4 },
  { brand: 'Discover', percent: 10, length: 16, bins: ['601111'], cvcLength: 3 },
];

/**
 * The reference date of card expiries: every `cardExpiry` is a month after
 * it (from 01/30 to 12/34), fixed so the output never changes with the
 * calendar, and late enough that a form comparing with today accepts them
 * until 2030.
 * @example CARD_REFERENCE_DATE // "2029-12-31"
 */
export const CARD_REFERENCE_DATE = '2029-12-31';
const FIRST_EXPIRY_YEAR = 30;
const EXPIRY_MONTHS = 60;

/** The 60 expiries, `01/30` to `12/34`. */
const EXPIRIES = Array.from(
  { length: EXPIRY_MONTHS },
  (_, m) => String((m % 12) + 1).padStart(2, '0') + '/' + (FIRST_EXPIRY_YEAR + Math.floor(m / 12)),
);

/** One record's card: number, brand, expiry and CVC. */
export interface Card {
  number: string;
  brand: string;
  expiry: string;
  cvc: string;
}

/**
 * Payment card fields of records: a Luhn-valid number of the brand's length
 * under one of its test BINs, the brand, an expiry `MM/YY` after
 * {@link CARD_REFERENCE_DATE} and a CVC (three digits, four for American
 * Express). The numbers of a stream are a keyed permutation of the 10^9
 * (brand, BIN, body) triples, so they do not repeat within its first 10^9
 * records; the brand follows from the number's range (Visa 50 %,
 * Mastercard 25 %, American Express 15 %, Discover 10 %).
 * @example new CardMaker(key).make(0, 7).brand // "Visa"
 */
export class CardMaker {
  private readonly permutation: KeyedPermutation;
  private readonly random: RecordRandom;
  /** Per unit of 10^7, the brand it belongs to and the first unit of that brand. */
  private readonly unitBrand: number[] = [];
  private readonly brandStart: number[] = [];
  /** Per brand, per BIN: its Luhn sum as the payload's first six digits (the body after it). */
  private readonly binSums: number[][] = CARD_BRANDS.map((brand) =>
    brand.bins.map((bin) => luhnSum(Number(bin), 6, (brand.length - 7) % 2 === 0)),
  );

  constructor(key: Uint32Array) {
    let units = 0;
    for (let b = 0; b < CARD_BRANDS.length; b++) {
      this.brandStart.push(units);
      for (let u = 0; u < CARD_BRANDS[b].percent; u++) this.unitBrand.push(b);
      units += CARD_BRANDS[b].percent;
    }
    this.permutation = new KeyedPermutation(units * UNIT, [fmix32(key[2] ^ 0x63617264), key[3], key[0], key[1]]);
    this.random = new RecordRandom(key);
  }

  /** The card of record `index` of address stream `stream`. */
  make(stream: number, index: number): Card {
    const size = this.permutation.size;
    const run = Math.floor(index / size);
    const value = this.permutation.at(index - run * size, fmix32((run << 8) + stream));
    const unit = (value / UNIT) | 0;
    const b = this.unitBrand[unit];
    const brand = CARD_BRANDS[b];
    // The offset within the brand's range, spread over its BINs: 10^(length - 7) body values each.
    const offset = value - this.brandStart[b] * UNIT;
    const perBin = brand.length === 16 ? 1_000_000_000 : 100_000_000;
    const bin = (offset / perBin) | 0;
    const body = offset - bin * perBin;
    const bodyDigits = brand.length - 7;
    // The check digit from the numbers (no string work): the BIN's sum and the body's, the body's last digit doubled.
    const check = (10 - ((this.binSums[b][bin] + luhnSum(body, bodyDigits, true)) % 10)) % 10;
    const high = (body / 100_000_000) | 0;
    const low = body - high * 100_000_000;
    const middle = (low / 10_000) | 0;
    const number =
      brand.bins[bin] +
      (bodyDigits === 9 ? DIGIT_TEXT[high] : '') +
      fourDigits(middle) +
      fourDigits(low - middle * 10_000) +
      DIGIT_TEXT[check];
    const random = this.random;
    random.reset(CARD_STREAM + stream, index);
    const month = random.below(EXPIRY_MONTHS);
    const cvc = brand.cvcLength === 4 ? fourDigits(random.below(10_000)) : THREE_DIGITS[random.below(1000)];
    return {
      number,
      brand: brand.brand,
      expiry: EXPIRIES[month],
      cvc,
    };
  }
}
