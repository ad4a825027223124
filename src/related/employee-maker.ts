import type { DataIndex, IndexState } from '../data-index/data-index.js';
import { UssynthError } from '../errors.js';
import { COUNTRY } from '../generator/generator.js';
import { generatorParts, type GeneratorParts } from '../generator/generator-parts.js';
import type { EmployeeMaking } from '../generator/related-makers.js';
import { addressPhone } from '../generator/phone.js';
import { columnText, pick, pickColumn } from '../generator/pick.js';
import type { SharedParts } from '../generator/shared-parts.js';
import type { StringPairs } from '../generator/string-pairs.js';
import { RecordRandom } from '../random/record-random.js';
import { commuteHomesOf, type CommuteHomes, type HomeSets } from './commute-homes.js';
import type { Employee } from '../types.js';
import { titleIn, type JobTitles, type SectorTitles } from '../data-index/job-titles.js';
import { companyMakerOf, type CompanyEmployer } from './company-maker.js';
import { WorkEmails } from './work-email.js';

// Stream ids of employees: kind 7 in the high byte (bits 24-31), the company's state stream (0 for the default
// draw, else state index + 1) in bits 17-23 and the employee's index in bits 0-16; the record index is the
// company's index. Every other kind's stream id is below 2^16, so no pair (stream, index) is another record's.
const EMPLOYEE_STREAM = 7 << 24;
const STATE_SHIFT = 17;
/** Employees a company may have: the employee's index must fit its bits of the stream id. */
export const MAX_EMPLOYEES = 1 << STATE_SHIFT;

/** Working ages: from 18 to 69 on the reference date. */
const YOUNGEST = 18;
const OLDEST = 69;
const DAY_MS = 86_400_000;

/** The company of the last call, with what each of its employees reads. */
export interface Workplace {
  stateKey: number;
  index: number;
  employer: CompanyEmployer;
  /** Where its employees' homes are drawn from. */
  homes: HomeSets;
  /** Its sector's job titles. */
  titles: SectorTitles;
  /** What follows the local part of its employees' e-mails: "@" and its domain. */
  atDomain: string;
}

/**
 * Numbers of e-mail name parts (equal parts, equal numbers), given on first
 * use: per first-name column of each sex and per surname column, its number
 * plus 1 (0: not given yet), and a map per kind from the part to its number.
 */
interface NameParts {
  female: Uint32Array;
  male: Uint32Array;
  surname: Uint32Array;
  firsts: Map<string, number>;
  surnames: Map<string, number>;
}

const NAME_PARTS = new WeakMap<DataIndex, NameParts>();

/** The e-mail part numbers of an index's names (filled as names are drawn), one per index. */
function namePartsOf(data: DataIndex, parts: SharedParts): NameParts {
  let found = NAME_PARTS.get(data);
  if (!found) {
    if (parts.surnames.size >= 2 ** 20) throw new RangeError('more surnames than an e-mail name part number holds');
    found = {
      female: new Uint32Array(parts.female.size),
      male: new Uint32Array(parts.male.size),
      surname: new Uint32Array(parts.surnames.size),
      firsts: new Map(),
      surnames: new Map(),
    };
    NAME_PARTS.set(data, found);
  }
  return found;
}

/** The number (plus 1) of the e-mail part at `column` (the second string of `names`), giving the part one on first use. */
function partNumber(numbers: Uint32Array, column: number, ids: Map<string, number>, names: StringPairs): number {
  let id = numbers[column];
  if (id === 0) {
    const part = names.second(column);
    const given = ids.get(part);
    if (given === undefined) ids.set(part, (id = ids.size + 1));
    else id = given;
    numbers[column] = id;
  }
  return id;
}

const BIRTH_DATES = new Map<number, readonly string[]>();

