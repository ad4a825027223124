import { isValid as dlvIsValid } from 'driver-license-validator';
import { isValid as usdlIsValid } from 'usdl-regex';
import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import { floridaLicence, illinoisLicence, wisconsinLicence } from '../../src/identifiers/soundex-licence.js';

const FIELDS = ['driversLicense', 'driversLicenseState', 'state', 'firstName', 'lastName', 'birthDate', 'sex'] as const;

// The Florida, Illinois and Wisconsin numbers, written from the published descriptions, apart from src/identifiers/.
const SOUNDEX_GROUPS = ['BFPV', 'CGJKQSXZ', 'DT', 'L', 'MN', 'R'];
function soundexOf(surname: string): string {
  const letters = surname.toUpperCase().replace(/[^A-Z]/g, '');
  const digit = (c: string): string => String(SOUNDEX_GROUPS.findIndex((g) => g.includes(c)) + 1 || '');
  let code = letters[0];
  let previous = digit(letters[0]);
  for (const c of letters.slice(1)) {
    if (c === 'H' || c === 'W') continue;
    const d = digit(c);
    if (d !== '' && d !== previous) code += d;
    previous = d;
  }
  return (code + '000').slice(0, 4);
}
const FIRST_NAMES: Record<string, number> = {
  ALBERT: 20,
  ALICE: 20,
  ANN: 40,
  ANNA: 40,
  ANNE: 40,
  ANNIE: 40,
  ARTHUR: 40,
  BERNARD: 80,
  BETTE: 80,
  BETTIE: 80,
  BETTY: 80,
  CARL: 120,
  CATHERINE: 120,
  CHARLES: 140,
  CLARA: 140,
  DONALD: 180,
  DOROTHY: 180,
  EDWARD: 220,
  ELIZABETH: 220,
  FLORENCE: 260,
  FRANK: 260,
  GEORGE: 300,
  GRACE: 300,
  HAROLD: 340,
  HARRIET: 340,
  HARRY: 360,
  HAZEL: 360,
  HELEN: 380,
  HENRY: 380,
  JAMES: 440,
  JANE: 440,
  JAYNE: 440,
  JEAN: 460,
  JOAN: 480,
  JOHN: 460,
  JOSEPH: 480,
  MARGARET: 560,
  MARTIN: 560,
  MARVIN: 580,
  MARY: 580,
  MELVIN: 600,
  MILDRED: 600,
  PATRICIA: 680,
  PAUL: 680,
  RICHARD: 740,
  ROBERT: 760,
  RUBY: 740,
  RUTH: 760,
  THELMA: 820,
  THOMAS: 820,
  WALTER: 900,
  WANDA: 900,
  WILLIAM: 920,
  WILMA: 920,
};
const INITIALS: Record<string, number> = {
  A: 0,
  B: 60,
  C: 100,
  D: 160,
  E: 200,
  F: 240,
  G: 280,
  H: 320,
  I: 400,
  J: 420,
  K: 500,
  L: 520,
  M: 540,
  N: 620,
  O: 640,
  P: 660,
  Q: 700,
  R: 720,
  S: 780,
  T: 800,
  U: 840,
  V: 860,
  W: 880,
  X: 940,
  Y: 960,
  Z: 980,
};
type Holder = { firstName: string; lastName: string; birthDate: string; sex: string };
/** SSSS + FFF + YY + DDD, the part the three states share; DDD = (month - 1) x monthDays + day (+ femaleOffset). */
function shared(r: Holder, monthDays: number, femaleOffset: number): string {
  const first = r.firstName.toUpperCase().replace(/[^A-Z]/g, '');
  const fff = FIRST_NAMES[first] ?? INITIALS[first[0]];
  const [year, month, day] = r.birthDate.split('-').map(Number);
  const ddd = (month - 1) * monthDays + day + (r.sex === 'F' ? femaleOffset : 0);
  return `${soundexOf(r.lastName)}${String(fff).padStart(3, '0')}${String(year % 100).padStart(2, '0')}${String(ddd).padStart(3, '0')}`;
}
// Florida SSSS-FFF-YY-DDD-N (40-day months, women + 500, overflow 0); Illinois SSSS-FFFY-YDDD (31-day months,
// women + 600, no overflow printed); Wisconsin SSSS-FFFY-YDDD-NN (as Florida, overflow 00).
const florida = (r: Holder): string => `${shared(r, 40, 500)}0`;
const illinois = (r: Holder): string => shared(r, 31, 600);
const wisconsin = (r: Holder): string => `${shared(r, 40, 500)}00`;
const FORMULAS: Record<string, (r: Holder) => string> = { FL: florida, IL: illinois, WI: wisconsin };

