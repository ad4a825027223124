import { paddedDigits } from '../digits.js';
import { RecordRandom } from '../random/record-random.js';
import { LICENCE_TEMPLATES } from './licence-templates.js';
import {
  floridaFromNameCode,
  type FromNameCode,
  illinoisFromNameCode,
  nameCode,
  wisconsinFromNameCode,
} from './soundex-licence.js';

// Its own stream kind (docs/architecture.md "Streams"): drawing a licence changes no other draw.
const LICENCE_STREAM = 13 << 8;
/** 10^n for the digit runs drawn at once (n up to 9). */
const POWERS_OF_TEN = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS_DIGITS = LETTERS + '0123456789';
/** The states whose numbers are a published function of the holder's name, birth date and sex (docs/identifiers.md). */
const DERIVED = new Map<string, FromNameCode>([
  ['FL', floridaFromNameCode],
  ['IL', illinoisFromNameCode],
  ['WI', wisconsinFromNameCode],
]);

/**
 * Driver's licence numbers of a record's own state: Florida's, Illinois'
 * and Wisconsin's derived from the holder (`floridaLicence`,
 * `illinoisLicence`, `wisconsinLicence`); every other state's in its documented
 * layout (`LICENCE_TEMPLATES`) with characters drawn from the record's
 * own stream; "" for a territory without a published layout (AS, MP, VI).
 * @example new LicenceMaker(key).make('CA', 5, 0) // "K4820193"
 */
export class LicenceMaker {
  private readonly random: RecordRandom;
  /** Each state's template as runs: a run of `#` as its length, of `@` as -length, `?` as -100 - length, else the literal text. */
  private readonly runs = new Map<string, Array<number | string>>();

  constructor(key: Uint32Array) {
    this.random = new RecordRandom(key);
    for (const [state, template] of Object.entries(LICENCE_TEMPLATES)) {
      const runs: Array<number | string> = [];
      for (const run of template.match(/#+|@+|\?+|[^#@?]+/g) ?? []) {
        runs.push(
          run[0] === '#' ? run.length : run[0] === '@' ? -run.length : run[0] === '?' ? -100 - run.length : run,
        );
      }
      this.runs.set(state, runs);
    }
  }

  /** Whether `state` derives its numbers from the holder (then {@link derived} makes them, else {@link make}). */
  derives(state: string): boolean {
    return DERIVED.has(state);
  }

  /** The licence `state` (one that {@link derives}) gives this holder. */
  derived(state: string, firstName: string, lastName: string, birthDate: string, female: boolean): string {
    return this.derivedFromNameCode(state, nameCode(firstName, lastName), birthDate, female);
  }

  /** As {@link derived}, from the holder's name code (`SSSSFFF`, as `nameCode` makes it) instead of the names. */
  derivedFromNameCode(state: string, code: string, birthDate: string, female: boolean): string {
    const derive = DERIVED.get(state);
    if (derive === undefined) throw new Error(`${state} does not derive its licence numbers from the holder`);
    return derive(code, birthDate, female);
  }

  /** The licence of record `index` of address stream `stream`, issued by `state` (one that does not derive them). */
  make(state: string, stream: number, index: number): string {
    const runs = this.runs.get(state);
    if (runs === undefined) return '';
    const random = this.random;
    random.reset(LICENCE_STREAM + stream, index);
    let out = '';
    for (const run of runs) {
      if (typeof run === 'string') out += run;
      else if (run > 0) {
        // Digits up to nine at a time: one draw each.
        for (let left = run; left > 0; left -= 9) {
          const n = Math.min(left, 9);
          out += paddedDigits(random.below(POWERS_OF_TEN[n]), n);
        }
      } else if (run > -100) for (let i = 0; i < -run; i++) out += LETTERS[random.below(26)];
      else for (let i = 0; i < -100 - run; i++) out += LETTERS_DIGITS[random.below(36)];
    }
    return out;
  }
}