/** Per day from the oldest allowed birth date on, its YYYY-MM-DD, made once per reference year. */
function birthDatesOf(referenceYear: number): readonly string[] {
  let dates = BIRTH_DATES.get(referenceYear);
  if (!dates) {
    // Born after 31 December (reference year - 70) and by 31 December (reference year - 18): 18 to 69 years old.
    const first = Date.UTC(referenceYear - OLDEST - 1, 11, 31) + DAY_MS;
    const days = (Date.UTC(referenceYear - YOUNGEST, 11, 31) + DAY_MS - first) / DAY_MS;
    dates = Array.from({ length: days }, (_, day) => new Date(first + day * DAY_MS).toISOString().slice(0, 10));
    BIRTH_DATES.set(referenceYear, dates);
  }
  return dates;
}

const MAKERS = new WeakMap<object, EmployeeMaker>();

/**
 * The employee maker of a generator, made once on first use (its companies from the generator's company maker).
 * @example employeeMakerOf(gen).at(3, 0, undefined).companyId === gen.companyAt(3).id // true
 */
export function employeeMakerOf(generator: object): EmployeeMaker {
  let maker = MAKERS.get(generator);
  if (!maker) {
    const companies = companyMakerOf(generator);
    maker = new EmployeeMaker(generatorParts(generator), (index, state) => companies.employerAt(index, state), COUNTRY);
    MAKERS.set(generator, maker);
  }
  return maker;
}

/**
 * Makes employees of companies: employee j of company i depends only on the
 * seed, the company's stream, i and j (docs/related-records.md, "Employees").
 * Draws, in order, of the employee's own stream: the home ZIP (near the
 * company), sex, first name, surname (by the home state's mix), street,
 * phone (local to the home ZIP), title (of the company's sector) and birth
 * date; the e-mail comes from the names ({@link WorkEmails}).
 * @example const maker = employeeMakerOf(gen); maker.employee(maker.workplaceOf(0, undefined), 5)
 */
export class EmployeeMaker implements EmployeeMaking {
  private readonly random: RecordRandom;
  private readonly data: DataIndex;
  private readonly parts: SharedParts;
  private readonly homes: CommuteHomes;
  private readonly titles: JobTitles;
  private readonly emails: WorkEmails;
  private readonly names: NameParts;
  /** Birth dates by day, 18 to 69 years old on the birth index's reference date. */
  private readonly birthDates: readonly string[];
  private workplace: Workplace | undefined;

  constructor(
    private readonly generator: GeneratorParts,
    private readonly companyAt: (index: number, state: IndexState | undefined) => CompanyEmployer,
    private readonly country: string,
  ) {
    this.data = generator.data;
    this.parts = generator.parts;
    this.random = new RecordRandom(generator.key);
    this.homes = commuteHomesOf(this.data, generator.geoIndex());
    this.titles = generator.jobTitles();
    this.birthDates = birthDatesOf(Number(generator.birthDates().referenceDate.slice(0, 4)));
    this.names = namePartsOf(this.data, this.parts);
    this.emails = new WorkEmails((stateKey, company, employee) => this.namePart(stateKey, company, employee));
  }

  /** Employee `index` of company `company` of the stream of `state` (company and state checked by the caller). */
  at(company: number, index: number, state: IndexState | undefined): Employee {
    const place = this.workplaceOf(company, state);
    return this.employee(place, checkEmployee(index, place.employer.employees, company));
  }

  /** Employees `start .. start + count - 1` of a company, cut at its headcount (range checked by the caller). */
  page(company: number, start: number, count: number, state: IndexState | undefined): Employee[] {
    const place = this.workplaceOf(company, state);
    const end = Math.min(start + count, place.employer.employees);
    const out = new Array<Employee>(Math.max(0, end - start));
    for (let j = start; j < end; j++) out[j - start] = this.employee(place, j);
    return out;
  }

  /** Company `index` of the stream of state `state` (checked by the caller), as its employees see it. */
  workplaceOf(index: number, state: IndexState | undefined): Workplace {
    const stateKey = state === undefined ? 0 : state.index + 1;
    const last = this.workplace;
    if (last && last.index === index && last.stateKey === stateKey) return last;
    const employer = this.companyAt(index, state);
    if (employer.employees > MAX_EMPLOYEES)
      throw new RangeError(`company ${index} has ${employer.employees} employees, above ${MAX_EMPLOYEES}`);
    const titles = this.titles.sectorOf(employer.naics);
    if (titles === undefined) throw new RangeError(`no job titles for NAICS ${employer.naics}`);
    const homes = this.homes.around(this.data.zipRow(Number(employer.zip)));
    return (this.workplace = { stateKey, index, employer, homes, titles, atDomain: '@' + employer.domain });
  }

