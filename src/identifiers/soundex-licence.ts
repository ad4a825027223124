import { THREE_DIGITS } from './digit-texts.js';
import { soundex } from './soundex.js';

/**
 * The first-name codes (the FFF part) Florida, Illinois and Wisconsin
 * share: names with a code of their own, else the first initial's; a
 * middle initial adds its code (records have no middle name: 0).
 * Transcribed from the published descriptions of these numbers
 * (docs/identifiers.md, "Driver's licences").
 */
const NAME_CODES: { readonly [name: string]: number } = {
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
/** The code of each first initial A-Z. */
const INITIAL_CODES = [
  0, 60, 100, 160, 200, 240, 280, 320, 400, 420, 500, 520, 540, 620, 640, 660, 700, 720, 780, 800, 840, 860, 880, 940,
  960, 980,
];

/**
 * The DDD part: (month - 1) x `monthDays` + day, plus `femaleOffset` for
 * women, as three digits (Florida and Wisconsin count 40 days a month and
 * add 500, Illinois 31 and 600).
 */
function dayCode(birthDate: string, female: boolean, monthDays: number, femaleOffset: number): string {
  // `YYYY-MM-DD`: the month's and day's digits read as character codes (48 is "0"), no substrings made.
  const month = (birthDate.charCodeAt(5) - 48) * 10 + birthDate.charCodeAt(6) - 48;
  const day = (birthDate.charCodeAt(8) - 48) * 10 + birthDate.charCodeAt(9) - 48;
  return THREE_DIGITS[(month - 1) * monthDays + day + (female ? femaleOffset : 0)];
}

/**
 * A derived licence from its holder's name code (`SSSSFFF`: Soundex of the
 * surname and the first-name code, {@link nameCode}), birth date and sex.
 * @example floridaFromNameCode('S530580', '1956-03-14', true) // "S530580565940"
 */
export type FromNameCode = (nameCode: string, birthDate: string, female: boolean) => string;

/**
 * Florida's licence number from the name code: the birth year's last two
 * digits, (month - 1) x 40 + day (+ 500 for women) and the overflow digit 0
 * follow it.
 * @example floridaFromNameCode('S530580', '1956-03-14', true) // "S530580565940"
 */
export const floridaFromNameCode: FromNameCode = (code, birthDate, female) =>
  code + birthDate.slice(2, 4) + dayCode(birthDate, female, 40, 500) + '0';

/**
 * Illinois' licence number from the name code: the birth year's last two
 * digits and (month - 1) x 31 + day (+ 600 for women) follow it.
 * @example illinoisFromNameCode('S165120', '1977-05-04', false) // "S16512077128"
 */
export const illinoisFromNameCode: FromNameCode = (code, birthDate, female) =>
  code + birthDate.slice(2, 4) + dayCode(birthDate, female, 31, 600);

/**
 * Wisconsin's licence number from the name code: as Florida's, with the
 * two-digit overflow 00.
 * @example wisconsinFromNameCode('S530580', '1956-03-14', true) // "S5305805659400"
 */
export const wisconsinFromNameCode: FromNameCode = (code, birthDate, female) =>
  code + birthDate.slice(2, 4) + dayCode(birthDate, female, 40, 500) + '00';

/**
 * Florida's licence number of a person: Soundex of the surname, the
 * first-name code, the birth year's last two digits, (month - 1) x 40 +
 * day (+ 500 for women), and the overflow digit 0 (the first holder of
 * these 12 characters), as `S123-456-78-901-0` without the hyphens.
 * @example floridaLicence('Mary', 'Smith', '1956-03-14', true) // "S530580565940"
 */
export function floridaLicence(first: string, last: string, birthDate: string, female: boolean): string {
  return floridaFromNameCode(nameCode(first, last), birthDate, female);
}

/**
 * Illinois' licence number of a person: Soundex of the surname, the
 * first-name code, the birth year's last two digits and (month - 1) x 31 +
 * day (+ 600 for women), as `S123-4567-8901` without the hyphens (Illinois
 * prints no overflow digit).
 * @example illinoisLicence('Carl', 'Springer', '1977-05-04', false) // "S16512077128"
 */
export function illinoisLicence(first: string, last: string, birthDate: string, female: boolean): string {
  return illinoisFromNameCode(nameCode(first, last), birthDate, female);
}

/**
 * Wisconsin's licence number of a person: Soundex of the surname, the
 * first-name code, the birth year's last two digits, (month - 1) x 40 +
 * day (+ 500 for women) and the two-digit overflow 00 (the first holder of
 * these 12 characters), as `S123-4567-8901-23` without the hyphens.
 * @example wisconsinLicence('Mary', 'Smith', '1956-03-14', true) // "S5305805659400"
 */
export function wisconsinLicence(first: string, last: string, birthDate: string, female: boolean): string {
  return wisconsinFromNameCode(nameCode(first, last), birthDate, female);
}

/**
 * The first-name code (FFF) of a first name, as three digits.
 * @example firstNameCode('Mary') // "580"
 */
export function firstNameCode(first: string): string {
  const name = first.toUpperCase().replace(/[^A-Z]/g, '');
  return THREE_DIGITS[NAME_CODES[name] ?? INITIAL_CODES[name.charCodeAt(0) - 65]];
}

/**
 * `SSSS` + `FFF` of a first name and surname.
 * @example nameCode('Mary', 'Smith') // "S530580"
 */
export function nameCode(first: string, last: string): string {
  return soundex(last) + firstNameCode(first);
}

/**
 * The Soundex and first-name codes of a generator's name tables, each made
 * once, on first use, and then read by the record's drawn columns: records
 * draw names from fixed tables (tens of thousands of first names, about
 * 160,000 surnames), and looking the codes up by name cost two map
 * look-ups a record (docs/benchmarks.md, "Vehicle and licence fields").
 * @example new NameCodes(1, 1, 1).surname(0, 'Smith') // "S530"
 */
export class NameCodes {
  private readonly surnames: (string | null)[];
  private readonly females: (string | null)[];
  private readonly males: (string | null)[];

  /** Codes for tables of `surnames`, `females` and `males` columns. */
  constructor(surnames: number, females: number, males: number) {
    this.surnames = new Array<string | null>(surnames).fill(null);
    this.females = new Array<string | null>(females).fill(null);
    this.males = new Array<string | null>(males).fill(null);
  }

  /** Soundex (SSSS) of the surname in column `column`, whose text is `name`. */
  surname(column: number, name: string): string {
    return (this.surnames[column] ??= soundex(name));
  }

  /** The first-name code (FFF) of the women's or men's first name in column `column`, whose text is `name`. */
  first(female: boolean, column: number, name: string): string {
    const codes = female ? this.females : this.males;
    return (codes[column] ??= firstNameCode(name));
  }
}
