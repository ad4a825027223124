import { UssynthError } from '../errors.js';
import { fmix32 } from '../random/fmix32.js';
import type { RandomSource } from '../random/record-random.js';
import { NumberThen } from './digits.js';

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
    throw new UssynthError('invalid_email_domain', `emailDomain must be a domain name such as "test.example", got ${JSON.stringify(domain)}`, 'emailDomain');
  }
  return lower;
}

const BLOCK = 10_000;

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
 * name followed by a number that is a keyed permutation (an affine map) of
 * the record index within blocks of 10,000, so two records of one stream
 * never share an address and the first 10,000 records have numbers of at
 * most five digits.
 * @example new EmailMaker(key, undefined).make('maria', 'garcia', 7, random) // "maria.garcia4821@example.org"
 */
export class EmailMaker {
  private readonly multiplier: number;
  private readonly offset: number;
  /** Numbers followed by "@" and each domain a record may use: the caller's, or the reserved ones. */
  private readonly numberAt: readonly NumberThen[];

  constructor(key: Uint32Array, domain: string | undefined) {
    // Odd and not a multiple of 5, so coprime to 10,000: 2m+1 is odd, and
    // when it is a multiple of 5, 2m+3 is not.
    const odd = 2 * (fmix32(key[0] ^ 0x6d61696c) % 5000) + 1;
    this.multiplier = odd % 5 === 0 ? odd + 2 : odd;
    this.offset = fmix32(key[1] ^ 0x6d61696c) % BLOCK;
    this.numberAt = domain === undefined ? RESERVED_NUMBER_AT : [new NumberThen('@' + domain)];
  }

  /** The e-mail address of record `index` for a person whose names have these e-mail parts ({@link emailPart}). */
  make(first: string, last: string, index: number, random: RandomSource): string {
    let local: string;
    switch (random.below(6)) {
      case 0: local = first + '.' + last; break;
      case 1: local = first + last; break;
      case 2: local = first[0] + last; break;
      case 3: local = first + '_' + last; break;
      case 4: local = last + '.' + first; break;
      default: local = first + last[0];
    }
    // Drawn even when the caller gave a domain: the option must not shift the draws of later fields.
    const reserved = random.below(3);
    return local + this.numberAt[this.numberAt.length === 1 ? 0 : reserved].text(this.numberOf(index));
  }

  /**
   * The number of record `index`'s address: distinct for distinct indexes.
   * @example new EmailMaker(key, undefined).numberOf(0) // 1..10000
   */
  numberOf(index: number): number {
    const within = index % BLOCK;
    // x -> (a x + b) mod 10,000 is a bijection when a is coprime to 10,000.
    return index - within + ((this.multiplier * within + this.offset) % BLOCK) + 1;
  }
}
