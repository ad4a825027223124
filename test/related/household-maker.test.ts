import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emailPart } from '../../src/generator/email.js';
import { ageOn, dayOf } from '../../src/related/calendar-days.js';
import {
  createGenerator,
  defaultBirthIndex,
  defaultIndex,
  MAX_PARTNER_GAP_DAYS,
  RESERVED_EMAIL_DOMAINS,
  type Household,
} from '../../src/index.js';

const SEED = 'issue-49-households';
const COUNT = 32_000;
const gen = createGenerator({ seed: SEED });
const households = gen.households({ count: COUNT });
const people = households.flatMap((h) => h.members);
const reference = `${defaultBirthIndex().referenceYear}-12-31`;

// "Local to the ZIP": the number's area code and exchange are one of the exchanges of the ZIP's phone place (the
// index's ZPP and place exchanges, as docs/generator.md describes an address's phone); ZIPs without a place
// (territories) take any area code of their state.
const data = defaultIndex();
const zipEntries = data.table('ZS');
function localNumbers(state: string, zip: string): { exchanges: Set<string> | undefined; areas: Set<string> } {
  const st = data.state(state)!;
  const areas = new Set<string>();
  for (let c = 0; c < st.areaCodeCount; c++) areas.add(String(data.areaCodes.items[st.areaCodeOffset + c]));
  for (let e = st.zipOffset; e < st.zipOffset + st.zipCount; e++) {
    if (data.zipText(zipEntries.items[e]) !== zip) continue;
    const place = data.zipPhonePlaces[e];
    if (place === data.phonePlaceCount) return { exchanges: undefined, areas };
    const exchanges = new Set<string>();
    for (let k = data.placeExchangeStarts[place]; k < data.placeExchangeStarts[place + 1]; k++) {
      const code = data.placeExchanges[k];
      const slot = (code / 800) | 0;
      exchanges.add(`${data.areaCodes.items[st.areaCodeOffset + slot]}-${200 + code - slot * 800}`);
    }
    return { exchanges, areas };
  }
  throw new Error(`ZIP ${zip} is not a residential ZIP of ${state}`);
}
const localCache = new Map<string, ReturnType<typeof localNumbers>>();
function isLocal(phone: string, state: string, zip: string): boolean {
  const key = `${state} ${zip}`;
  let local = localCache.get(key);
  if (!local) localCache.set(key, (local = localNumbers(state, zip)));
  const match = /^\((\d{3})\) (\d{3})-\d{4}$/.exec(phone);
  if (!match) return false;
  return local.exchanges ? local.exchanges.has(`${match[1]}-${match[2]}`) : local.areas.has(match[1]);
}

function misses(check: (h: Household) => boolean): Household[] {
  return households.filter((h) => !check(h));
}

