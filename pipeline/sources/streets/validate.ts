import { SourceError } from '../../source-error.js';
import { SourceReport } from '../../source-report.js';
import { STREET_FILES, type StreetsRaw } from './extract.js';

/** A USPS Publication 28 suffix: its name, every accepted spelling and the standard abbreviation. */
export interface Pub28Suffix {
  suffix: string;
  abbrs: string[];
  standardAbbr: string;
}

/** The street model's own weights (see datasets/street-model/README.md). */
export interface StreetModelConfig {
  baseNameShares: Record<'openaddresses' | 'faker' | 'numbered' | 'surname', number>;
  numberedStreets: number;
  surnameStreets: number;
  unitShare: number;
  unitDesignators: Record<string, number>;
}

/** Checked street sources. */
export interface StreetsValid {
  addressLines: string[];
  fakerLines: string[];
  suffixes: Pub28Suffix[];
  directionals: Record<string, string>;
  unitPrefixes: Record<string, string>;
  model: StreetModelConfig;
  reports: SourceReport[];
}

const isRecordOfStrings = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

/** Checks shapes; trims the trailing spaces some Publication 28 spellings carry (counted). */
export function validateStreets(raw: StreetsRaw): StreetsValid {
  const addressReport = new SourceReport(STREET_FILES.addresses);
  const list = (raw.addresses as { addresses?: unknown })?.addresses;
  if (!Array.isArray(list)) throw new SourceError(STREET_FILES.addresses, null, 'expected an object with an "addresses" array');
  const addressLines = list.map((entry, i) => {
    addressReport.read();
    const line = (entry as { address1?: unknown })?.address1;
    if (typeof line !== 'string' || line.trim() === '') throw new SourceError(STREET_FILES.addresses, null, `addresses[${i}].address1 must be a non-empty string`);
    return line.trim();
  });

  const fakerReport = new SourceReport(`${STREET_FILES.fakerEn} + ${STREET_FILES.fakerEnUs}`);
  const fakerLines = raw.fakerLines.map(({ file, line, text }) => {
    fakerReport.read();
    if (text.trim() === '' || text !== text.trim()) throw new SourceError(file, line, 'street names must be non-empty and trimmed');
    return text;
  });

  const suffixReport = new SourceReport(STREET_FILES.suffixes);
  if (!Array.isArray(raw.suffixes)) throw new SourceError(STREET_FILES.suffixes, null, 'expected an array');
  const suffixes = raw.suffixes.map((entry, i): Pub28Suffix => {
    suffixReport.read();
    const { suffix, abbrs, standardAbbr } = entry as Partial<Pub28Suffix>;
    if (typeof suffix !== 'string' || typeof standardAbbr !== 'string' || !Array.isArray(abbrs) || !abbrs.every((a) => typeof a === 'string')) {
      throw new SourceError(STREET_FILES.suffixes, null, `entry ${i} must have suffix, abbrs[] and standardAbbr strings`);
    }
    const trim = (text: string): string => {
      if (text !== text.trim()) suffixReport.repair('trailing_space_trimmed');
      return text.trim();
    };
    return { suffix: trim(suffix), abbrs: abbrs.map(trim), standardAbbr: trim(standardAbbr) };
  });

  if (!isRecordOfStrings(raw.directionals)) throw new SourceError(STREET_FILES.directionals, null, 'expected an object of strings');
  if (!isRecordOfStrings(raw.unitPrefixes)) throw new SourceError(STREET_FILES.unitPrefixes, null, 'expected an object of strings');
  const model = raw.model as StreetModelConfig;
  const shares = Object.values(model?.baseNameShares ?? {});
  if (shares.length !== 4 || Math.abs(shares.reduce((a, b) => a + b, 0) - 1) > 1e-9) {
    throw new SourceError(STREET_FILES.model, null, 'baseNameShares must have the four parts and sum to 1');
  }
  if (!(model.unitShare >= 0 && model.unitShare < 1)) throw new SourceError(STREET_FILES.model, null, 'unitShare must be in [0, 1)');
  const standardUnits = new Set(Object.values(raw.unitPrefixes));
  for (const designator of Object.keys(model.unitDesignators)) {
    if (!standardUnits.has(designator)) throw new SourceError(STREET_FILES.model, null, `unit designator ${designator} is not a standard abbreviation of ${STREET_FILES.unitPrefixes}`);
  }
  return {
    addressLines,
    fakerLines,
    suffixes,
    directionals: raw.directionals,
    unitPrefixes: raw.unitPrefixes,
    model,
    reports: [addressReport, fakerReport, suffixReport],
  };
}
