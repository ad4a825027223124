import { readDelimited, type DelimitedRow } from '../../extract/read-delimited.js';
import type { StateGroupShares, StateRecord } from '../../model.js';
import { SourceError } from '../../source-error.js';
import { SourceReport } from '../../source-report.js';

/** Census 2020 table P2 summed by state (datasets/SOURCES.md). */
export const P2_FILE = 'census-2020-race-by-state/p2-states.tsv';

const COLUMNS = [
  'fips',
  'name',
  'P2_001N',
  'P2_002N',
  'P2_005N',
  'P2_006N',
  'P2_007N',
  'P2_008N',
  'P2_009N',
  'P2_010N',
  'P2_011N',
] as const;

/** Published figures a copy must show (Census Bureau, 2020 redistricting data). */
export const P2_CHECKS = { texasTotal: 29_145_505, texasHispanic: 11_441_717, statesAndDcTotal: 331_449_281 } as const;

/** One state's P2 counts. */
export interface P2State {
  fips: string;
  name: string;
  total: number;
  /** People by surname group, in the order of SURNAME_GROUPS (white, black, api, aian, twoOrMore, hispanic). */
  groups: number[];
}

/** Reads the file's rows. */
export function extractP2(datasetsDir: string): DelimitedRow[] {
  return readDelimited(datasetsDir, P2_FILE, { delimiter: '\t', columns: COLUMNS, quoting: false });
}

/**
 * Checks the rows (52: 50 states, DC, Puerto Rico; the not-Hispanic cells
 * and the Hispanic cell sum to the total; Texas and the 50 states + DC as
 * the Census publishes them) and folds P2's cells into the surname file's
 * groups: Hispanic; and of the not Hispanic, White alone, Black alone,
 * Asian + Native Hawaiian and Other Pacific Islander alone (the surname
 * file's "api"), AIAN alone, and two or more races + Some Other Race alone
 * (the surname file counts the latter with two or more).
 */
export function validateP2(rows: DelimitedRow[]): { states: P2State[]; report: SourceReport } {
  const report = new SourceReport(P2_FILE);
  const states = rows.map(({ line, fields }): P2State => {
    report.read();
    const [fips, name, ...cells] = fields;
    if (!/^\d\d$/.test(fips))
      throw new SourceError(P2_FILE, line, `fips must be two digits, found ${JSON.stringify(fips)}`);
    if (!cells.every((c) => /^\d+$/.test(c))) throw new SourceError(P2_FILE, line, 'counts must be whole numbers');
    const [total, hispanic, white, black, aian, asian, nhpi, other, twoOrMore] = cells.map(Number);
    if (hispanic + white + black + aian + asian + nhpi + other + twoOrMore !== total)
      throw new SourceError(P2_FILE, line, `${name}: the cells do not sum to the total ${total}`);
    return { fips, name, total, groups: [white, black, asian + nhpi, aian, other + twoOrMore, hispanic] };
  });
  if (states.length !== 52)
    throw new SourceError(P2_FILE, null, `expected 52 rows (50 states, DC, Puerto Rico), found ${states.length}`);
  const texas = states.find((s) => s.fips === '48');
  const statesAndDc = states.filter((s) => s.fips !== '72').reduce((a, s) => a + s.total, 0);
  if (
    texas?.total !== P2_CHECKS.texasTotal ||
    texas.groups[5] !== P2_CHECKS.texasHispanic ||
    statesAndDc !== P2_CHECKS.statesAndDcTotal
  ) {
    throw new SourceError(
      P2_FILE,
      null,
      `Texas must have ${P2_CHECKS.texasTotal} people (${P2_CHECKS.texasHispanic} Hispanic) and the 50 states + DC ${P2_CHECKS.statesAndDcTotal}, as the Census publishes them`,
    );
  }
  return { states, report };
}

/**
 * Each state's shares of the surname groups: its own where P2 has it (by
 * FIPS), the 50 states and DC together (the national shares) elsewhere
 * (military codes, the territories other than Puerto Rico, the freely
 * associated states). Sorted by state code; shares rounded to 1e-6.
 */
export function stateGroupShares(
  p2: readonly P2State[],
  states: readonly StateRecord[],
): { national: number[]; states: StateGroupShares[] } {
  const shares = (groups: number[]): number[] => {
    const total = groups.reduce((a, b) => a + b, 0);
    return groups.map((g) => Math.round((g / total) * 1e6) / 1e6);
  };
  const statesAndDc = p2.filter((s) => s.fips !== '72');
  const national = shares(statesAndDc[0].groups.map((_, g) => statesAndDc.reduce((a, s) => a + s.groups[g], 0)));
  const byFips = new Map(p2.map((s) => [s.fips, s]));
  return {
    national,
    states: [...states]
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
      .map((s) => {
        const row = s.fips === null ? undefined : byFips.get(s.fips);
        return { state: s.code, shares: row ? shares(row.groups) : national, source: row ? 'census-2020' : 'national' };
      }),
  };
}