  /** Employee `employee` (below the headcount: checked by the caller) of a workplace. */
  employee(place: Workplace, employee: number): Employee {
    const { data, parts, random } = this;
    const { stateKey, index, employer } = place;
    const stream = EMPLOYEE_STREAM | (stateKey << STATE_SHIFT) | employee;
    random.reset(stream, index);
    const entry = this.homes.home(place.homes, random);
    const state = data.states[this.homes.entryStates[entry]];
    const female = pick(parts.sexes, random) === 0;
    const firstTable = female ? parts.female : parts.male;
    const firstColumn = pickColumn(firstTable, random);
    const lastColumn = parts.surnamePicker.pick(state.index, random);
    const street = parts.streets.make(random, entry, parts.streetForms[state.index]);
    const phone = addressPhone(data, state, entry, random, this.generator.fictionalPhones);
    const title = titleIn(place.titles, random);
    const birthDate = this.birthDates[random.below(this.birthDates.length)];
    const firstNames = female ? parts.femaleNames : parts.maleNames;
    const tail = this.emails.tail(stateKey, index, employee, this.namePartOf(female, firstColumn, lastColumn));
    return {
      id: this.generator.uuids.uuid(stream, index),
      companyId: employer.id,
      title,
      name: firstNames.first(firstColumn) + parts.surnameNames.first(lastColumn),
      firstName: columnText(data, firstTable, firstColumn),
      lastName: parts.surnameNames.first(lastColumn),
      sex: female ? 'F' : 'M',
      birthDate,
      street,
      city: parts.zipStrings.first(entry),
      state: state.code,
      zip: parts.zipStrings.second(entry),
      phone,
      email: firstNames.second(firstColumn) + '.' + parts.surnameNames.second(lastColumn) + tail + place.atDomain,
      country: this.country,
    };
  }

  /** The number of an employee's e-mail name part (`first.last`), from the first draws of its stream alone. */
  private namePart(stateKey: number, company: number, employee: number): number {
    const { parts, random } = this;
    const place = this.workplace!;
    random.reset(EMPLOYEE_STREAM | (stateKey << STATE_SHIFT) | employee, company);
    const entry = this.homes.home(place.homes, random);
    const female = pick(parts.sexes, random) === 0;
    const firstColumn = pickColumn(female ? parts.female : parts.male, random);
    const lastColumn = parts.surnamePicker.pick(this.homes.entryStates[entry], random);
    return this.namePartOf(female, firstColumn, lastColumn);
  }

  /** The number of the e-mail name part `first.last` of these name columns: equal for equal parts, only for them. */
  private namePartOf(female: boolean, firstColumn: number, lastColumn: number): number {
    const { names, parts } = this;
    const first = female
      ? partNumber(names.female, firstColumn, names.firsts, parts.femaleNames)
      : partNumber(names.male, firstColumn, names.firsts, parts.maleNames);
    // Below 2^53: at most about 10^5 first-name and 10^5 surname parts.
    return first * 2 ** 20 + partNumber(names.surname, lastColumn, names.surnames, parts.surnameNames);
  }
}

/**
 * Checks an employee index against a company's headcount (typed error `invalid_index`).
 * @example checkEmployee(3, 10, 0) // 3
 */
export function checkEmployee(employee: number, headcount: number, company: number): number {
  if (!Number.isSafeInteger(employee) || employee < 0)
    throw new UssynthError(
      'invalid_index',
      `employee index must be a non-negative safe integer, got ${JSON.stringify(employee)}`,
      'index',
    );
  if (employee >= headcount)
    throw new UssynthError(
      'invalid_index',
      `employee index ${employee} is past company ${company}'s headcount: it has ${headcount} employees (0..${headcount - 1})`,
      'index',
    );
  return employee;
}
