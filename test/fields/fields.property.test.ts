import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { titleCase } from '../../pipeline/spelling/title-case.js';
import { createGenerator, defaultIndex, FIELD_NAMES, type FieldName } from '../../src/index.js';
import { validSeeds } from '../fixtures/valid-seeds.js';

const data = defaultIndex();
const GENERATABLE = data.states.filter((s) => s.zipCount > 0 && s.areaCodeCount > 0).map((s) => s.code);
const seeds = validSeeds(40);
const states = fc.option(fc.constantFrom(...GENERATABLE), { nil: undefined });
const indexes = fc.oneof(fc.nat({ max: 10_000 }), fc.nat({ max: Number.MAX_SAFE_INTEGER }));
const fieldLists = fc.shuffledSubarray([...FIELD_NAMES], { minLength: 1 });

/** Per `sex:Name` (as the index writes names), the first years of the SSA cohorts with births of that name and sex. */
const COHORTS = (() => {
  const cohorts = new Map<string, Set<number>>();
  const lines = readFileSync(new URL('../../datasets/ssa-baby-names/first-names.csv', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  for (const line of lines) {
    const [name, sex, cohort] = line.split(',');
    const key = `${sex}:${titleCase(name)}`;
    if (!cohorts.has(key)) cohorts.set(key, new Set());
    cohorts.get(key)!.add(Number(cohort));
  }
  return cohorts;
})();

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

describe('fields agree with the full record, over many seeds', () => {
  it('every field is the part of the record it names', () => {
    fc.assert(
      fc.property(seeds, states, indexes, (seed, state, index) => {
        const gen = createGenerator({ seed });
        const full = gen.addressAt(index, { state, geo: true });
        const all = gen.addressAt(index, { state, fields: [...FIELD_NAMES] });
        expect(Object.keys(all)).toEqual([...FIELD_NAMES]);
        for (const key of Object.keys(full) as (keyof typeof full)[]) expect(all[key]).toBe(full[key]);
        expect(all.firstName + ' ' + all.lastName).toBe(full.name);
        expect(all.line1 + (all.line2 ? ' ' + all.line2 : '')).toBe(full.street);
        expect(all.line1).not.toMatch(/ (Apt|Unit|Ste|#|Fl|Rm|Bldg|Lot|Trlr)\b/);
        expect(all.stateFull).toBe(data.state(full.state)!.name);
        expect(all.phoneIntl).toBe(`+1 ${full.phone.slice(1, 4)}-${full.phone.slice(6)}`);
        expect(all.emailDomain).toBe(full.email.split('@')[1]);
        expect(all.index).toBe(index);
        expect(all.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        // The first name was drawn for this sex, and the name was born in the birth date's cohort.
        const cohorts = COHORTS.get(`${all.sex}:${all.firstName}`);
        expect(cohorts, `${all.sex} ${all.firstName} is an SSA name of that sex`).toBeDefined();
        expect(isCalendarDate(all.birthDate)).toBe(true);
        const year = Number(all.birthDate.slice(0, 4));
        expect(year).toBeGreaterThanOrEqual(1922);
        expect(year).toBeLessThanOrEqual(2004);
        // The name's era: from its first to its last cohort with births of that sex.
        const cohort = 1922 + Math.floor((year - 1922) / 5) * 5;
        expect(cohort, `${all.firstName} (${all.sex}) born ${year}`).toBeGreaterThanOrEqual(Math.min(...cohorts!));
        expect(cohort, `${all.firstName} (${all.sex}) born ${year}`).toBeLessThanOrEqual(Math.max(...cohorts!));
      }),
      { numRuns: 300 },
    );
  });

  it("a field's value is the same whatever else is asked, in the order asked", () => {
    fc.assert(
      fc.property(seeds, states, indexes, fieldLists, (seed, state, index, fields) => {
        const gen = createGenerator({ seed });
        const all = gen.addressAt(index, { state, fields: [...FIELD_NAMES] }) as Record<FieldName, unknown>;
        const some = gen.addressAt(index, { state, fields });
        expect(Object.keys(some)).toEqual(fields);
        for (const field of fields) expect(some[field]).toBe(all[field]);
      }),
      { numRuns: 300 },
    );
  });

  it('renamed columns carry their field, and pages, batches and the cursor agree with addressAt', () => {
    fc.assert(
      fc.property(seeds, states, fc.nat({ max: 1000 }), fieldLists, (seed, state, start, fields) => {
        const list = fields.map((field, i) => `c${i}_x=${field}`);
        const gen = createGenerator({ seed });
        const page = gen.addresses({ start, count: 3, state, fields: list });
        page.forEach((record, i) => {
          const one = gen.addressAt(start + i, { state, fields });
          expect(Object.values(record)).toEqual(Object.values(one));
          expect(Object.keys(record)).toEqual(list.map((entry) => entry.split('=')[0]));
        });
        const fresh = createGenerator({ seed });
        const batch = fresh.batch({ count: 2, state, fields: list.join(',') });
        expect(batch.count).toBe(2);
        expect(batch.addresses).toEqual(
          createGenerator({ seed }).addresses({ start: 0, count: 2, state, fields: list }),
        );
        expect(fresh.address({ state, fields: list })).toEqual(gen.addressAt(2, { state, fields: list }));
      }),
      { numRuns: 100 },
    );
  });

  it('uuid never repeats within a stream and differs between streams and seeds', () => {
    const gen = createGenerator({ seed: 'uuid' });
    const seen = new Set(gen.addresses({ start: 0, count: 50_000, fields: ['uuid'] }).map((r) => r.uuid));
    expect(seen.size).toBe(50_000);
    for (const index of [2 ** 32 - 1, 2 ** 32, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER])
      seen.add(gen.addressAt(index, { fields: ['uuid'] }).uuid);
    expect(seen.size).toBe(50_004);
    expect(gen.addressAt(0, { state: 'CA', fields: ['uuid'] }).uuid).not.toBe(
      gen.addressAt(0, { fields: ['uuid'] }).uuid,
    );
    expect(createGenerator({ seed: 'uuid2' }).addressAt(0, { fields: ['uuid'] }).uuid).not.toBe(
      gen.addressAt(0, { fields: ['uuid'] }).uuid,
    );
  });

  it("birth years follow the first names' eras: Mildred and Linda are older than Madison and Jayden", () => {
    const gen = createGenerator({ seed: 'eras' });
    const years = new Map<string, number[]>();
    for (const r of gen.addresses({ start: 0, count: 200_000, fields: ['firstName', 'birthDate'] })) {
      if (!['Mildred', 'Linda', 'Madison', 'Jayden'].includes(r.firstName)) continue;
      years.set(r.firstName, [...(years.get(r.firstName) ?? []), Number(r.birthDate.slice(0, 4))]);
    }
    const median = (name: string): number => {
      const list = years.get(name)!.sort((a, b) => a - b);
      expect(list.length).toBeGreaterThan(5);
      return list[list.length >> 1];
    };
    expect(median('Mildred')).toBeLessThan(1950);
    expect(median('Linda')).toBeLessThan(1965);
    expect(median('Madison')).toBeGreaterThan(1985);
    expect(median('Jayden')).toBeGreaterThan(1990);
  });

  it('a field list without the later fields makes no e-mail and still gives the same phone', () => {
    const gen = createGenerator({ seed: 7, emailDomain: 'corp.test' });
    const full = gen.addressAt(3);
    expect(gen.addressAt(3, { fields: ['phone'] })).toEqual({ phone: full.phone });
    expect(gen.addressAt(3, { fields: 'mail_host=emailDomain' })).toEqual({ mail_host: 'corp.test' });
  });
});