// Territories neither list gives a layout for: their licence is "" (docs/identifiers.md).
const NO_LAYOUT = new Set(['AS', 'MP', 'VI']);

describe('driversLicense, driversLicenseState', () => {
  it('100,000 records: the licence is of the record state, in that state format (usdl-regex and driver-license-validator)', () => {
    const records = createGenerator({ seed: 51 }).addresses({ count: 100_000, fields: [...FIELDS] });
    const bad = records.filter(
      (r) =>
        r.driversLicenseState !== r.state ||
        !usdlIsValid(r.state, r.driversLicense) ||
        !dlvIsValid(r.driversLicense, { states: r.state }) ||
        (r.state === 'FL' && r.driversLicense !== florida(r)) ||
        ((r.state === 'IL' || r.state === 'WI') && r.driversLicense !== FORMULAS[r.state](r)),
    );
    expect(bad.slice(0, 5)).toEqual([]);
    expect(new Set(records.map((r) => r.state)).size).toBeGreaterThanOrEqual(51);
  });

  it('100,000 Florida licences equal the state formula applied to the record own name, birth date and sex', () => {
    const records = createGenerator({ seed: 52 }).addresses({ state: 'FL', count: 100_000, fields: [...FIELDS] });
    const bad = records.filter((r) => r.driversLicense !== florida(r) || !usdlIsValid('FL', r.driversLicense));
    expect(bad.slice(0, 5)).toEqual([]);
    // Both sexes and names with a code of their own come out.
    expect(records.some((r) => r.sex === 'F' && Number(r.driversLicense.slice(9, 12)) > 500)).toBe(true);
    expect(records.some((r) => r.firstName.toUpperCase() in FIRST_NAMES)).toBe(true);
  });

  for (const [state, name, seed, femaleOffset] of [
    ['IL', 'Illinois', 53, 600],
    ['WI', 'Wisconsin', 54, 500],
  ] as const) {
    it(`100,000 ${name} licences equal the state formula applied to the record own name, birth date and sex`, () => {
      const records = createGenerator({ seed }).addresses({ state, count: 100_000, fields: [...FIELDS] });
      const formula = FORMULAS[state];
      const bad = records.filter(
        (r) =>
          r.driversLicenseState !== state ||
          r.driversLicense !== formula(r) ||
          !usdlIsValid(state, r.driversLicense) ||
          !dlvIsValid(r.driversLicense, { states: state }),
      );
      expect(bad.slice(0, 5)).toEqual([]);
      // Both sexes, every month and names with a code of their own come out.
      const days = records.map((r) => Number(r.driversLicense.slice(9, 12)));
      expect(records.every((r, i) => (r.sex === 'F') === days[i] > femaleOffset)).toBe(true);
      expect(new Set(records.map((r) => r.birthDate.slice(5, 7))).size).toBe(12);
      expect(records.some((r) => r.firstName.toUpperCase() in FIRST_NAMES)).toBe(true);
    });
  }

  it('the worked examples of the sources (docs/identifiers.md), with no middle initial', () => {
    // Textbook example (Illinois): Carl D. Springer, male, born 4 May 1977: S165-1247-7128, where 124 is
    // Carl 120 plus the middle initial D, 4 (the source gives both); records have no middle name, so 120.
    expect(illinoisLicence('Carl', 'Springer', '1977-05-04', false)).toBe('S16512077128');
    // Same source, Catherine A. Churchill, female, born 2 May 1976: Churchill C624, Catherine 120 (+ 1 for A),
    // 76, and May 2 as 4 x 31 + 2 = 126, + 600 for a woman.
    expect(illinoisLicence('Catherine', 'Churchill', '1976-05-02', true)).toBe('C62412076726');
    // De Smet's example, "William A. Fakename" (F255, 920 + A's 1): Illinois F255-9215-0094 is 1 April 1950,
    // male (3 x 31 + 1); Florida F255-921-50-094-0 is 14 March 1950 (2 x 40 + 14); Wisconsin counts as Florida
    // does and prints two overflow digits.
    expect(illinoisLicence('William', 'Fakename', '1950-04-01', false)).toBe('F25592050094');
    expect(floridaLicence('William', 'Fakename', '1950-03-14', false)).toBe('F255920500940');
    expect(wisconsinLicence('William', 'Fakename', '1950-03-14', false)).toBe('F2559205009400');
    // A woman: the same date, + 600 in Illinois and + 500 in Florida and Wisconsin.
    expect(illinoisLicence('Wilma', 'Fakename', '1950-04-01', true)).toBe('F25592050694');
    expect(wisconsinLicence('Wilma', 'Fakename', '1950-03-14', true)).toBe('F2559205059400');
    // Noe (1992): the first-initial codes are 20 x these, for a first name without a code of its own.
    const noe = [0, 3, 5, 8, 10, 12, 14, 16, 20, 21, 25, 26, 27, 31, 32, 33, 35, 36, 39, 40, 42, 43, 44, 47, 48, 49];
    for (const [i, code] of noe.entries()) {
      const first = `${String.fromCharCode(65 + i)}zzq`;
      expect(illinoisLicence(first, 'Lee', '1990-01-01', false).slice(4, 7)).toBe(String(20 * code).padStart(3, '0'));
    }
    // 31-day months in Illinois: 31 December is 11 x 31 + 31 = 372, the largest code (972 for a woman).
    expect(illinoisLicence('Zoe', 'Lee', '2001-12-31', true).slice(-5)).toBe('01972');
  });

  it('each territory without a layout in the sources gets "", the others a licence of their format', () => {
    const gen = createGenerator({ seed: 1 });
    for (const state of ['PR', 'GU', 'AS', 'MP', 'VI']) {
      const records = gen.addresses({ state, count: 200, fields: ['driversLicense', 'driversLicenseState'] });
      for (const r of records) {
        expect(r.driversLicenseState).toBe(state);
        if (NO_LAYOUT.has(state)) expect(r.driversLicense).toBe('');
        else expect(usdlIsValid(state, r.driversLicense), `${state} ${r.driversLicense}`).toBe(true);
      }
    }
  });

  it('the validators refuse a licence of another state layout (the check can fail)', () => {
    const [ca] = createGenerator({ seed: 5 }).addresses({ state: 'CA', count: 1, fields: ['driversLicense'] });
    expect(usdlIsValid('CA', ca.driversLicense)).toBe(true);
    expect(usdlIsValid('FL', ca.driversLicense)).toBe(false);
    expect(dlvIsValid(ca.driversLicense, { states: 'WI' })).toBe(false);
  });

  it('change no other field', () => {
    const gen = createGenerator({ seed: 3 });
    const plain = gen.addresses({ count: 50, fields: ['name', 'street', 'birthDate', 'phone'] });
    const withLicence = gen.addresses({
      count: 50,
      fields: ['name', 'street', 'birthDate', 'phone', 'driversLicense', 'driversLicenseState'],
    });
    expect(withLicence.map(({ name, street, birthDate, phone }) => ({ name, street, birthDate, phone }))).toEqual(
      plain,
    );
  });
});
