import { UssynthError } from '../errors.js';
import { fmix32 } from '../random/fmix32.js';
import { KeyedPermutation } from '../random/keyed-permutation.js';
import type { RandomSource } from '../random/record-random.js';
import { NumberThen } from '../digits.js';

/** Domains reserved for documentation by RFC 2606: no mailbox there is real. */
export const RESERVED_EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Checks a caller's own e-mail domain and returns it lower-cased.
 * @example checkEmailDomain('Test.Example') // "test.example"
 */
export function checkEmailDomain(domain: unknown): string {
  const lower = typeof domain === 'string' ? domain.toLowerCase() : '';
  if (!DOMAIN.test(lower)) {
    throw new UssynthError(
      'invalid_email_domain',
      `emailDomain must be a domain name such as "test.example", got ${JSON.stringify(domain)}`,
      'emailDomain',
    );
  }
  return lower;
}

/** Records of one stream per block: the numbers of a block are a keyed permutation across the streams. */
const BLOCK = 1000;

/** Numbers followed by "@" and a reserved domain, shared by every generator. */
const RESERVED_NUMBER_AT = RESERVED_EMAIL_DOMAINS.map((domain) => new NumberThen('@' + domain));
const LOWER_ASCII = /^[a-z]+$/;

/**
 * The lower-case ASCII letters of a name ("O'Brien" -> "obrien"); "user" if none.
 * @example emailPart('De La Cruz') // "delacruz"
 */
export function emailPart(name: string): string {
  const lower = name.toLowerCase();
  if (LOWER_ASCII.test(lower)) return lower;
  const letters = lower.normalize('NFD').replace(/[^a-z]/g, '');
  return letters === '' ? 'user' : letters;
}

/**
 * Makes e-mail addresses from names. The local part is a pattern of the
 * name followed by a number. Records are taken in blocks of 1000 per
 * stream; the numbers of block b are b x span + 1 .. (b + 1) x span, where
 * span = 1000 x the number of streams, and a keyed permutation (Feistel
 * network, keyed by the seed, tweaked by the block) gives each (stream,
 * record) of the block its own number of that range. So no two records of
 * one seed share a number, whether in one stream or in two state streams,
 * and neighbouring records' numbers show no relation.
 * @example new EmailMaker(key, undefined, 58).make('maria', 'garcia', 7, 5, random) // "maria.garcia31822@example.org"
 */
export class EmailMaker {
  private readonly permutation: KeyedPermutation;
  /** Numbers of one block: BLOCK x the number of streams. */
  private readonly span: number;
  /** Numbers followed by "@" and each domain a record may use: the caller's, or the reserved ones. */
  private readonly numberAt: readonly NumberThen[];
  private readonly domains: readonly string[];

  /** `streams`: how many streams share the seed's numbers (1 + the number of states in the index). */
  constructor(key: Uint32Array, domain: string | undefined, streams: number) {
    if (!Number.isInteger(streams) || streams < 1)
      throw new RangeError(`streams must be a positive integer, got ${streams}`);
    this.span = BLOCK * streams;
    // Its own key words, so the numbers are unrelated to the EIN serials and the record draws of the same seed.
    this.permutation = new KeyedPermutation(
      this.span,
      Array.from(key, (word) => fmix32(word ^ 0x6d61696c)),
    );
    this.domains = domain === undefined ? RESERVED_EMAIL_DOMAINS : [domain];
    this.numberAt = domain === undefined ? RESERVED_NUMBER_AT : [new NumberThen('@' + domain)];
  }

  /** The e-mail address of record `index` of stream `stream` for a person whose names have these e-mail parts ({@link emailPart}). */
  make(first: string, last: string, index: number, stream: number, random: RandomSource): string {
    let local: string;
    switch (random.below(6)) {
      case 0:
        local = first + '.' + last;
        break;
      case 1:
        local = first + last;
        break;
      case 2:
        local = first[0] + last;
        break;
      case 3:
        local = first + '_' + last;
        break;
      case 4:
        local = last + '.' + first;
        break;
      default:
        local = first + last[0];
    }
    // Drawn even when the caller gave a domain: the option must not shift the draws of later fields.
    const reserved = random.below(3);
    const which = this.numberAt.length === 1 ? 0 : reserved;
    const number = this.numberOf(index, stream);
    // Past 2^53 (indexes beyond about 10^14) the number is written exactly from BigInt arithmetic.
    return Number.isSafeInteger(number)
      ? local + this.numberAt[which].text(number)
      : local + this.bigNumberOf(index, stream) + '@' + this.domains[which];
  }

  /** Makes the draws {@link make} makes, without the address: the fields after the e-mail stay the same when it is not asked for. */
  skip(random: RandomSource): void {
    random.below(6);
    random.below(3);
  }

  /**
   * The number of record `index` of stream `stream` (0 .. streams - 1): distinct for distinct (stream, index).
   * @example new EmailMaker(key, undefined, 58).numberOf(0, 0) // 1..58000
   */
  numberOf(index: number, stream: number): number {
    const within = index % BLOCK;
    const block = (index - within) / BLOCK;
    // block >>> 0 is block mod 2^32 (block is a whole number below 2^53), without a floating-point remainder.
    return block * this.span + this.permutation.at(stream * BLOCK + within, block >>> 0) + 1;
  }

  /** {@link numberOf} in exact decimal, for indexes whose number passes 2^53. */
  private bigNumberOf(index: number, stream: number): string {
    const within = index % BLOCK;
    const block = (index - within) / BLOCK;
    return String(
      BigInt(block) * BigInt(this.span) + BigInt(this.permutation.at(stream * BLOCK + within, block >>> 0) + 1),
    );
  }
}
