import { isValid as dlvIsValid } from 'driver-license-validator';
import { isValid as usdlIsValid } from 'usdl-regex';
import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';

const FIELDS = ['driversLicense', 'driversLicenseState', 'state', 'firstName', 'lastName', 'birthDate', 'sex'] as const;

// Florida's number, written from the published description (SSSS-FFF-YY-DDD-N), apart from src/identifiers/.
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
function florida(r: { firstName: string; lastName: string; birthDate: string; sex: string }): string {
  const first = r.firstName.toUpperCase().replace(/[^A-Z]/g, '');
  const fff = FIRST_NAMES[first] ?? INITIALS[first[0]];
  const [year, month, day] = r.birthDate.split('-').map(Number);
  const ddd = (month - 1) * 40 + day + (r.sex === 'F' ? 500 : 0);
  return `${soundexOf(r.lastName)}${String(fff).padStart(3, '0')}${String(year % 100).padStart(2, '0')}${String(ddd).padStart(3, '0')}0`;
}

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
        (r.state === 'FL' && r.driversLicense !== florida(r)),
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
