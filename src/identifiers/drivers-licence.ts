import { RecordRandom } from '../random/record-random.js';
import { floridaLicence } from './florida-licence.js';
import { LICENCE_TEMPLATES } from './licence-templates.js';

// Its own stream kind (docs/architecture.md "Streams"): drawing a licence changes no other draw.
const LICENCE_STREAM = 13 << 8;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTERS_DIGITS = LETTERS + '0123456789';

/** What a licence number may be derived from: the record's own name, birth date and sex. */
export interface LicenceHolder {
  firstName: string;
  lastName: string;
  /** Read only for states that derive the number from it (Florida). */
  birthDate: () => string;
  female: boolean;
}

/**
 * Driver's licence numbers of a record's own state: Florida's derived from
 * the holder (`floridaLicence`); every other state's in its documented
 * layout (`LICENCE_TEMPLATES`) with characters drawn from the record's
 * own stream; "" for a territory without a published layout (AS, MP, VI).
 * @example new LicenceMaker(key).make('CA', 5, 0, holder) // "K4820193"
 */
export class LicenceMaker {
  private readonly random: RecordRandom;

  constructor(key: Uint32Array) {
    this.random = new RecordRandom(key);
  }

  /** The licence of record `index` of address stream `stream`, issued by `state`. */
  make(state: string, stream: number, index: number, holder: LicenceHolder): string {
    if (state === 'FL') return floridaLicence(holder.firstName, holder.lastName, holder.birthDate(), holder.female);
    const template = LICENCE_TEMPLATES[state];
    if (template === undefined) return '';
    const random = this.random;
    random.reset(LICENCE_STREAM + stream, index);
    let out = '';
    for (const c of template) {
      out +=
        c === '#'
          ? String(random.below(10))
          : c === '@'
            ? LETTERS[random.below(26)]
            : c === '?'
              ? LETTERS_DIGITS[random.below(36)]
              : c;
    }
    return out;
  }
}
