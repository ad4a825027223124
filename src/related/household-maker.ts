import type { IndexState } from '../data-index/data-index.js';
import type { BirthDates } from '../fields/birth-dates.js';
import { EmailMaker } from '../generator/email.js';
import type { GeneratorParts } from '../generator/generator-parts.js';
import { addressPhoneNumber, phoneText } from '../generator/phone.js';
import { columnText, pick, pickColumn, pickColumnIn } from '../generator/pick.js';
import { fmix32 } from '../random/fmix32.js';
import { RecordRandom } from '../random/record-random.js';
import { dateOf, dayOf, yearsAfter } from './calendar-days.js';
import { HOUSEHOLD_SHARES, type HouseholdModel, type HouseholdShare } from '../data-index/household-data.js';
import type { Household, HouseholdMember, HouseholdRelationship } from '../types.js';

/** Households' stream kind (docs/architecture.md, "Streams"); the low byte is the state stream. */
const HOUSEHOLD_STREAM = 6 << 8;
/** Member m's UUID stream is the household's plus (m + 1) << 16: a pair no other record uses. */
const MEMBER_UUID_SHIFT = 16;
/**
 * Largest household: ACS's top bin, 7 or more, is made as 7 (docs/related-records.md).
 * @example gen.householdAt(0).size <= MAX_HOUSEHOLD_SIZE // true
 */
export const MAX_HOUSEHOLD_SIZE = 7;
/**
 * Members from this age (on the reference date) have their own phone and e-mail; younger ones have ''.
 * @example PHONE_AGE // 13
 */
export const PHONE_AGE = 13;
/**
 * Parents' ages at a child's birth: 16 to 50 in whole years.
 * @example const [youngest, oldest] = PARENT_AGES
 */
export const PARENT_AGES = [16, 50] as const;
/**
 * Spouses' and partners' birth days are at most this many days apart (20 years).
 * @example MAX_PARTNER_GAP_DAYS // 7305
 */
export const MAX_PARTNER_GAP_DAYS = 7305;
const SHARE_SCALE = 1_000_000;
const COUNTRY = 'United States';

/** The year of a `YYYY-MM-DD` date, without a substring. */
function yearOf(date: string): number {
  return (
    (date.charCodeAt(0) - 48) * 1000 +
    (date.charCodeAt(1) - 48) * 100 +
    (date.charCodeAt(2) - 48) * 10 +
    date.charCodeAt(3) -
    48
  );
}

/** A weighted list drawn by one `below`: cumulative integer weights (per cents x 100). */
class Weighted<T> {
  private readonly cumulative: Uint32Array;
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    percents: readonly number[],
  ) {
    let sum = 0;
    this.cumulative = Uint32Array.from(percents, (percent) => (sum += Math.round(percent * 100)));
    this.total = sum;
  }

  draw(random: RecordRandom): T {
    const at = random.below(this.total);
    let i = 0;
    while (at >= this.cumulative[i]) i++;
    return this.items[i];
  }
}

/** One drawn person before the record is written. */
interface Person {
  relationship: HouseholdRelationship;
  female: boolean;
  firstColumn: number;
  lastColumn: number;
  birthDate: string;
}

/**
 * Makes households: record `index` of stream 6 << 8 + state stream is one address (street, city, state, ZIP, the
 * household's landline local to the ZIP) and 1 to 7 people drawn by ACS household type and size, with names,
 * birth dates that hold together, relationships, own mobiles and e-mails (docs/related-records.md, "Households").
 * Each household depends only on the seed, the state option and its index: O(1) random access.
 * @example new HouseholdMaker(generatorParts(gen)).make(0, undefined).members[0].relationship // "householder"
 */
