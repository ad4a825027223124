import { UssynthError } from '../errors.js';

/** File name of the companies' data in dist-data/ (written by the data build). */
export const COMPANY_DATA_FILE = 'ussynth-companies.json';

/** One NAICS sector as companies draw it. */
export interface CompanySector {
  /** Two digits, or a range such as "31-33". */
  readonly code: string;
  readonly title: string;
  /** Establishments in County Business Patterns: the sector's weight. */
  readonly establishments: number;
  /** Six-digit codes and titles (2017 NAICS), drawn uniformly within the sector. */
  readonly codes: readonly string[];
  readonly titles: readonly string[];
  /** Words of a business name in this sector. */
  readonly words: readonly string[];
}

/** A code prefix longer than its sector's, with its own name words; a licensed profession takes the professions' legal forms. */
export interface CompanyPrefix {
  readonly prefix: string;
  readonly profession: boolean;
  readonly words: readonly string[];
}

interface CompanyDataFile {
  datasetVersion: string;
  delaware: [number, number][];
  legalForms: { general: [string, number][]; profession: [string, number][] };
  naicsEdition: number;
  prefixes: { prefix: string; profession: boolean; words: string[] }[];
  sectors: { code: string; establishments: number; industries: [string, string][]; title: string; words: string[] }[];
  sizes: [number, number, number][];
}

/**
 * The companies' data (`dist-data/ussynth-companies.json`): NAICS 2017
 * sectors and industries with County Business Patterns establishment
 * counts, SUSB firm sizes, legal forms' shares, the name words and the
 * Delaware shares by size (docs/related-records.md, "Companies").
 * @example const data = CompanyData.fromJson(readFileSync('dist-data/ussynth-companies.json', 'utf8'))
 */
export class CompanyData {
  readonly datasetVersion: string;
  readonly naicsEdition: number;
  readonly sectors: readonly CompanySector[];
  /** Longer code prefixes with their own words, sorted. */
  readonly prefixes: readonly CompanyPrefix[];
  /** Legal forms ('' for none) and shares, of most industries and of the professions. */
  readonly generalForms: readonly (readonly [form: string, share: number])[];
  readonly professionForms: readonly (readonly [form: string, share: number])[];
  /** Firm-size classes: smallest and largest headcount, firms (SUSB). */
  readonly sizes: readonly (readonly [min: number, max: number, firms: number])[];
  /** From a headcount up, the share incorporated in Delaware; ascending. */
  readonly delaware: readonly (readonly [minEmployees: number, share: number])[];

  private constructor(file: CompanyDataFile) {
    this.datasetVersion = file.datasetVersion;
    this.naicsEdition = file.naicsEdition;
    this.sectors = file.sectors.map((s) => ({
      code: s.code,
      title: s.title,
      establishments: s.establishments,
      codes: s.industries.map(([code]) => code),
      titles: s.industries.map(([, title]) => title),
      words: s.words,
    }));
    this.prefixes = file.prefixes;
    this.generalForms = file.legalForms.general;
    this.professionForms = file.legalForms.profession;
    this.sizes = file.sizes;
    this.delaware = file.delaware;
  }

  /**
   * Reads the file's text or bytes; typed error `invalid_index_file` when it is not a companies' data file.
   * @example CompanyData.fromJson(text).sectors.length // 19
   */
  static fromJson(source: string | ArrayBuffer | Uint8Array): CompanyData {
    const text =
      typeof source === 'string'
        ? source
        : new TextDecoder().decode(source instanceof Uint8Array ? source : new Uint8Array(source));
    let file: CompanyDataFile;
    try {
      file = JSON.parse(text) as CompanyDataFile;
    } catch {
      throw invalid('not JSON');
    }
    const ok =
      typeof file === 'object' &&
      file !== null &&
      typeof file.datasetVersion === 'string' &&
      Array.isArray(file.sectors) &&
      file.sectors.length > 0 &&
      file.sectors.every((s) => Array.isArray(s?.industries) && s.industries.length > 0 && s.words?.length > 0) &&
      Array.isArray(file.sizes) &&
      file.sizes.length > 0 &&
      Array.isArray(file.delaware) &&
      Array.isArray(file.prefixes) &&
      Array.isArray(file.legalForms?.general) &&
      Array.isArray(file.legalForms?.profession);
    if (!ok) throw invalid('a field is missing or empty');
    return new CompanyData(file);
  }
}

function invalid(why: string): UssynthError {
  return new UssynthError('invalid_index_file', `Invalid ussynth companies' data (${COMPANY_DATA_FILE}): ${why}`);
}
