import { readDelimited, type DelimitedRow } from '../../extract/read-delimited.js';
import { SURNAME_WEIGHT_UNIT, type SurnameGroupTable, type SurnameRecord } from '../../model.js';
import { SourceError } from '../../source-error.js';
import { SourceReport } from '../../source-report.js';
import { titleCase } from '../../spelling/title-case.js';
import { surnameWithApostrophe } from './apostrophes.js';

/** The head of the Census 2010 surname file (datasets/SOURCES.md: the only copy reachable stops at rank 1,022). */
export const CENSUS_2010_FILE = 'census-2010-surnames/top-surnames.csv';

const COLUMNS = [
  'name',
  'rank',
  'count',
  'prop100k',
  'cum_prop100k',
  'pctwhite',
  'pctblack',
  'pctapi',
  'pctaian',
  'pct2prace',
  'pcthispanic',
] as const;

/** Race and Hispanic-origin groups of the file, in its column order. */
export const SURNAME_GROUPS = ['white', 'black', 'api', 'aian', 'twoOrMore', 'hispanic'] as const;

/** One row of the 2010 file. */
export interface Census2010Surname {
  /** As the file writes it, upper case. */
  name: string;
  rank: number;
  count: number;
  /** People per 100,000 of the 2010 population. */
  prop100k: number;
  /** Percentages by group ({@link SURNAME_GROUPS}); null where the Census suppressed the cell ("(S)"). */
  percent: (number | null)[];
}

/** Published figures a copy must show (Census Bureau, 2010 surname file). */
export const CENSUS_2010_CHECKS = {
  SMITH: { count: 2_442_977, prop100k: 828.19 },
  GARCIA: { count: 1_166_120 },
  NGUYEN: { count: 437_645 },
} as const;

/** Reads the file's rows. */
export function extractCensus2010(datasetsDir: string): DelimitedRow[] {
  return readDelimited(datasetsDir, CENSUS_2010_FILE, { delimiter: ',', columns: COLUMNS, quoting: true });
}

/**
 * Checks the rows against the Census's published figures: ranks 1..n in
 * order (equal counts share a rank), cum_prop100k the running sum of prop100k (to 0.5), the known rows
 * of {@link CENSUS_2010_CHECKS}, and a population of 294-296 million
 * implied by count / prop100k. A copy that fails any of these stops the build.
 */