export class HouseholdMaker {
  /** The `household()` cursor of the generator that made this maker. */
  cursor = 0;
  /** The numbers of the household being made (the landline, then the mobiles) as AAANNNNNNN, reused. */
  private readonly phones = new Float64Array(MAX_HOUSEHOLD_SIZE + 1);
  /** How many of `phones` the household being made has. */
  private phoneCount = 0;
  private readonly random: RecordRandom;
  private readonly emails: EmailMaker;
  private readonly births: BirthDates;
  private readonly cells: Weighted<{ size: number; type: 'family' | 'nonfamily' }>;
  private readonly gaps: Weighted<{ minYears: number; maxYears: number }>;
  /** Per bin of children's ages: the first and last birth day of a child of that age on the reference date. */
  private readonly childAges: Weighted<{ firstDay: number; lastDay: number }>;
  /** Each share x SHARE_SCALE: a share is met when one `below(SHARE_SCALE)` draw is under it. */
  private readonly thresholds: Readonly<Record<HouseholdShare, number>>;
  private readonly referenceYear: number;
  private readonly referenceDay: number;
  /** The last birth day of an adult (18 on the reference date) and the first birth day of the birth data. */
  private readonly adultDay: number;
  private readonly firstDay: number;
  /** The first and last birth day of a child of the household being made ({@link setChildWindow}). */
  private childLow = 0;
  private childHigh = 0;

  constructor(
    private readonly parts: GeneratorParts,
    model: HouseholdModel,
  ) {
    this.random = new RecordRandom(parts.key);
    // Its own key words and streams (7 positions per state stream), so members' numbers are distinct within a seed.
    this.emails = new EmailMaker(
      Uint32Array.from(parts.key, (word) => fmix32(word ^ 0x686f7573)),
      parts.emailDomain,
      (parts.data.states.length + 1) * MAX_HOUSEHOLD_SIZE,
    );
    this.births = parts.birthDates();
    this.cells = new Weighted(
      model.typeBySize,
      model.typeBySize.map((cell) => cell.percent),
    );
    this.gaps = new Weighted(
      model.spouseAgeGaps,
      model.spouseAgeGaps.map((gap) => gap.percent),
    );
    const reference = this.births.referenceDate;
    this.referenceYear = Number(reference.slice(0, 4));
    this.childAges = new Weighted(
      model.childAges.map((bin) => ({
        firstDay: dayOf(`${this.referenceYear - bin.maxAge}-01-01`),
        lastDay: dayOf(`${this.referenceYear - bin.minAge}-12-31`),
      })),
      model.childAges.map((bin) => bin.percent),
    );
    const thresholds = {} as Record<HouseholdShare, number>;
    for (const share of HOUSEHOLD_SHARES) thresholds[share] = model.shares[share] * SHARE_SCALE;
    this.thresholds = thresholds;
    this.referenceDay = dayOf(reference);
    this.adultDay = yearsAfter(reference, -18);
    this.firstDay = dayOf(`${this.births.firstYear}-01-01`);
  }

