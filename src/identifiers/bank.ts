import { fourDigits } from '../digits.js';
import { RecordRandom } from '../random/record-random.js';
import { DIGIT_TEXT, THREE_DIGITS } from './digit-texts.js';
import { ROUTING_SYMBOLS } from './routing-symbols.js';

// Its own stream kind (docs/architecture.md, "Streams"): bank draws change no other draw.
const BANK_STREAM = 8 << 8;

/** Account numbers are 8 to 12 digits long (docs/identifiers.md). */
const SHORTEST_ACCOUNT = 8;
const ACCOUNT_LENGTHS = 5;

/**
 * The routing number's check digit: the one that makes 3, 7, 1 weights over
 * the nine digits sum to a multiple of 10 (ABA's routing number policy).
 * @example routingCheckDigit('01100001') // 5
 */
export function routingCheckDigit(first8: string): number {
  return (10 - (routingCheckDigitSum(first8) % 10)) % 10;
}

/** The weighted sum (3, 7, 1, 3, 7, 1, 3, 7) of the first eight digits. */
function routingCheckDigitSum(first8: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (first8.charCodeAt(i) - 48) * (i % 3 === 0 ? 3 : i % 3 === 1 ? 7 : 1);
  return sum;
}

/** One record's bank account: routing number and account number. */
export interface BankAccount {
  routingNumber: string;
  account: string;
}

/**
 * Bank fields of records: a routing number whose first four digits are a
 * Federal Reserve routing symbol (Regulation CC, Appendix A), four drawn
 * digits and the 3-7-1 check digit, and an account number of 8 to 12
 * digits not starting with 0. Draws of their own stream.
 * @example new BankMaker(key).make(0, 7).routingNumber // matches /^\d{9}$/
 */
export class BankMaker {
  private readonly random: RecordRandom;

  /** Per routing symbol, its 3-7-1 weighted sum (weights 3, 7, 1, 3 on its four digits). */
  private readonly symbolSums = ROUTING_SYMBOLS.map((symbol) => routingCheckDigitSum(symbol + '0000'));

  constructor(key: Uint32Array) {
    this.random = new RecordRandom(key);
  }

  /** The bank account of record `index` of address stream `stream`. */
  make(stream: number, index: number): BankAccount {
    const random = this.random;
    random.reset(BANK_STREAM + stream, index);
    const symbol = random.below(ROUTING_SYMBOLS.length);
    const institution = random.below(10_000);
    // Digits 5-8 weigh 7, 1, 3, 7.
    const a = (institution / 1000) | 0;
    const b = ((institution / 100) | 0) % 10;
    const c = ((institution / 10) | 0) % 10;
    const sum = this.symbolSums[symbol] + 7 * a + b + 3 * c + 7 * (institution % 10);
    const length = SHORTEST_ACCOUNT + random.below(ACCOUNT_LENGTHS);
    // 1..9, then eleven digits, cut to the length.
    const digits =
      DIGIT_TEXT[1 + random.below(9)] +
      fourDigits(random.below(10_000)) +
      fourDigits(random.below(10_000)) +
      THREE_DIGITS[random.below(1000)];
    return {
      routingNumber: ROUTING_SYMBOLS[symbol] + fourDigits(institution) + DIGIT_TEXT[(10 - (sum % 10)) % 10],
      account: digits.slice(0, length),
    };
  }
}