export function validateCensus2010(rows: DelimitedRow[]): { surnames: Census2010Surname[]; report: SourceReport } {
  const report = new SourceReport(CENSUS_2010_FILE);
  let running = 0;
  const surnames = rows.map(({ line, fields }, i): Census2010Surname => {
    report.read();
    const fail = (what: string): never => {
      throw new SourceError(CENSUS_2010_FILE, line, what);
    };
    const [name, rank, count, prop, cumulative, ...percents] = fields;
    if (!/^[A-Z][A-Z' -]*$/.test(name)) fail(`name must be upper-case letters, found ${JSON.stringify(name)}`);
    // Names of equal count share a rank (FRANCO and SAUNDERS are both 476); the next name takes its own position.
    const tied = i > 0 && Number(rank) === Number(rows[i - 1].fields[1]) && count === rows[i - 1].fields[2];
    if (Number(rank) !== i + 1 && !tied)
      fail(`rank must be ${i + 1} (or the previous rank, for an equal count), found ${JSON.stringify(rank)}`);
    if (!/^\d+$/.test(count) || !(Number(prop) > 0)) fail('count and prop100k must be positive numbers');
    running += Number(prop);
    if (Math.abs(running - Number(cumulative)) > 0.5)
      fail(`cum_prop100k ${cumulative} is not the running sum of prop100k (${running.toFixed(2)})`);
    const implied = (Number(count) / Number(prop)) * 100_000;
    if (implied < 294e6 || implied > 296e6)
      fail(`count / prop100k implies a population of ${Math.round(implied)}, not about 295 million`);
    const percent = percents.map((p) => {
      if (p === '(S)') return null;
      if (!(Number(p) >= 0 && Number(p) <= 100)) fail(`percentages must be 0-100 or (S), found ${JSON.stringify(p)}`);
      return Number(p);
    });
    return { name, rank: Number(rank), count: Number(count), prop100k: Number(prop), percent };
  });
  for (const [name, expected] of Object.entries(CENSUS_2010_CHECKS)) {
    const row = surnames.find((s) => s.name === name);
    if (!row || row.count !== expected.count || ('prop100k' in expected && row.prop100k !== expected.prop100k)) {
      throw new SourceError(
        CENSUS_2010_FILE,
        null,
        `${name} must have count ${expected.count} as the Census publishes it`,
      );
    }
  }
  return { surnames, report };
}

/** How the list beyond the 2010 head is weighted (in the SQLite `surname_model` metadata). */
export interface MergedSurnameFit {
  /** Names taken with their 2010 shares. */
  headNames: number;
  /** Their share of the 2010 population, per 100,000. */
  headPer100k: number;
  /** Exponent of the tail's power law. */
  tailExponent: number;
}

/**
 * The surname list from the 2010 head and the 1990 list: ranks 1..n are the
 * 2010 file's names with their 2010 shares (per 100,000 people, as
 * published: Smith 828.19); then the 1990 names the head lacks, in 1990
 * order, on a power law continuous at the head's last share,
 * w(n + j) = w(n) x ((n + j) / n)^-e, whose exponent e (by bisection) makes
 * the whole list sum to 100,000. Every generated person carries a listed
 * name, so the people the lists leave out (9.9 % in 2010) are spread over
 * the tail, not over every name: each head name is drawn at exactly its
 * 2010 share, and no tail name above the head's last.
 * @example mergeSurnames(head, modelled1990).surnames[0] // { surname: 'Smith', rank: 1, weight: 828.19 }
 */
export function mergeSurnames(
  head: readonly Census2010Surname[],
  modelled1990: readonly SurnameRecord[],
): { surnames: SurnameRecord[]; fit: MergedSurnameFit } {
  // Rank is the position in the list (the file's tied ranks, two 476s, would not be unique).
  const headRecords = head.map((s, i) => ({
    surname: surnameWithApostrophe(titleCase(s.name)),
    rank: i + 1,
    weight: s.prop100k,
  }));
  const inHead = new Set(headRecords.map((s) => s.surname.toLowerCase()));
  const tail = modelled1990.filter((s) => !inHead.has(s.surname.toLowerCase()));
  const headTotal = headRecords.reduce((a, s) => a + s.weight, 0);
  const n = headRecords.length;
  const last = headRecords[n - 1].weight;
  const tailTotal = (e: number): number => {
    let sum = 0;
    for (let j = 1; j <= tail.length; j++) sum += last * ((n + j) / n) ** -e;
    return sum;
  };
  const target = 100_000 - headTotal;
  if (tailTotal(0) < target) throw new Error('the surname tail cannot reach 100,000 per 100,000 without rising');
  let low = 0;
  let high = 10;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (tailTotal(mid) > target) low = mid;
    else high = mid;
  }
  const e = low;
  return {
    surnames: [
      ...headRecords,
      ...tail.map((s, j) => ({
        surname: s.surname,
        rank: n + j + 1,
        weight: Math.round(last * ((n + j + 1) / n) ** -e * 10_000) / 10_000,
      })),
    ],
    fit: { headNames: n, headPer100k: Math.round(headTotal * 100) / 100, tailExponent: Math.round(e * 1e6) / 1e6 },
  };
}

/**
 * The head's names as the people of each surname group carry them
 * (SURNAME_GROUPS order): per name, its share x its percentage in the
 * group / the group's national share (`national`, Census 2020: the 50
 * states and DC), per 100,000 people of the group; what the head leaves of
 * the 100,000 is the group's `tail`, drawn from the names beyond the head
 * at their national weights. A state that draws a group by its own share
 * s_g and then a name from the group's table gives each name
 * share x sum_g pct_g x s_g / national_g, and with s = national exactly its
 * national share. Suppressed cells ("(S)") share what the row's other
 * percentages leave of 100 equally, to 0.01. The figures are computed from
 * the integers the index stores (`percents`, `tailUnits` and
 * {@link surnameHeadWeights}), so the measures and the draws agree.
 * @example surnameGroupTables(head, national)[5].heads[0] // Smith among the Hispanic population
 */
export function surnameGroupTables(
  head: readonly Census2010Surname[],
  national: readonly number[],
): SurnameGroupTable[] {
  const weights = surnameHeadWeights(head);
  const percents = head.map((s) => {
    const known = s.percent.reduce<number>((a, p) => a + (p ?? 0), 0);
    const suppressed = s.percent.filter((p) => p === null).length;
    const spread = suppressed === 0 ? 0 : Math.max(0, 100 - known) / suppressed;
    return s.percent.map((p) => Math.round((p ?? spread) * 100));
  });
  return SURNAME_GROUPS.map((group, g) => {
    const units = weights.map((w, i) => w * percents[i][g]);
    const groupUnits = national[g] * SURNAME_WEIGHT_UNIT;
    const tailUnits = Math.round((groupUnits - units.reduce((a, u) => a + u, 0)) / 1e4);
    if (!(tailUnits > 0))
      throw new Error(`the 2010 head carries more than all of the ${group} group (${national[g]} of the population)`);
    const per100k = (u: number): number => Math.round((u / groupUnits) * 100_000 * 10_000) / 10_000;
    return {
      group,
      heads: units.map(per100k),
      tail: per100k(tailUnits * 1e4),
      percents: percents.map((p) => p[g]),
      tailUnits,
    };
  });
}

/**
 * The head names' weights as the index stores them: people per 100,000 x 100.
 * @example surnameHeadWeights(head)[0] // 82819 (Smith)
 */
export function surnameHeadWeights(head: readonly Census2010Surname[]): number[] {
  return head.map((s) => Math.round(s.prop100k * 100));
}
