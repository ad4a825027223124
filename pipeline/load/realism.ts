import type { Compilation } from '../compile.js';
import type { CompiledData, ZipRecord } from '../model.js';
import { DataIndex, type WeightedTable } from '../../src/data-index/data-index.js';
import { Generator } from '../../src/generator/generator.js';
import { NUMBERED_BASE } from '../sources/streets/transform.js';

/** The seed of the records the build measures (any seed would do; this one is fixed so the manifest is reproducible). */
export const REALISM_SEED = 'realism';

/** Records drawn per measure: default addresses, and per state stream. */
export const REALISM_SAMPLE = { defaultAddresses: 100_000, perState: 20_000 } as const;

const share = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

/** The parts of the compiled data the measures read (what the build hands the measure worker). */
export type RealismData = Pick<
  CompiledData,
  'stateGroupShares' | 'houseNumberLeads' | 'streetNames' | 'streetForms' | 'surnames' | 'surnameGroups' | 'firstNames'
> & {
  zips: readonly Pick<ZipRecord, 'zip' | 'density'>[];
};

/** A street line split as the measures need it. */
function streetParts(street: string): {
  house: string;
  numbered: boolean;
  suffix: string;
  unit: string | null;
  trailing: string | null;
} {
  const unitMatch = / (Apt|Unit|Lot|Ste|#) \d+$/.exec(street);
  const line = unitMatch ? street.slice(0, unitMatch.index) : street;
  const words = line.split(' ');
  const house = words[0];
  let trailing: string | null = null;
  if (/^(NW|NE|SW|SE)$/.test(words[words.length - 1]) && words.length > 3) trailing = words.pop()!;
  const suffix = words[words.length - 1];
  const base = words.slice(1, -1).filter((w, i) => !(i === 0 && /^(N|S|E|W|NW|NE|SW|SE)$/.test(w)));
  return {
    house,
    numbered: base.length === 1 && NUMBERED_BASE.test(base[0]),
    suffix,
    unit: unitMatch ? unitMatch[1] : null,
    trailing,
  };
}

/**
 * Measures of how the generated records compare with public statistics
 * (issue 25), computed by the build on records the built index generates
 * (seed {@link REALISM_SEED}) and written to the manifest's `realism`. Each
 * gives the generated figure next to the real one it is held against.
 */
export function realismMeasures(
  data: RealismData,
  indexBytes: Uint8Array,
  {
    apostrophes,
    adults,
    mostlyHispanicSurnames,
    mostlyAsianSurnames,
    surnameGroupSets,
  }: Pick<
    Compilation,
    'apostrophes' | 'adults' | 'mostlyHispanicSurnames' | 'mostlyAsianSurnames' | 'surnameGroupSets'
  >,
): Record<string, unknown> {
  const index = DataIndex.fromBytes(indexBytes);
  const gen = new Generator(index, REALISM_SEED);
  const addresses = gen.addresses({ count: REALISM_SAMPLE.defaultAddresses });
  // One sample per state with Census 2020 shares, shared by the surname measures: names only (the fields
  // path stops its draws after the name, and a field has the value it has in the whole record).
  const stateSamples = new Map(
    data.stateGroupShares
      .filter((s) => s.source === 'census-2020')
      .map((s) => [
        s.state,
        gen.addresses({ state: s.state, count: REALISM_SAMPLE.perState, fields: ['name'] }) as { name: string }[],
      ]),
  );
  const densityOf = new Map(data.zips.map((z) => [z.zip, z.density ?? 0]));

  // 4: e-mail numbers, across three state streams and the default stream of one seed.
  const numbers = (list: { email: string }[]) => list.map((a) => Number(/(\d+)@/.exec(a.email)![1]));
  const streams = ['CA', 'TX', 'NY'].map((state) => gen.addresses({ state, count: REALISM_SAMPLE.perState }));
  const allNumbers = [...numbers(addresses), ...streams.flatMap(numbers)];
  const steps = new Map<number, number>();
  const ordered = numbers(addresses);
  for (let i = 1; i < ordered.length; i++) {
    const step = (((ordered[i] - ordered[i - 1]) % 10_000) + 10_000) % 10_000;
    steps.set(step, (steps.get(step) ?? 0) + 1);
  }

  // 5: first digits of house numbers, generated and in the real addresses.
  const firstGenerated = new Map<string, number>();
  for (const a of addresses) firstGenerated.set(a.street[0], (firstGenerated.get(a.street[0]) ?? 0) + 1);
  const realTotal = data.houseNumberLeads.reduce((a, l) => a + l.weight, 0);
  const firstReal = new Map<string, number>();
  for (const l of data.houseNumberLeads)
    firstReal.set(String(l.firstDigit), (firstReal.get(String(l.firstDigit)) ?? 0) + l.weight);
  const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
  const firstDigit = {
    generated: Object.fromEntries(digits.map((d) => [d, share(firstGenerated.get(d) ?? 0, addresses.length)])),
    real: Object.fromEntries(digits.map((d) => [d, share(firstReal.get(d) ?? 0, realTotal)])),
  };

  // 6 and 7: units and street forms.
  const parts = addresses.map((a) => ({ a, p: streetParts(a.street) }));
  const unitShare = (list: typeof parts) => share(list.filter((x) => x.p.unit !== null).length, list.length);
  const band = (low: number, high: number) =>
    parts.filter((x) => densityOf.get(x.a.zip)! >= low && densityOf.get(x.a.zip)! < high);
  const ny = streams[2].map((a) => ({ a, p: streetParts(a.street) }));
  const manhattan = ny.filter((x) => /^10[0-2]\d\d$/.test(x.a.zip));
  const bySuffix = (suffixes: string[]) => parts.filter((x) => !x.p.numbered && suffixes.includes(x.p.suffix));
  const numbered = parts.filter((x) => x.p.numbered);
  const numberedBaseWeight = data.streetNames
    .filter((s) => NUMBERED_BASE.test(s.name))
    .reduce((a, s) => a + s.weight, 0);
  const baseWeight = data.streetNames.reduce((a, s) => a + s.weight, 0);
  const numberedSuffixes = data.streetForms.filter((f) => f.part === 'numbered_suffix');
  const numberedTotal = numberedSuffixes.reduce((a, f) => a + f.weight, 0);
  const dc = gen.addresses({ state: 'DC', count: 5000 }).map((a) => streetParts(a.street));
  const pr = gen.addresses({ state: 'PR', count: 5000 });
  const artefact = /\d\.\d|\b\d+(ST|ND|RD|TH)\b|\bMc[a-z]|\bJunior\b/;

  return {
    seed: REALISM_SEED,
    defaultAddresses: addresses.length,
    emailNumbers: {
      streams: 'default + CA + TX + NY',
      records: allNumbers.length,
      duplicates: allNumbers.length - new Set(allNumbers).size,
      commonestNeighbourStepShare: share(Math.max(...steps.values()), ordered.length - 1),
    },
    houseNumberFirstDigit: {
      ...firstDigit,
      largestGap:
        Math.round(Math.max(...digits.map((d) => Math.abs(firstDigit.generated[d] - firstDigit.real[d]))) * 10_000) /
        10_000,
    },
    units: {
      all: unitShare(parts),
      densityBelow100: unitShare(band(0, 100)),
      density1000to10000: unitShare(band(1000, 10_000)),
      densityAtLeast10000: unitShare(band(10_000, Infinity)),
      manhattan: unitShare(manhattan),
      onCtCirCv: unitShare(bySuffix(['Ct', 'Cir', 'Cv'])),
      onStAve: unitShare(bySuffix(['St', 'Ave'])),
      suiteDesignators: share(parts.filter((x) => x.p.unit === 'Ste').length, parts.length),
    },
    streets: {
      numberedShare: share(numbered.length, parts.length),
      numberedShareReal: share(numberedBaseWeight, baseWeight),
      numberedStOrAve: share(
        numbered.filter((x) => x.p.suffix === 'St' || x.p.suffix === 'Ave').length,
        numbered.length,
      ),
      numberedStOrAveReal: share(
        numberedSuffixes.filter((f) => f.value === 'ST' || f.value === 'AVE').reduce((a, f) => a + f.weight, 0),
        numberedTotal,
      ),
      dcWithQuadrant: share(dc.filter((p) => p.trailing !== null).length, dc.length),
      prSpanishForms: share(
        pr.filter((a) => / (Calle|Ave) /.test(a.street) && /^\d+ (Calle|Ave) /.test(a.street)).length,
        pr.length,
      ),
      artefacts: [...addresses, ...pr].filter((a) => artefact.test(a.street)).length,
    },
    phones: {
      manhattanAddresses: manhattan.length,
      manhattanIn212646332917: share(
        manhattan.filter((x) => /^\((212|646|332|917)\)/.test(x.a.phone)).length,
        manhattan.length,
      ),
      manhattanIn934: share(manhattan.filter((x) => x.a.phone.startsWith('(934)')).length, manhattan.length),
      overlayCodesSeen: ['917', '929', '424', '747', '737', '346'].filter(
        (code) =>
          addresses.some((a) => a.phone.startsWith(`(${code})`)) || ny.some((x) => x.a.phone.startsWith(`(${code})`)),
      ),
    },
    surnames: {
      ...surnameMeasures(addresses, data),
      ...mostlyHispanicShares(stateSamples, data, mostlyHispanicSurnames, addresses),
      mostlyAsianShare: groupNameShares(stateSamples, mostlyAsianSurnames, ['HI', 'ND']),
      byStateAndGroup: surnameGroupSetShares(index, data, surnameGroupSets, stateSamples),
    },
    firstNames: firstNameMeasures(addresses, data, adults),
    placeApostrophes: apostrophes,
  };
}

/** 2010 shares of a few surnames (Census Bureau, per 100,000 people) the generated shares are held against. */
const SURNAMES_2010 = { Smith: 828.19, Garcia: 395.32, Hernandez: 353.68, Nguyen: 148.36, Patel: 77.96 } as const;

/** Generated shares of the surnames of {@link SURNAMES_2010} against 2010's, and the Hispanic names among the generated top 20. */
function surnameMeasures(addresses: readonly { name: string }[], data: RealismData): Record<string, unknown> {
  const counts = new Map<string, number>();
  for (const a of addresses) {
    const last = a.name.slice(a.name.indexOf(' ') + 1);
    counts.set(last, (counts.get(last) ?? 0) + 1);
  }
  const top20 = [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 20)
    .map(([name]) => name);
  const hispanic = new Set([
    'Garcia',
    'Rodriguez',
    'Martinez',
    'Hernandez',
    'Lopez',
    'Gonzalez',
    'Perez',
    'Sanchez',
    'Ramirez',
    'Torres',
    'Flores',
    'Rivera',
  ]);
  const total = data.surnames.reduce((a, s) => a + s.weight, 0);
  const weightOf = new Map(data.surnames.map((s) => [s.surname, s.weight]));
  return {
    generated: Object.fromEntries(
      Object.keys(SURNAMES_2010).map((name) => [
        name,
        Math.round(((counts.get(name) ?? 0) / addresses.length) * 1e6) / 1e6,
      ]),
    ),
    model: Object.fromEntries(
      Object.keys(SURNAMES_2010).map((name) => [name, Math.round(((weightOf.get(name) ?? 0) / total) * 1e6) / 1e6]),
    ),
    census2010: Object.fromEntries(
      Object.entries(SURNAMES_2010).map(([name, per100k]) => [name, Math.round(per100k * 10) / 1e6]),
    ),
    listTotalPer100k: Math.round(data.surnames.reduce((a, s) => a + s.weight, 0)),
    hispanicInGeneratedTop20: top20.filter((name) => hispanic.has(name)).length,
  };
}

/**
 * Female share of generated first names against the adult population's,
 * and the share of the weight that the cohorts born before 1951 carry (the
 * 1951-2005 window of generator 2 left them out) against the adults 72+ in
 * the table's year (76+ in 2026).
 */
function firstNameMeasures(
  addresses: readonly { name: string }[],
  data: RealismData,
  adults: { female: number; male: number; aged72Plus: number },
): Record<string, unknown> {
  const female = new Set(data.firstNames.filter((n) => n.sex === 'F').map((n) => n.name));
  const male = new Set(data.firstNames.filter((n) => n.sex === 'M').map((n) => n.name));
  // A name of both sexes (Jordan) counts by its larger weight's sex: close enough at this scale.
  const weightOf = new Map<string, { F: number; M: number }>();
  for (const n of data.firstNames)
    weightOf.set(n.name, { ...(weightOf.get(n.name) ?? { F: 0, M: 0 }), [n.sex]: n.people });
  let femaleDrawn = 0;
  for (const a of addresses) {
    const first = a.name.slice(0, a.name.indexOf(' '));
    const w = weightOf.get(first);
    if (female.has(first) && (!male.has(first) || (w && w.F >= w.M))) femaleDrawn++;
  }
  return {
    femaleShareGenerated: share(femaleDrawn, addresses.length),
    femaleShareAdults: share(adults.female, adults.female + adults.male),
    adultsAged72PlusShare: share(adults.aged72Plus, adults.female + adults.male),
    birthYearsCovered: '1922-2004 (ages 18-100 in 2022)',
  };
}

/**
 * The share of the 2010 head's surnames over 80 % Hispanic among generated
 * people, in each state with Census 2020 shares (50 states, DC, Puerto
 * Rico: {@link REALISM_SAMPLE}.perState records each) against the share
 * its mix should give (per name: its 2010 share x sum over groups of its
 * group percentage x the state's group share / the national one), and in
 * default addresses against the 2010 national share. `largestStateMiss` is
 * the largest |generated / expected - 1| over the states.
 */
export function mostlyHispanicShares(
  stateSamples: ReadonlyMap<string, readonly { name: string }[]>,
  data: RealismData,
  names: readonly string[],
  defaultAddresses: readonly { name: string }[],
): Record<string, unknown> {
  const set = new Set(names);
  const surnameOf = (a: { name: string }) => a.name.slice(a.name.indexOf(' ') + 1);
  const generatedShare = (list: readonly { name: string }[]) =>
    list.filter((a) => set.has(surnameOf(a))).length / list.length;
  const columns = data.surnames.flatMap((s, i) =>
    set.has(s.surname) && i < data.surnameGroups[0].heads.length ? [i] : [],
  );
  const expectedShare = (shares: readonly number[]) =>
    columns.reduce(
      (sum, i) => sum + data.surnameGroups.reduce((a, t, g) => a + (shares[g] * t.heads[i]) / 100_000, 0),
      0,
    );
  const perState: Record<string, { generated: number; expected: number }> = {};
  let largestStateMiss = 0;
  let worstState = '';
  for (const { state, shares, source } of data.stateGroupShares) {
    if (source !== 'census-2020') continue;
    const generated = generatedShare(stateSamples.get(state)!);
    const expected = expectedShare(shares);
    perState[state] = { generated: Math.round(generated * 1e5) / 1e5, expected: Math.round(expected * 1e5) / 1e5 };
    const miss = Math.abs(generated / expected - 1);
    if (miss > largestStateMiss) [largestStateMiss, worstState] = [miss, state];
  }
  const census2010 = data.surnames.filter((s) => set.has(s.surname)).reduce((a, s) => a + s.weight, 0) / 100_000;
  return {
    mostlyHispanicNames: columns.length,
    mostlyHispanicShare: {
      national: {
        generated: Math.round(generatedShare(defaultAddresses) * 1e5) / 1e5,
        census2010: Math.round(census2010 * 1e5) / 1e5,
      },
      states: Object.keys(perState).length,
      largestStateMiss: Math.round(largestStateMiss * 1e4) / 1e4,
      worstState,
      perState,
    },
  };
}

/** The share of generated people in each of `states` ({@link REALISM_SAMPLE}.perState records) who carry one of `names`. */
export function groupNameShares(
  stateSamples: ReadonlyMap<string, readonly { name: string }[]>,
  names: readonly string[],
  states: readonly string[],
): Record<string, number> {
  const set = new Set(names);
  return Object.fromEntries(
    states.map((state) => {
      const list = stateSamples.get(state)!;
      return [state, share(list.filter((a) => set.has(a.name.slice(a.name.indexOf(' ') + 1))).length, list.length)];
    }),
  );
}

/** The probability of each column of one segment of an alias table (Walker: kept with its threshold, or taken as another's alias). */
export function aliasProbabilities(table: WeightedTable, offset: number, length: number): number[] {
  const p = new Array<number>(length).fill(0);
  for (let j = 0; j < length; j++) {
    const keep = table.cells[2 * (offset + j)] / 2 ** 32;
    p[j] += keep / length;
    p[table.cells[2 * (offset + j) + 1]] += (1 - keep) / length;
  }
  return p;
}

/**
 * Issue 33's measure of the surnames by state: for the 2010 names over
 * 80 % Hispanic and over 80 % Asian, in the first 350 (head) and beyond
 * (tail), each state's share three ways: `expected` from the Census (per
 * name, its 2010 share x sum over groups of its group percentage x the
 * state's 2020 group share / the national one), `drawn` the probability
 * the shipped index gives (its SR draw of a group, then SGNW x SGPC against
 * the group's total), and `sampled` among the state's
 * {@link REALISM_SAMPLE}.perState records (whose sampling noise is large
 * for the small shares: `sampledCount` says how many carried one).
 * `worstState` and `largestMiss` are of |drawn / expected - 1|; the
 * sampled ones are recorded beside them.
 */
export function surnameGroupSetShares(
  index: DataIndex,
  data: RealismData,
  sets: Compilation['surnameGroupSets'],
  stateSamples: ReadonlyMap<string, readonly { name: string }[]>,
): Record<string, unknown> {
  const heads = index.surnameHeadWeights.length;
  const groups = data.surnameGroups.length;
  const groupTotal = (g: number): number => {
    let total = index.surnameGroupTails[g] * 1e4;
    for (let i = 0; i < heads; i++) total += index.surnameHeadWeights[i] * index.surnameGroupPercents[g * heads + i];
    return total;
  };
  const totals = Array.from({ length: groups }, (_, g) => groupTotal(g));
  const stateIndex = new Map(index.states.map((s) => [s.code, s.index]));
  const sr = index.table('SR');
  const out: Record<string, unknown> = {};
  for (const [name, columns] of Object.entries(sets)) {
    const surnames = new Set(columns.map((i) => data.surnames[i].surname));
    const inGroup = Array.from(
      { length: groups },
      (_, g) =>
        columns.reduce((a, i) => a + index.surnameHeadWeights[i] * index.surnameGroupPercents[g * heads + i], 0) /
        totals[g],
    );
    const perState: Record<string, { expected: number; drawn: number; sampled: number; sampledCount: number }> = {};
    let worst = { state: '', miss: 0 };
    let worstSampled = { state: '', miss: 0 };
    for (const { state, shares, source } of data.stateGroupShares) {
      if (source !== 'census-2020') continue;
      const expected = columns.reduce(
        (sum, i) => sum + data.surnameGroups.reduce((a, t, g) => a + (shares[g] * t.heads[i]) / 100_000, 0),
        0,
      );
      const groupP = aliasProbabilities(sr, stateIndex.get(state)! * groups, groups);
      const drawn = groupP.reduce((a, p, g) => a + p * inGroup[g], 0);
      const sample = stateSamples.get(state)!;
      const sampledCount = sample.filter((a) => surnames.has(a.name.slice(a.name.indexOf(' ') + 1))).length;
      const sampled = sampledCount / sample.length;
      perState[state] = {
        expected: Math.round(expected * 1e6) / 1e6,
        drawn: Math.round(drawn * 1e6) / 1e6,
        sampled: Math.round(sampled * 1e6) / 1e6,
        sampledCount,
      };
      const miss = Math.abs(drawn / expected - 1);
      if (miss > worst.miss || worst.state === '') worst = { state, miss };
      const sampledMiss = Math.abs(sampled / expected - 1);
      if (sampledMiss > worstSampled.miss || worstSampled.state === '') worstSampled = { state, miss: sampledMiss };
    }
    const national = columns.reduce((a, i) => a + data.surnames[i].weight, 0) / 100_000;
    out[name] = {
      names: columns.length,
      nationalShare2010: Math.round(national * 1e6) / 1e6,
      worstState: worst.state,
      largestMiss: Math.round(worst.miss * 1e4) / 1e4,
      worstSampledState: worstSampled.state,
      largestSampledMiss: Math.round(worstSampled.miss * 1e4) / 1e4,
      perState,
    };
  }
  return out;
}
