import { UssynthError } from '../errors.js';
import { BIRTH_SECTIONS, type BirthSectionTag } from './birth-format.js';
import { crc32 } from './crc32.js';
import { readIndex, type SectionArray } from './read-index.js';

function invalid(message: string): never {
  throw new UssynthError('invalid_index_file', `Invalid ussynth birth index: ${message}`);
}

/**
 * The birth index (`dist-data/ussynth-births.idx`): per first name, its
 * carriers by birth cohort, and the population by birth year. A separate
 * file, read only when `birthDate` is asked for.
 * @example const births = BirthIndex.fromBytes(fs.readFileSync('dist-data/ussynth-births.idx'))
 */
export class BirthIndex {
  /** Version of the birth data (BIRTH_DATA_VERSION when written). */
  readonly dataVersion: string;
  /** First birth year (the oldest cohort's first year). */
  readonly firstYear: number;
  /** Birth years per cohort (the last cohort may end early, where the adults end). */
  readonly cohortYears: number;
  /** Number of cohorts. */
  readonly cohortCount: number;
  /** Ages are as of 31 December of this year. */
  readonly referenceYear: number;
  /** Women, then men, alive in the reference year per birth year from `firstYear`. */
  readonly yearWeights: readonly [Uint32Array, Uint32Array];
  /** Per profile: `cohortCount` weights, 1..65,535. */
  readonly profiles: Uint16Array;
  /** Per FF column (women) and FM column (men): its profile. */
  readonly nameProfiles: readonly [Uint8Array, Uint8Array];
  /** Per FF and FM column: its span of cohorts, first x 32 + last. */
  readonly nameSpans: readonly [Uint16Array, Uint16Array];
  /** Female and male name counts and the CRC-32 of the names they were made for. */
  readonly names: { female: number; male: number; femaleCrc: number; maleCrc: number };

  private constructor(bytes: ArrayBuffer | Uint8Array) {
    const raw = readIndex(bytes);
    const section = (tag: BirthSectionTag): SectionArray => raw.sections.get(tag) ?? invalid(`missing section ${tag}`);
    for (const tag of Object.keys(BIRTH_SECTIONS) as BirthSectionTag[]) section(tag);
    this.dataVersion = raw.datasetVersion;
    const [firstYear, cohortYears, cohortCount, referenceYear] = section('BMET');
    if (section('BMET').length !== 4 || !(cohortYears > 0) || !(cohortCount > 0))
      invalid('BMET must hold four positive values');
    this.firstYear = firstYear;
    this.cohortYears = cohortYears;
    this.cohortCount = cohortCount;
    this.referenceYear = referenceYear;
    const check = section('BNCK');
    if (check.length !== 4) invalid('BNCK must hold four values');
    this.names = { female: check[0], male: check[1], femaleCrc: check[2], maleCrc: check[3] };
    const years = cohortYears * cohortCount;
    const female = new Uint32Array(section('BYWF'));
    const male = new Uint32Array(section('BYWM'));
    if (female.length !== years || male.length !== years) invalid(`BYWF and BYWM must hold ${years} birth years`);
    this.yearWeights = [female, male];
    this.profiles = new Uint16Array(section('BPRO'));
    if (this.profiles.length === 0 || this.profiles.length % cohortCount !== 0)
      invalid('BPRO must hold whole profiles');
    const profileCount = this.profiles.length / cohortCount;
    this.nameProfiles = [new Uint8Array(section('BPNF')), new Uint8Array(section('BPNM'))];
    this.nameSpans = [new Uint16Array(section('BSPF')), new Uint16Array(section('BSPM'))];
    [this.names.female, this.names.male].forEach((count, sex) => {
      if (this.nameProfiles[sex].length !== count || this.nameSpans[sex].length !== count)
        invalid('the name sections do not match the name counts');
      for (let column = 0; column < count; column++) {
        const span = this.nameSpans[sex][column];
        if (this.nameProfiles[sex][column] >= profileCount || span >> 5 > (span & 31) || (span & 31) >= cohortCount)
          invalid('a name has no valid profile or span');
      }
    });
    if (this.profiles.some((weight) => weight === 0)) invalid('a profile weight is 0');
  }

  /**
   * Reads a birth index file.
   * @example BirthIndex.fromBytes(bytes).referenceYear // 2022
   */
  static fromBytes(bytes: ArrayBuffer | Uint8Array): BirthIndex {
    return new BirthIndex(bytes);
  }
}

/**
 * CRC-32 of names joined by "\n": how the birth index names the first-name columns it was made for.
 * @example namesCrc(['Mary', 'Patricia'])
 */
export function namesCrc(names: readonly string[]): number {
  return crc32(new TextEncoder().encode(names.join('\n')));
}
