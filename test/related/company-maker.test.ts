import { readFileSync } from 'node:fs';
import luhn from 'luhn';
import { describe, expect, it } from 'vitest';
import { readDelimited } from '../../pipeline/extract/read-delimited.js';
import { extractCounties } from '../../pipeline/sources/counties/extract.js';
import { featureContains } from '../../pipeline/transform/county-containment.js';
import { createGenerator as createBrowserGenerator } from '../../src/browser.js';
import { generatorFor } from '../../src/create-generator.js';
import {
  CompanyData,
  createGenerator,
  DEFAULT_COMPANY_DATA_PATH,
  DEFAULT_GEO_INDEX_PATH,
  DEFAULT_INDEX_PATH,
  defaultIndex,
  MAX_PAGE,
  UssynthError,
  type Company,
} from '../../src/index.js';
import { companyMakerOf, domainLabel, isHealthCareProvider } from '../../src/related/company-maker.js';
import { phoneLocalityProblem } from '../fixtures/phone-locality.js';

const DATASETS = new URL('../../datasets/', import.meta.url).pathname;
const csv = (file: string, columns: string[]) =>
  readDelimited(DATASETS, file, { delimiter: ',', columns, quoting: true }).map((r) => r.fields);
// The vendored sources, read here from datasets/ (the generator reads the compiled dist-data file).
const NAICS_TITLES = new Map(csv('naics-2017/naics-2017.csv', ['code', 'title']).map(([code, title]) => [code, title]));
const CBP_SECTORS = csv('census-company-figures/cbp-2021-establishments-by-sector.csv', ['sector', 'establishments']);
const SUSB_SIZES = csv('census-company-figures/susb-2021-firms-by-size.csv', ['minEmployees', 'maxEmployees', 'firms']);
const PROFESSIONS = [
  ...new Set(
    csv('company-name-model/industry-words.csv', ['prefix', 'profession', 'word'])
      .filter((r) => r[1] === '1')
      .map((r) => r[0]),
  ),
];
const data = defaultIndex();

/** The name without its legal form, as the name rule writes it (", Inc." / ", Ltd.", else a space). */
const baseName = (c: Company): string =>
  c.legalForm === ''
    ? c.name
    : c.name.slice(0, c.name.length - c.legalForm.length - (c.legalForm === 'Inc.' || c.legalForm === 'Ltd.' ? 2 : 1));
const sectorOf = (naics: string): string => {
  const two = naics.slice(0, 2);
  return CBP_SECTORS.find(([s]) => {
    const [first, last = first] = s.split('-');
    return two >= first && two <= last;
  })![0];
};
/** The ZIPs the geography documents as drawing their centroid, which may lie outside the county polygon (docs/generator.md). */
const CENTROID_ZIPS = ['96799', '00680', '04852', '22046', '93042'];

