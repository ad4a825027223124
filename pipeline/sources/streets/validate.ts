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
  /** Shares of the named base names (the numbered share is counted in the real addresses). */
  baseNameShares: Record<'openaddresses' | 'faker' | 'surname', number>;
  numberedStreets: number;
  surnameStreets: number;
  /** [people per km², unit share] points, density ascending; the share is interpolated in log density between them. */
  unitShareByDensity: [number, number][];
  /** Factor on the unit share of streets with these suffixes (cul-de-sacs and lanes have few apartments); others 1. */
  unitFactorBySuffix: Record<string, number>;
  unitDesignators: Record<string, number>;
  /** Puerto Rico's street forms: "<number> Calle <name>". */
  puertoRico: { streetTypes: Record<string, number>; baseNames: string[] };
}

/** Designators of business premises, never on a home address. */
export const BUSINESS_DESIGNATORS: ReadonlySet<string> = new Set([
  'DEPT',
  'HNGR',
  'LBBY',
  'OFC',
  'PIER',
  'SLIP',
  'STE',
  'STOP',
]);

/** Checked street sources. */
export interface StreetsValid {
  addressLines: string[];
  /** The state of each address line. */
  addressStates: string[];
  fakerLines: string[];
  suffixes: Pub28Suffix[];
  directionals: Record<string, string>;
  unitPrefixes: Record<string, string>;
  model: StreetModelConfig;
  reports: SourceReport[];
}

const isRecordOfStrings = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

/** Checks shapes; trims the trailing spaces some Publication 28 spellings carry (counted). */
export function validateStreets(raw: StreetsRaw): StreetsValid {
  const addressReport = new SourceReport(STREET_FILES.addresses);
  const list = (raw.addresses as { addresses?: unknown })?.addresses;
  if (!Array.isArray(list))
    throw new SourceError(STREET_FILES.addresses, null, 'expected an object with an "addresses" array');
  const addressLines = list.map((entry, i) => {
    addressReport.read();
    const line = (entry as { address1?: unknown })?.address1;
    if (typeof line !== 'string' || line.trim() === '')
      throw new SourceError(STREET_FILES.addresses, null, `addresses[${i}].address1 must be a non-empty string`);
    return line.trim();
  });
  const addressStates = list.map((entry, i) => {
    const state = (entry as { state?: unknown })?.state;
    if (typeof state !== 'string' || !/^[A-Z]{2}$/.test(state))
      throw new SourceError(STREET_FILES.addresses, null, `addresses[${i}].state must be a two-letter code`);
    return state;
  });

  const fakerReport = new SourceReport(`${STREET_FILES.fakerEn} + ${STREET_FILES.fakerEnUs}`);
  const fakerLines = raw.fakerLines.map(({ file, line, text }) => {
    fakerReport.read();
    if (text.trim() === '' || text !== text.trim())
      throw new SourceError(file, line, 'street names must be non-empty and trimmed');
    return text;
  });

  const suffixReport = new SourceReport(STREET_FILES.suffixes);
  if (!Array.isArray(raw.suffixes)) throw new SourceError(STREET_FILES.suffixes, null, 'expected an array');
  const suffixes = raw.suffixes.map((entry, i): Pub28Suffix => {
    suffixReport.read();
    const { suffix, abbrs, standardAbbr } = entry as Partial<Pub28Suffix>;
    if (
      typeof suffix !== 'string' ||
      typeof standardAbbr !== 'string' ||
      !Array.isArray(abbrs) ||
      !abbrs.every((a) => typeof a === 'string')
    ) {
      throw new SourceError(
        STREET_FILES.suffixes,
        null,
        `entry ${i} must have suffix, abbrs[] and standardAbbr strings`,
      );
    }
    const trim = (text: string): string => {
      if (text !== text.trim()) suffixReport.repair('trailing_space_trimmed');
      return text.trim();
    };
    return { suffix: trim(suffix), abbrs: abbrs.map(trim), standardAbbr: trim(standardAbbr) };
  });

  if (!isRecordOfStrings(raw.directionals))
    throw new SourceError(STREET_FILES.directionals, null, 'expected an object of strings');
  if (!isRecordOfStrings(raw.unitPrefixes))
    throw new SourceError(STREET_FILES.unitPrefixes, null, 'expected an object of strings');
  const model = raw.model as StreetModelConfig;
  const shares = Object.values(model?.baseNameShares ?? {});
  if (shares.length !== 3 || Math.abs(shares.reduce((a, b) => a + b, 0) - 1) > 1e-9) {
    throw new SourceError(
      STREET_FILES.model,
      null,
      'baseNameShares must have the three named parts (openaddresses, faker, surname) and sum to 1',
    );
  }
  const bands = model.unitShareByDensity;
  const bandsValid =
    Array.isArray(bands) &&
    bands.length >= 2 &&
    bands.every(
      (b, i) =>
        Array.isArray(b) &&
        b.length === 2 &&
        b[0] >= 0 &&
        b[1] >= 0 &&
        b[1] <= 1 &&
        (i === 0 || b[0] > bands[i - 1][0]),
    ) &&
    bands[0][0] === 0;
  if (!bandsValid)
    throw new SourceError(
      STREET_FILES.model,
      null,
      'unitShareByDensity must be [density, share] points from density 0 upwards, shares in [0, 1]',
    );
  for (const [suffix, factor] of Object.entries(model.unitFactorBySuffix ?? {})) {
    if (!suffixes.some((s) => s.standardAbbr === suffix))
      throw new SourceError(
        STREET_FILES.model,
        null,
        `unitFactorBySuffix: ${suffix} is not a Publication 28 standard abbreviation`,
      );
    if (!(factor >= 0 && factor <= 1))
      throw new SourceError(STREET_FILES.model, null, `unitFactorBySuffix: ${suffix} must be in [0, 1]`);
  }
  const standardUnits = new Set(Object.values(raw.unitPrefixes));
  for (const designator of Object.keys(model.unitDesignators)) {
    if (!standardUnits.has(designator))
      throw new SourceError(
        STREET_FILES.model,
        null,
        `unit designator ${designator} is not a standard abbreviation of ${STREET_FILES.unitPrefixes}`,
      );
    if (BUSINESS_DESIGNATORS.has(designator))
      throw new SourceError(
        STREET_FILES.model,
        null,
        `unit designator ${designator} is for business premises, not homes`,
      );
  }
  const pr = model.puertoRico;
  if (
    !pr ||
    Object.keys(pr.streetTypes ?? {}).length === 0 ||
    !Array.isArray(pr.baseNames) ||
    pr.baseNames.length === 0 ||
    !pr.baseNames.every((n) => typeof n === 'string' && n.trim() === n && n !== '')
  ) {
    throw new SourceError(
      STREET_FILES.model,
      null,
      'puertoRico must have streetTypes and non-empty, trimmed baseNames',
    );
  }
  return {
    addressLines,
    addressStates,
    fakerLines,
    suffixes,
    directionals: raw.directionals,
    unitPrefixes: raw.unitPrefixes,
    model,
    reports: [addressReport, fakerReport, suffixReport],
  };
}