  /** Household `index` of the stream of `given` (undefined: the default draw of states by population). */
  make(index: number, given: IndexState | undefined): Household {
    const { random, parts: gen } = this;
    const { data, parts } = gen;
    const stateStream = given ? given.index + 1 : 0;
    const stream = HOUSEHOLD_STREAM + stateStream;
    random.reset(stream, index);
    const state = given ?? data.states[pick(parts.states, random)];
    const zipEntry = pickColumnIn(parts.zips, random, state.zipOffset, state.zipCount);
    const street = parts.streets.make(random, zipEntry, parts.streetForms[state.index]);
    const unitAt = parts.streets.unitAt;
    const phoneNumber = addressPhoneNumber(data, state, zipEntry, random, gen.fictionalPhones);
    const { size, type } = this.cells.draw(random);
    const people = this.people(size, type, state.index);
    const id = gen.uuids.uuid(stream, index);
    const city = parts.zipStrings.first(zipEntry);
    const zip = parts.zipStrings.second(zipEntry);
    const members = new Array<HouseholdMember>(people.length);
    this.phones[0] = phoneNumber;
    this.phoneCount = 1;
    for (let m = 0; m < people.length; m++) {
      const person = people[m];
      const names = person.female ? parts.femaleNames : parts.maleNames;
      const lastName = parts.surnameNames.first(person.lastColumn);
      const ownPhone = yearOf(person.birthDate) <= this.referenceYear - PHONE_AGE;
      members[m] = {
        id: gen.uuids.uuid(stream + ((m + 1) << MEMBER_UUID_SHIFT), index),
        householdId: id,
        relationship: person.relationship,
        name: names.first(person.firstColumn) + lastName,
        firstName: columnText(data, person.female ? parts.female : parts.male, person.firstColumn),
        lastName,
        sex: person.female ? 'F' : 'M',
        birthDate: person.birthDate,
        street,
        city,
        state: state.code,
        zip,
        phone: ownPhone ? this.mobile(state, zipEntry) : '',
        email: ownPhone
          ? this.emails.make(
              names.second(person.firstColumn),
              parts.surnameNames.second(person.lastColumn),
              index,
              stateStream * MAX_HOUSEHOLD_SIZE + m,
              random,
            )
          : '',
        country: COUNTRY,
      };
    }
    return {
      id,
      street,
      line1: unitAt < 0 ? street : street.slice(0, unitAt),
      line2: unitAt < 0 ? '' : street.slice(unitAt + 1),
      city,
      state: state.code,
      zip,
      phone: phoneText(phoneNumber),
      size: members.length,
      type,
      members,
    };
  }

  /**
   * A member's mobile, local to the ZIP as the landline is, and none of the household's numbers so far (a place
   * with one exchange has 10,000 lines for at most 8 numbers, so the loop ends; fictional numbers, 100 lines, too).
   * Compared as numbers: the phone strings are concatenations, slow to compare (docs/benchmarks.md, "Households").
   */
  private mobile(state: IndexState, zipEntry: number): string {
    const { data, fictionalPhones } = this.parts;
    const phones = this.phones;
    let phone: number;
    do phone = addressPhoneNumber(data, state, zipEntry, this.random, fictionalPhones);
    while (this.hasPhone(phone));
    phones[this.phoneCount++] = phone;
    return phoneText(phone);
  }

  /** Whether `phone` is one of the household's numbers so far. */
  private hasPhone(phone: number): boolean {
    for (let i = 0; i < this.phoneCount; i++) if (this.phones[i] === phone) return true;
    return false;
  }

  /** The household's people: the householder, then a spouse or partner, then children, relatives or roommates. */
  private people(size: number, type: 'family' | 'nonfamily', stateIndex: number): Person[] {
    // Exactly `size` people: an array of that length, filled in order (pushing grew a copy per household).
    const people = new Array<Person>(size);
    const householder = this.adult('householder', this.female(), stateIndex);
    people[0] = householder;
    let count = 1;
    let spouse: Person | undefined;
    const thresholds = this.thresholds;
    if (size > 1 && type === 'family' && this.chance(thresholds.married_of_family)) {
      spouse = this.partner('spouse', householder, thresholds.same_sex_of_married, stateIndex);
      if (this.chance(thresholds.spouse_shares_surname)) spouse.lastColumn = householder.lastColumn;
      people[count++] = spouse;
    } else if (size > 1 && type === 'nonfamily' && this.chance(thresholds.partner_of_nonfamily_not_alone)) {
      people[count++] = this.partner('partner', householder, thresholds.same_sex_of_partners, stateIndex);
    }
    // The parents' window for children, once per household (not per child).
    if (type === 'family' && count < size) this.setChildWindow(householder, spouse);
    while (count < size) {
      if (type === 'nonfamily') people[count++] = this.adult('roommate', this.female(), stateIndex);
      else if (this.chance(thresholds.child_of_other_family_members)) people[count++] = this.child(householder);
      else {
        const relative = this.adult('relative', this.female(), stateIndex);
        if (this.chance(thresholds.relative_shares_surname)) relative.lastColumn = householder.lastColumn;
        people[count++] = relative;
      }
    }
    return people;
  }

