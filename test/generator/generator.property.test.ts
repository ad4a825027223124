import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGenerator, defaultIndex, RESERVED_EMAIL_DOMAINS, type Address } from '../../src/index.js';
import { validSeeds } from '../fixtures/valid-seeds.js';

const data = defaultIndex();
const GENERATABLE = data.states.filter((s) => s.zipCount > 0 && s.areaCodeCount > 0).map((s) => s.code);
const NEVER_ASSIGNED_EIN = new Set([
  '00',
  '07',
  '08',
  '09',
  '17',
  '18',
  '19',
  '28',
  '29',
  '49',
  '69',
  '70',
  '78',
  '79',
  '89',
  '96',
  '97',
]);

/** The geographic area codes of a state, read from the index. */
function areaCodesOf(state: string): Set<number> {
  const s = data.state(state)!;
  const ac = data.table('AC');
  return new Set(Array.from({ length: s.areaCodeCount }, (_, k) => ac.items[s.areaCodeOffset + k]));
}

const seeds = validSeeds(40);
const states = fc.option(fc.constantFrom(...GENERATABLE), { nil: undefined });
const indexes = fc.oneof(fc.nat({ max: 10_000 }), fc.nat({ max: Number.MAX_SAFE_INTEGER }));

/** Every rule an address must satisfy, as assertions. */
function expectConsistent(a: Address, state: string | undefined): void {
  expect(Object.keys(a)).toEqual(['name', 'street', 'city', 'state', 'zip', 'phone', 'email', 'country']);
  expect(a.country).toBe('United States');
  if (state) expect(a.state).toBe(state);
  else expect(['state', 'district']).toContain(data.state(a.state)!.kind);
  expect(a.zip).toMatch(/^\d{5}$/);
  const lookup = createGenerator({ seed: 1 }).zip(a.zip)!;
  expect(lookup.state).toBe(a.state);
  expect(lookup.city).toBe(a.city);
  expect(data.zipType(data.zipRow(Number(a.zip)))).toBe('standard');
  expect(a.phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
  const [, area, exchange] = /^\((\d{3})\) (\d{3})-(\d{4})$/.exec(a.phone)!;
  expect(areaCodesOf(a.state).has(Number(area))).toBe(true);
  expect(exchange).toMatch(/^[2-9]\d\d$/);
  expect(exchange.slice(1)).not.toBe('11');
  expect(exchange).not.toBe('555');
  expect(a.name).toMatch(/^\S.* \S.*$/);
  expect(a.street).toMatch(/^[1-9]\d{0,4} \S.*$/);
  const [local, domain] = a.email.split('@');
  expect(RESERVED_EMAIL_DOMAINS).toContain(domain);
  expect(local).toMatch(/^[a-z._]+[0-9]+$/);
}

describe('every address record', () => {
  it('is internally consistent for any seed, state and index', () => {
    fc.assert(
      fc.property(seeds, states, indexes, (seed, state, index) => {
        expectConsistent(createGenerator({ seed }).addressAt(index, { state }), state);
      }),
      { numRuns: 500 },
    );
  });

  it('is the same for the same seed, options and index, whatever was generated before', () => {
    fc.assert(
      fc.property(seeds, states, indexes, fc.nat({ max: 50 }), (seed, state, index, before) => {
        const warm = createGenerator({ seed });
        warm.addresses({ start: 0, count: before, state });
        warm.phone();
        expect(warm.addressAt(index, { state })).toEqual(
          createGenerator({ seed: String(seed) }).addressAt(index, { state }),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same records for any split of a range into pages', () => {
    fc.assert(
      fc.property(
        seeds,
        states,
        fc.nat({ max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 6 }),
        (seed, state, start, pages) => {
          const gen = createGenerator({ seed });
          const total = pages.reduce((a, b) => a + b, 0);
          const whole = gen.addresses({ start, count: total, state });
          let at = start;
          const split = pages.flatMap((count) => {
            const page = gen.addresses({ start: at, count, state });
            at += count;
            return page;
          });
          expect(split).toEqual(whole);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives the same record in a page as record by record (addressAt), with and without fictional phones', () => {
    fc.assert(
      fc.property(
        seeds,
        states,
        fc.nat({ max: 1e12 }),
        fc.integer({ min: 1, max: 700 }),
        fc.boolean(),
        (seed, state, start, count, fictionalPhones) => {
          const gen = createGenerator({ seed, fictionalPhones });
          const page = gen.addresses({ start, count, state });
          const single = Array.from({ length: count }, (_, i) =>
            createGenerator({ seed, fictionalPhones }).addressAt(start + i, { state }),
          );
          expect(page).toEqual(single);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('walks the stream with address() and batch() exactly as addresses() pages it', () => {
    fc.assert(
      fc.property(seeds, states, fc.integer({ min: 1, max: 30 }), (seed, state, count) => {
        const gen = createGenerator({ seed });
        const walked = [gen.address({ state }), ...gen.batch({ count, state }).addresses, gen.address({ state })];
        expect(walked).toEqual(createGenerator({ seed }).addresses({ start: 0, count: count + 2, state }));
      }),
      { numRuns: 100 },
    );
  });
});

describe('batches', () => {
  it('have count equal to the number of addresses and unique e-mails, up to 1000', () => {
    fc.assert(
      fc.property(seeds, states, fc.integer({ min: 1, max: 1000 }), (seed, state, count) => {
        const result = createGenerator({ seed }).batch({ count, state });
        expect(result.count).toBe(count);
        expect(result.addresses).toHaveLength(count);
        expect(new Set(result.addresses.map((a) => a.email)).size).toBe(count);
      }),
      { numRuns: 40 },
    );
  });

  it('keep e-mails unique across 100,000 records of one stream, also on a domain of the caller', () => {
    const emails = createGenerator({ seed: 'uniq', emailDomain: 'Test.Example' })
      .addresses({ count: 100_000 })
      .map((a) => a.email);
    expect(new Set(emails).size).toBe(100_000);
    expect(emails.every((e) => e.endsWith('@test.example'))).toBe(true);
  });
});

describe('phones', () => {
  it('use an area code of the state and give the same number in both notations', () => {
    fc.assert(
      fc.property(seeds, states, indexes, (seed, state, index) => {
        const { phone, intl } = createGenerator({ seed }).phoneAt(index, { state });
        const [, area, exchange, line] = /^\((\d{3})\) ([2-9]\d\d)-(\d{4})$/.exec(phone)!;
        expect(intl).toBe(`+1 ${area}-${exchange}-${line}`);
        expect(exchange.slice(1) === '11' || exchange === '555').toBe(false);
        if (state) expect(areaCodesOf(state).has(Number(area))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('are 555-0100..555-0199 only when fictional numbers are asked for, per call or per generator', () => {
    fc.assert(
      fc.property(seeds, states, indexes, (seed, state, index) => {
        const fictional = /^\(\d{3}\) 555-01\d\d$/;
        expect(createGenerator({ seed }).phoneAt(index, { state, fictional: true }).phone).toMatch(fictional);
        expect(createGenerator({ seed, fictionalPhones: true }).addressAt(index, { state }).phone).toMatch(fictional);
        expect(createGenerator({ seed, fictionalPhones: true }).phoneAt(index, { state }).intl).toMatch(
          /^\+1 \d{3}-555-01\d\d$/,
        );
      }),
      { numRuns: 200 },
    );
  });

  it('change nothing else in an address when fictional', () => {
    const plain = createGenerator({ seed: 7 }).addressAt(99);
    const fictional = createGenerator({ seed: 7, fictionalPhones: true }).addressAt(99);
    expect({ ...fictional, phone: plain.phone }).toEqual(plain);
  });
});

describe('EINs', () => {
  it('are XX-XXXXXXX with a valid IRS campus prefix', () => {
    const valid = new Set([...data.einPrefixes].map((p) => String(p).padStart(2, '0')));
    expect(valid.size).toBe(83);
    fc.assert(
      fc.property(seeds, indexes, (seed, index) => {
        const { ein } = createGenerator({ seed }).einAt(index);
        expect(ein).toMatch(/^\d{2}-\d{7}$/);
        expect(valid.has(ein.slice(0, 2))).toBe(true);
        expect(NEVER_ASSIGNED_EIN.has(ein.slice(0, 2))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('ZIP lookup', () => {
  it('answers every ZIP of the table with its state and city', () => {
    const gen = createGenerator({ seed: 1 });
    for (let row = 0; row < data.zipCodes.length; row++) {
      const zip = data.zipText(row);
      const result = gen.zip(zip)!;
      expect(result.zip).toBe(zip);
      expect(result.state).toBe(data.states[data.zipStates[row]].code);
      expect(result.stateFull).toBe(data.states[data.zipStates[row]].name);
    }
  });

  it('returns null for any well-formed ZIP that is not in the table', () => {
    fc.assert(
      fc.property(fc.nat({ max: 99_999 }), (n) => {
        const zip = String(n).padStart(5, '0');
        expect(createGenerator({ seed: 1 }).zip(zip) === null).toBe(data.zipRow(n) < 0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('distribution', () => {
  const sample = createGenerator({ seed: 'distribution' }).addresses({ count: 50_000 });

  it('draws states by residential population (CA about 12 %, WY about 0.2 %)', () => {
    const share = (code: string) => sample.filter((a) => a.state === code).length / sample.length;
    expect(share('CA')).toBeGreaterThan(0.105);
    expect(share('CA')).toBeLessThan(0.13);
    expect(share('WY')).toBeLessThan(0.004);
    expect(sample.some((a) => ['PR', 'GU', 'VI', 'AS', 'MP'].includes(a.state))).toBe(false);
  });

  it('uses real first names, never the placeholders SSA records for unnamed births', () => {
    const placeholders = new Set([
      'Infant',
      'Baby',
      'Babyboy',
      'Babygirl',
      'Unknown',
      'Notnamed',
      'Unnamed',
      'Male',
      'Female',
      'Boy',
      'Girl',
      'Abcde',
      'Jr',
      'Master',
      'Na',
    ]);
    expect(sample.filter((a) => placeholders.has(a.name.split(' ')[0])).map((a) => a.name)).toEqual([]);
  });

  it("writes O' and D' surnames with their apostrophe", () => {
    const surnames = new Set(sample.map((a) => a.name.split(' ').slice(1).join(' ')));
    expect([...surnames].filter((s) => /^(Obrien|Oconnor|Oneill|Oneal|Odonnell|Dangelo|Damico)$/.test(s))).toEqual([]);
    expect([...surnames].filter((s) => /^[OD]'[A-Z]/.test(s)).length).toBeGreaterThan(10);
    expect(sample.filter((a) => a.name.includes("'")).every((a) => /^[a-z._]+[0-9]+@/.test(a.email))).toBe(true);
  });

  it('uses many distinct names, streets and ZIPs', () => {
    const distinct = (f: (a: Address) => string) => new Set(sample.map(f)).size;
    expect(distinct((a) => a.name.split(' ')[0])).toBeGreaterThan(2_000);
    expect(distinct((a) => a.name.split(' ').slice(1).join(' '))).toBeGreaterThan(10_000);
    expect(distinct((a) => a.zip)).toBeGreaterThan(12_000);
    expect(sample.filter((a) => / (Apt|Unit|Ste|Lot) \d+$/.test(a.street)).length / sample.length).toBeGreaterThan(
      0.09,
    );
  });
});