describe('companies: consistency over 32,000 records, 0 misses', () => {
  const gen = createGenerator({ seed: 'companies' });
  const sample = [
    ...gen.companies({ count: 30_000 }),
    ...gen.companies({ count: 1000, state: 'TX' }),
    ...gen.companies({ count: 1000, state: 'pr' }),
  ];
  const counties = extractCounties();

  it('have every field, in the documented order', () => {
    expect(sample).toHaveLength(32_000);
    for (const c of sample.slice(0, 100))
      expect(Object.keys(c)).toEqual([
        'id',
        'name',
        'legalForm',
        'ein',
        'naics',
        'naicsTitle',
        'npi',
        'line1',
        'line2',
        'city',
        'state',
        'zip',
        'lat',
        'lon',
        'county',
        'countyFips',
        'timeZone',
        'phone',
        'domain',
        'website',
        'email',
        'employees',
        'founded',
        'incorporationState',
      ]);
  });

  it("have a phone local to the ZIP, the ZIP in the state and the city the ZIP's", () => {
    const misses = sample.flatMap((c) => {
      const problem = phoneLocalityProblem(c);
      const zip = gen.zip(c.zip);
      return [
        ...(problem ? [`${c.name}: ${problem}`] : []),
        ...(zip?.state !== c.state || zip.city !== c.city
          ? [`${c.zip} is ${zip?.city}, ${zip?.state}, not ${c.city}, ${c.state}`]
          : []),
      ];
    });
    expect(misses).toEqual([]);
  });

  it("have a point in the ZIP's county (a county of the state), and its time zone", () => {
    const misses = sample.flatMap((c) => {
      const county = counties.get(c.countyFips);
      if (Number(c.countyFips.slice(0, 2)) !== data.state(c.state)!.fips)
        return [`${c.zip}: county ${c.countyFips} not of ${c.state}`];
      const ofZip = gen.zip(c.zip, { geo: true })!;
      if (ofZip.countyFips !== c.countyFips || ofZip.timeZone !== c.timeZone)
        return [`${c.zip}: not the ZIP's county or zone`];
      if (CENTROID_ZIPS.includes(c.zip))
        return c.lat === ofZip.lat && c.lon === ofZip.lon ? [] : [`${c.zip}: not the centroid`];
      return county && featureContains(county.feature, c.lon, c.lat)
        ? []
        : [`${c.zip}: ${c.lat}, ${c.lon} outside ${c.countyFips}`];
    });
    expect(misses).toEqual([]);
  });

  it('have a domain derived from the name under example.com/.net/.org only, its website and an info@/contact@/sales@ e-mail', () => {
    const misses = sample.filter((c) => {
      const label = baseName(c)
        .normalize('NFD')
        .toLowerCase()
        .replaceAll('&', 'and')
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 63);
      return (
        !/^[a-z0-9]{1,63}\.example\.(com|net|org)$/.test(c.domain) ||
        c.domain.slice(0, c.domain.indexOf('.')) !== label ||
        c.website !== `https://www.${c.domain}` ||
        !['info', 'contact', 'sales'].some((box) => c.email === `${box}@${c.domain}`)
      );
    });
    expect(misses.map((c) => `${c.name} ${c.domain} ${c.email}`)).toEqual([]);
  });

  it('have an NPI of an organisation when a health care provider, unique within a stream, else none', () => {
    const providers = sample.filter((c) => isHealthCareProvider(c.naics));
    expect(providers.length).toBeGreaterThan(1000);
    // CMS: entity type 2 starts with 2; the prefix 80840 in front makes a valid Luhn number (the luhn package checks).
    expect(providers.filter((c) => !/^2\d{9}$/.test(c.npi) || !luhn.validate(`80840${c.npi}`))).toEqual([]);
    expect(sample.filter((c) => !isHealthCareProvider(c.naics) && c.npi !== '')).toEqual([]);
    expect(providers.filter((c) => c.naics.startsWith('622')).length).toBeGreaterThan(0);
    const stream = sample.slice(0, 30_000).filter((c) => c.npi !== '');
    expect(new Set(stream.map((c) => c.npi)).size).toBe(stream.length);
  });

  it('have unique EINs and UUIDs within a stream', () => {
    const stream = sample.slice(0, 30_000);
    expect(new Set(stream.map((c) => c.ein)).size).toBe(stream.length);
    expect(new Set(sample.map((c) => c.id)).size).toBe(sample.length);
    for (const c of sample.slice(0, 1000)) {
      expect(c.ein).toMatch(/^\d{2}-\d{7}$/);
      expect(c.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('have a 2017 NAICS code and its title, a legal form in the name, LLP/PLLC/PC only in the professions', () => {
    const misses = sample.filter((c) => {
      const profession = PROFESSIONS.some((prefix) => c.naics.startsWith(prefix));
      return (
        NAICS_TITLES.get(c.naics) !== c.naicsTitle ||
        !/^\d{6}$/.test(c.naics) ||
        (!profession && ['LLP', 'PLLC', 'PC'].includes(c.legalForm)) ||
        !['', 'LLC', 'Inc.', 'Corp.', 'Co.', 'Ltd.', 'LLP', 'PLLC', 'PC'].includes(c.legalForm) ||
        baseName(c).length === 0 ||
        (c.legalForm !== '' && !c.name.endsWith(c.legalForm))
      );
    });
    expect(misses.map((c) => `${c.name} ${c.naics} ${c.legalForm}`)).toEqual([]);
    expect(sample.some((c) => c.legalForm === 'PLLC')).toBe(true);
  });

  it('have street lines, a suite or nothing on line 2, a headcount, a founding date and a state of incorporation', () => {
    const misses = sample.filter(
      (c) =>
        !/^\S.*\S$/.test(c.line1) ||
        !/^(|Suite [1-9][0-4]0|Ste [1-9][0-4]0)$/.test(c.line2) ||
        !Number.isInteger(c.employees) ||
        c.employees < 1 ||
        c.employees > 20_000 ||
        !/^\d{4}-\d{2}-\d{2}$/.test(c.founded) ||
        new Date(`${c.founded}T00:00:00Z`).toISOString().slice(0, 10) !== c.founded ||
        c.founded > '2025-12-31' ||
        c.founded < '1890-01-01' ||
        (c.incorporationState !== c.state && c.incorporationState !== 'DE'),
    );
    expect(misses.map((c) => `${c.name} ${c.line2} ${c.employees} ${c.founded} ${c.incorporationState}`)).toEqual([]);
  });
});

describe('companies measured against the vendored public figures (200,000 default companies, seed "shares")', () => {
  const sample = createGenerator({ seed: 'shares' }).companies({ count: 200_000 });

  it('have NAICS sector shares within 20 % of County Business Patterns 2021 establishment counts', () => {
    const total = CBP_SECTORS.reduce((n, [, count]) => n + Number(count), 0);
    const counts = new Map<string, number>();
    for (const c of sample) counts.set(sectorOf(c.naics), (counts.get(sectorOf(c.naics)) ?? 0) + 1);
    for (const [sector, establishments] of CBP_SECTORS) {
      const expected = Number(establishments) / total;
      const got = (counts.get(sector) ?? 0) / sample.length;
      expect(Math.abs(got / expected - 1), `sector ${sector}: ${got} against ${expected}`).toBeLessThanOrEqual(0.2);
    }
  });

  it('have firm-size shares within 20 % of SUSB 2021 (about 78 % under 10 employees)', () => {
    const total = SUSB_SIZES.reduce((n, [, , firms]) => n + Number(firms), 0);
    for (const [min, max, firms] of SUSB_SIZES) {
      const expected = Number(firms) / total;
      const got = sample.filter((c) => c.employees >= Number(min) && c.employees <= Number(max)).length / sample.length;
      expect(Math.abs(got / expected - 1), `${min}-${max}: ${got} against ${expected}`).toBeLessThanOrEqual(0.2);
    }
    const underTen = sample.filter((c) => c.employees < 10).length / sample.length;
    expect(underTen).toBeGreaterThan(0.76);
    expect(underTen).toBeLessThan(0.8);
  });

  it('incorporate mostly at home, in Delaware more often as size rises, about 68 % from 5,000 employees', () => {
    const delaware = (from: number, to: number) => {
      const group = sample.filter((c) => c.employees >= from && c.employees < to && c.state !== 'DE');
      return group.filter((c) => c.incorporationState === 'DE').length / group.length;
    };
    expect(delaware(1, 5)).toBeLessThan(0.02);
    expect(delaware(1, 5)).toBeLessThan(delaware(20, 100));
    expect(delaware(20, 100)).toBeLessThan(delaware(500, 5000));
    expect(Math.abs(delaware(5000, 1e9) - 0.682)).toBeLessThan(0.1);
    expect(sample.filter((c) => c.incorporationState === c.state).length / sample.length).toBeGreaterThan(0.95);
  });
});

describe('companies: random access and determinism', () => {
  it('give companyAt(i) as the page element i, for any page split and the cursor', () => {
    const gen = createGenerator({ seed: 7 });
    const page = gen.companies({ start: 1000, count: 60, state: 'OH' });
    for (let i = 0; i < 60; i++) expect(gen.companyAt(1000 + i, { state: 'OH' })).toEqual(page[i]);
    const split = [
      ...gen.companies({ start: 1000, count: 17, state: 'OH' }),
      ...gen.companies({ start: 1017, count: 43, state: 'oh' }),
    ];
    expect(split).toEqual(page);
    const cursor = createGenerator({ seed: 7 });
    const first = [cursor.company(), cursor.company(), cursor.company()];
    expect(first).toEqual(gen.companies({ count: 3 }));
    expect(cursor.company({ state: 'OH' })).toEqual(gen.companyAt(3, { state: 'OH' }));
    expect(gen.companyAt(2 ** 53 - 1).ein).toMatch(/^\d{2}-\d{7}$/);
  });

  it('are the same for the same seed in another generator (and the browser entry), different for another seed', () => {
    const a = createGenerator({ seed: 'same' }).companies({ start: 5, count: 20 });
    expect(createGenerator({ seed: 'same' }).companies({ start: 5, count: 20 })).toEqual(a);
    const browser = createBrowserGenerator({
      index: readFileSync(DEFAULT_INDEX_PATH),
      geoIndex: readFileSync(DEFAULT_GEO_INDEX_PATH),
      companyData: readFileSync(DEFAULT_COMPANY_DATA_PATH),
      seed: 'same',
    });
    expect(browser.companies({ start: 5, count: 20 })).toEqual(a);
    const other = createGenerator({ seed: 'other' }).companies({ start: 5, count: 20 });
    expect(other.filter((c, i) => c.id === a[i].id || c.name === a[i].name).length).toBeLessThan(3);
  });

  it("give a related maker the company's id alone, its state, ZS entry and stream, in O(1)", () => {
    const gen = createGenerator({ seed: 11 });
    const maker = companyMakerOf(gen);
    const tx = data.state('TX')!;
    for (const [i, state] of [
      [0, undefined],
      [99, tx],
      [2 ** 40, tx],
    ] as const) {
      const draw = maker.draw(i, state);
      expect(draw.company).toEqual(gen.companyAt(i, { state: state?.code }));
      expect(maker.companyIdAt(i, state)).toBe(draw.company.id);
      expect(data.zipText(data.table('ZS').items[draw.zipEntry])).toBe(draw.company.zip);
      expect(draw.stream).toBe(state ? state.index + 1 : 0);
      expect(draw.state.code).toBe(draw.company.state);
    }
    // Another stream, another UUID: company 0 of TX is not company 0 of the default draw.
    expect(maker.companyIdAt(0, tx)).not.toBe(maker.companyIdAt(0, undefined));
  });

  it("give employees the company's id, industry, ZIP, domain and headcount without the rest, equal to the whole company's", () => {
    const gen = createGenerator({ seed: 11 });
    const maker = companyMakerOf(gen);
    const tx = data.state('TX')!;
    for (let i = 0; i < 300; i++) {
      for (const state of [undefined, tx]) {
        const { id, naics, zip, domain, employees } = gen.companyAt(i, { state: state?.code });
        expect(maker.employerAt(i, state)).toEqual({ id, naics, zip, domain, employees });
      }
    }
    // Drawing an employer leaves the next whole company as it was.
    maker.employerAt(5, undefined);
    expect(maker.at(6, undefined)).toEqual(createGenerator({ seed: 11 }).companyAt(6));
  });

  it('change nothing of the other kinds: addresses, EINs and phones are as from a generator that made no company', () => {
    const gen = createGenerator({ seed: 3, geo: true });
    gen.companies({ count: 50 });
    const fresh = createGenerator({ seed: 3, geo: true });
    expect(gen.addresses({ count: 20 })).toEqual(fresh.addresses({ count: 20 }));
    expect(gen.address()).toEqual(fresh.address());
    expect(gen.einAt(5)).toEqual(fresh.einAt(5));
    expect(gen.phoneAt(5)).toEqual(fresh.phoneAt(5));
  });

  it('derive the domain label from the name (lower case letters and digits, & as and, 63 characters at most)', () => {
    expect(domainLabel("O'Brien & Sons Plumbing")).toBe('obrienandsonsplumbing');
    expect(domainLabel('Coeur d’Alène Dental')).toBe('coeurdalenedental');
    expect(domainLabel('A'.repeat(80))).toHaveLength(63);
  });
});

describe('companies: bad input gets a typed error', () => {
  const gen = createGenerator({ seed: 1 });
  const code = (run: () => unknown): string | undefined => {
    try {
      run();
    } catch (error) {
      if (error instanceof UssynthError) return `${error.code} ${error.param ?? ''}`.trim();
      throw error;
    }
    return undefined;
  };

  it('for counts, starts and indexes out of range', () => {
    for (const count of [-1, 1.5, MAX_PAGE + 1, Number.NaN, '3' as unknown as number])
      expect(code(() => gen.companies({ count }))).toBe('invalid_count count');
    expect(code(() => gen.companies({ count: 1, start: -1 }))).toBe('invalid_index start');
    expect(code(() => gen.companies({ count: 2, start: 2 ** 53 - 1 }))).toBe('invalid_index start');
    expect(code(() => gen.companyAt(-1))).toBe('invalid_index index');
    expect(code(() => gen.companyAt(0.5))).toBe('invalid_index index');
    expect(gen.companies({ count: 0 })).toEqual([]);
  });

  it('for states', () => {
    expect(code(() => gen.companyAt(0, { state: 'XX' }))).toBe('invalid_state state');
    expect(code(() => gen.companies({ count: 1, state: 'California' }))).toBe('invalid_state state');
    expect(code(() => gen.company({ state: 'AE' }))).toBe('state_not_generatable state');
  });

  it("without the companies' data, or with a damaged or mismatched file", () => {
    const bare = generatorFor(defaultIndex(), { seed: 1 });
    expect(code(() => bare.companyAt(0))).toBe('companies_unavailable');
    expect(code(() => CompanyData.fromJson('{}'))).toBe('invalid_index_file');
    expect(code(() => CompanyData.fromJson('not json'))).toBe('invalid_index_file');
    const text = readFileSync(DEFAULT_COMPANY_DATA_PATH, 'utf8');
    const other = generatorFor(defaultIndex(), {
      seed: 1,
      companyData: text.replace(/"datasetVersion":"[^"]*"/, '"datasetVersion":"1999.1.1"'),
    });
    expect(code(() => other.companyAt(0))).toBe('invalid_index_file');
  });
});