  /** Whether a share is met: `threshold` is one of {@link thresholds}. */
  private chance(threshold: number): boolean {
    return this.random.below(SHARE_SCALE) < threshold;
  }

  private female(): boolean {
    return pick(this.parts.parts.sexes, this.random) === 0;
  }

  private firstColumn(female: boolean): number {
    const parts = this.parts.parts;
    return pickColumn(female ? parts.female : parts.male, this.random);
  }

  /** An adult with own names and a birth date of the first name's model (everyone 18+ on the reference date). */
  private adult(relationship: HouseholdRelationship, female: boolean, stateIndex: number): Person {
    const firstColumn = this.firstColumn(female);
    const lastColumn = this.parts.parts.surnamePicker.pick(stateIndex, this.random);
    const birthDate = this.births.dateFrom(female, firstColumn, this.random);
    return { relationship, female, firstColumn, lastColumn, birthDate };
  }

  /**
   * A spouse or partner: own names; born a drawn gap (man's age minus woman's, from the CPS table; either way for
   * a same-sex couple) plus up to half a year from the householder, within 20 years; an adult, mirrored to the
   * older side when the gap would make them younger than 18, and not born before the birth data's first year.
   */
  private partner(
    relationship: HouseholdRelationship,
    householder: Person,
    sameSexThreshold: number,
    stateIndex: number,
  ): Person {
    const random = this.random;
    const same = this.chance(sameSexThreshold);
    const female = same ? householder.female : !householder.female;
    const firstColumn = this.firstColumn(female);
    const lastColumn = this.parts.parts.surnamePicker.pick(stateIndex, random);
    const gap = this.gaps.draw(random);
    const years = gap.minYears + random.below(gap.maxYears - gap.minYears + 1);
    let days = Math.round(years * 365.25) + random.below(365) - 182;
    days = Math.max(-MAX_PARTNER_GAP_DAYS, Math.min(MAX_PARTNER_GAP_DAYS, days));
    // The man's age minus the woman's: the woman is born `days` after the man.
    const later = same ? random.below(2) === 0 : !householder.female;
    const own = dayOf(householder.birthDate);
    let day = later ? own + days : own - days;
    if (day > this.adultDay) day = 2 * own - day;
    if (day < this.firstDay) day = this.firstDay;
    return { relationship, female, firstColumn, lastColumn, birthDate: dateOf(day) };
  }

  /** Sets the household's {@link childLow} and {@link childHigh}: the days every parent was 16 to 50 on. */
  private setChildWindow(householder: Person, spouse: Person | undefined): void {
    let low = yearsAfter(householder.birthDate, PARENT_AGES[0]);
    let high = Math.min(this.referenceDay, yearsAfter(householder.birthDate, PARENT_AGES[1] + 1) - 1);
    if (spouse !== undefined) {
      low = Math.max(low, yearsAfter(spouse.birthDate, PARENT_AGES[0]));
      high = Math.min(high, yearsAfter(spouse.birthDate, PARENT_AGES[1] + 1) - 1);
    }
    this.childLow = low;
    this.childHigh = high;
  }

  /**
   * A child of the householder (and the spouse): the householder's surname; born when every parent was 16 to 50
   * years old, not after the reference date, of an age drawn from the CPS bins where the parents allow it.
   */
  private child(householder: Person): Person {
    const random = this.random;
    const female = this.female();
    const firstColumn = this.firstColumn(female);
    const low = this.childLow;
    const high = this.childHigh;
    const ages = this.childAges.draw(random);
    const from = Math.max(low, ages.firstDay);
    const to = Math.min(high, ages.lastDay);
    const day = from <= to ? from + random.below(to - from + 1) : low + random.below(high - low + 1);
    return {
      relationship: 'child',
      female,
      firstColumn,
      lastColumn: householder.lastColumn,
      birthDate: dateOf(day),
    };
  }
}
