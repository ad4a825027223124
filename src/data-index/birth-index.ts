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
  /** Per FF column (women) and FM column (men): `cohortCount` weights each. */
  readonly cohortWeights: readonly [Uint8Array, Uint8Array];
  /** Female and male name counts and the CRC-32 of the names they were made for. */
  readonly names: { female: number; male: number; femaleCrc: number; maleCrc: number };

  private constructor(bytes: ArrayBuffer | Uint8Array) {
    const raw = readIndex(bytes);
    const section = (tag: BirthSectionTag): SectionArray => raw.sections.get(tag) ?? invalid(`missing section ${tag}`);
    for (const tag of Object.keys(BIRTH_SECTIONS) as BirthSectionTag[]) section(tag);
    this.dataVersion = raw.datasetVersion;
    const [firstYear, cohortYears, cohortCount, referenceYear] = section('BMET');
    if (section('BMET').length !== 4 || !(cohortYears > 0) || !(cohortCount > 0)) invalid('BMET must hold four positive values');
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
    const femaleCohorts = new Uint8Array(section('BCWF'));
    const maleCohorts = new Uint8Array(section('BCWM'));
    if (femaleCohorts.length !== this.names.female * cohortCount || maleCohorts.length !== this.names.male * cohortCount) invalid('BCWF and BCWM do not match the name counts');
    this.cohortWeights = [femaleCohorts, maleCohorts];
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