describe(`households: ${COUNT.toLocaleString('en-US')} of seed ${SEED}, 0 consistency misses`, () => {
  it('put every member at the household address, with its id as householdId', () => {
    expect(people.length).toBeGreaterThan(COUNT * 2);
    expect(
      misses(
        (h) =>
          h.size === h.members.length &&
          h.street === (h.line2 === '' ? h.line1 : `${h.line1} ${h.line2}`) &&
          h.members.every(
            (m) =>
              m.householdId === h.id &&
              m.street === h.street &&
              m.city === h.city &&
              m.state === h.state &&
              m.zip === h.zip &&
              m.country === 'United States',
          ),
      ),
    ).toEqual([]);
  });

  it('give each household one landline and each member 13 or older an own mobile, all local to the ZIP', () => {
    expect(misses((h) => isLocal(h.phone, h.state, h.zip))).toEqual([]);
    const phones = people.filter((m) => m.phone !== '');
    expect(phones.length).toBeGreaterThan(people.length * 0.8);
    expect(phones.filter((m) => !isLocal(m.phone, m.state, m.zip))).toEqual([]);
    // The landline is the household's: no member's mobile is the landline of its own household.
    expect(misses((h) => h.members.every((m) => m.phone !== h.phone))).toEqual([]);
  });

  it('never give one number twice within a household (landline and mobiles), with fictional phones too', () => {
    const repeats = (list: Household[]) =>
      list.filter((h) => {
        const numbers = [h.phone, ...h.members.map((m) => m.phone).filter((phone) => phone !== '')];
        return new Set(numbers).size !== numbers.length;
      });
    expect(repeats(households)).toEqual([]);
    // Fictional numbers have 100 lines per area code: members would share one in many households without the check.
    const fictional = createGenerator({ seed: SEED, fictionalPhones: true }).households({ count: 8_000, state: 'DE' });
    expect(fictional.every((h) => /^\(\d{3}\) 555-01\d\d$/.test(h.phone))).toBe(true);
    expect(repeats(fictional)).toEqual([]);
  });

  it('give phones and e-mails from age 13 only, e-mails of the member own name on reserved domains', () => {
    const wrong = people.filter((m) => {
      const owns = ageOn(m.birthDate, reference) >= 13;
      if (!owns) return m.phone !== '' || m.email !== '';
      const [local, domain] = m.email.split('@');
      const named = local.includes(emailPart(m.lastName)) || local.includes(emailPart(m.firstName));
      return m.phone === '' || !named || !(RESERVED_EMAIL_DOMAINS as readonly string[]).includes(domain);
    });
    expect(wrong).toEqual([]);
    expect(people.some((m) => m.email === '')).toBe(true);
    const emails = people.filter((m) => m.email !== '').map((m) => m.email);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('have UUIDs distinct across households and members', () => {
    const ids = [...households.map((h) => h.id), ...people.map((m) => m.id)];
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(
      true,
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('have a householder first and relationships that fit the type (family: a relative; nonfamily: none)', () => {
    const related = new Set(['spouse', 'child', 'relative']);
    expect(
      misses((h) => {
        const [first, ...rest] = h.members;
        if (first.relationship !== 'householder' || rest.some((m) => m.relationship === 'householder')) return false;
        if (h.type === 'family') return h.size >= 2 && rest.some((m) => related.has(m.relationship));
        return rest.every((m) => m.relationship === 'partner' || m.relationship === 'roommate');
      }),
    ).toEqual([]);
  });
});

describe('ages that hold together (as of the birth data reference date)', () => {
  it('make every householder 18 or older', () => {
    expect(misses((h) => ageOn(h.members[0].birthDate, reference) >= 18)).toEqual([]);
  });

  it('make 100 % of parent-child age gaps 16 to 50 years, for the householder and the spouse', () => {
    let pairs = 0;
    const wrong: string[] = [];
    for (const h of households) {
      const parents = h.members.filter((m) => m.relationship === 'householder' || m.relationship === 'spouse');
      for (const child of h.members.filter((m) => m.relationship === 'child')) {
        for (const parent of parents) {
          pairs++;
          const age = ageOn(parent.birthDate, child.birthDate);
          if (age < 16 || age > 50) wrong.push(`${h.id}: parent ${parent.birthDate}, child ${child.birthDate}`);
        }
        if (child.birthDate > reference) wrong.push(`${h.id}: child born after ${reference}`);
      }
    }
    expect(pairs).toBeGreaterThan(COUNT / 2);
    expect(wrong).toEqual([]);
  });

  it('keep spouses and partners within 20 years (7,305 days) of the householder, and adults', () => {
    const couples = households.flatMap((h) =>
      h.members
        .filter((m) => m.relationship === 'spouse' || m.relationship === 'partner')
        .map((m) => [h.members[0], m] as const),
    );
    expect(couples.length).toBeGreaterThan(COUNT / 3);
    const wrong = couples.filter(
      ([householder, partner]) =>
        Math.abs(dayOf(householder.birthDate) - dayOf(partner.birthDate)) > MAX_PARTNER_GAP_DAYS ||
        ageOn(partner.birthDate, reference) < 18,
    );
    expect(wrong).toEqual([]);
  });

  it('have children of every age from babies to adults, most under 18', () => {
    const ages = people.filter((m) => m.relationship === 'child').map((m) => ageOn(m.birthDate, reference));
    expect(Math.min(...ages)).toBe(0);
    expect(ages.filter((age) => age < 18).length / ages.length).toBeGreaterThan(0.5);
  });
});

describe('against the vendored source, ACS 2018-2022 B11016 (datasets/acs-households/household-type-by-size.csv)', () => {
  const rows = readFileSync(
    new URL('../../datasets/acs-households/household-type-by-size.csv', import.meta.url),
    'utf8',
  )
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .map(([type, size, percent]) => ({ type, size: size === '7+' ? 7 : Number(size), share: Number(percent) / 100 }));

  it.each([1, 2, 3, 4, 5, 6, 7])('gives the share of %i-person households within 20 %', (size) => {
    const expected = rows.filter((r) => r.size === size).reduce((sum, r) => sum + r.share, 0);
    const measured = households.filter((h) => h.size === size).length / COUNT;
    expect(Math.abs(measured - expected) / expected).toBeLessThan(0.2);
  });

  it('gives the share of family households within 20 %', () => {
    const expected = rows.filter((r) => r.type === 'family').reduce((sum, r) => sum + r.share, 0);
    const measured = households.filter((h) => h.type === 'family').length / COUNT;
    expect(Math.abs(measured - expected) / expected).toBeLessThan(0.2);
  });

  it('gives spouses the householder surname at the Pew figure (79 %) within 20 %', () => {
    const spouses = households.flatMap((h) =>
      h.members.filter((m) => m.relationship === 'spouse').map((m) => [h, m] as const),
    );
    const shared = spouses.filter(([h, m]) => m.lastName === h.members[0].lastName).length / spouses.length;
    expect(Math.abs(shared - 0.79) / 0.79).toBeLessThan(0.2);
    // Children carry the householder's surname.
    expect(
      misses((h) => h.members.every((m) => m.relationship !== 'child' || m.lastName === h.members[0].lastName)),
    ).toEqual([]);
  });
});

describe('keys and random access', () => {
  it('make householdAt(i) equal to element i of any page, in another generator of the seed too', () => {
    const other = createGenerator({ seed: SEED });
    for (const i of [0, 1, 999, 1000, 31_999]) expect(other.householdAt(i)).toEqual(households[i]);
    expect(other.households({ start: 1000, count: 3 })).toEqual(households.slice(1000, 1003));
    expect(other.householdAt(2 ** 52, { state: 'VT' })).toEqual(
      gen.households({ start: 2 ** 52, count: 1, state: 'VT' })[0],
    );
  });

  it('continue household() from a cursor of its own, starting at household 0', () => {
    const cursor = createGenerator({ seed: SEED });
    cursor.address();
    expect([cursor.household(), cursor.household()]).toEqual(households.slice(0, 2));
  });

  it('depend on the seed and the state stream', () => {
    expect(createGenerator({ seed: 'another' }).householdAt(0).id).not.toBe(households[0].id);
    const texas = gen.households({ count: 200, state: 'tx' });
    expect(texas.every((h) => h.state === 'TX' && h.members.every((m) => m.state === 'TX'))).toBe(true);
    expect(new Set([...texas.map((h) => h.id), ...households.slice(0, 200).map((h) => h.id)]).size).toBe(400);
  });

  it('leave the address records as they were (households draw from their own stream)', () => {
    const before = createGenerator({ seed: SEED }).addresses({ count: 50 });
    const after = createGenerator({ seed: SEED });
    after.households({ count: 50 });
    expect(after.addresses({ count: 50 })).toEqual(before);
  });
});
