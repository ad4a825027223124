import type { IndexState } from '../data-index/data-index.js';
import type { FieldName } from './field-catalogue.js';
import type { FieldColumn } from './field-list.js';

/**
 * How far a record's draws go, in record order: the place (state and ZIP),
 * the name, the street, the e-mail, the phone. A field needs the draws up
 * to its own; the ones after it are not made.
 * @example Stage.name // 1
 */
export const Stage = { place: 0, name: 1, street: 2, email: 3, phone: 4 } as const;

/** One of the {@link Stage} values. */
export type Stage = (typeof Stage)[keyof typeof Stage];

/**
 * The stage each field needs. The geo fields, `birthDate`, `uuid` and the
 * identifiers have streams of their own and need the place (geo) or the name
 * (birthDate) only.
 * @example FIELD_STAGES.phone // Stage.phone
 */
export const FIELD_STAGES: { readonly [F in FieldName]: Stage } = {
  name: Stage.name,
  street: Stage.street,
  city: Stage.place,
  state: Stage.place,
  zip: Stage.place,
  phone: Stage.phone,
  email: Stage.email,
  country: Stage.place,
  lat: Stage.place,
  lon: Stage.place,
  county: Stage.place,
  countyFips: Stage.place,
  timeZone: Stage.place,
  firstName: Stage.name,
  lastName: Stage.name,
  sex: Stage.name,
  birthDate: Stage.name,
  line1: Stage.street,
  line2: Stage.street,
  stateFull: Stage.place,
  phoneIntl: Stage.phone,
  emailDomain: Stage.email,
  index: Stage.place,
  uuid: Stage.place,
  // Identifiers: keyed permutations and streams of their own, from the index and the stream only.
  ssn: Stage.place,
  routingNumber: Stage.place,
  bankAccount: Stage.place,
  cardNumber: Stage.place,
  cardBrand: Stage.place,
  cardExpiry: Stage.place,
  cardCvc: Stage.place,
  npi: Stage.place,
  // Streams of their own (12 vehicles, 13 licences): the place, or the name a licence may be derived from.
  vin: Stage.place,
  vehicleYear: Stage.place,
  vehicleMake: Stage.place,
  driversLicense: Stage.name,
  driversLicenseState: Stage.place,
};

/**
 * Each field's number: its position in the catalogue (`FIELD_NAMES`). A
 * record's field switch runs on these small integers rather than on the
 * names, one comparison of numbers a case instead of one of strings
 * (docs/benchmarks.md, "Identifier fields").
 * @example FIELD_CODES.ssn // 24
 */
export const FIELD_CODES: { readonly [F in FieldName]: number } = {
  name: 0,
  street: 1,
  city: 2,
  state: 3,
  zip: 4,
  phone: 5,
  email: 6,
  country: 7,
  lat: 8,
  lon: 9,
  county: 10,
  countyFips: 11,
  timeZone: 12,
  firstName: 13,
  lastName: 14,
  sex: 15,
  birthDate: 16,
  line1: 17,
  line2: 18,
  stateFull: 19,
  phoneIntl: 20,
  emailDomain: 21,
  index: 22,
  uuid: 23,
  ssn: 24,
  routingNumber: 25,
  bankAccount: 26,
  cardNumber: 27,
  cardBrand: 28,
  cardExpiry: 29,
  cardCvc: 30,
  npi: 31,
  vin: 32,
  vehicleYear: 33,
  vehicleMake: 34,
  driversLicense: 35,
  driversLicenseState: 36,
};

/** A checked field list with what it needs drawn. */
export interface FieldPlan {
  /** Output columns in order. */
  readonly columns: readonly FieldColumn[];
  /** Each column's field as its {@link FIELD_CODES} number, in column order. */
  readonly codes: readonly number[];
  /** The last stage any column needs. */
  readonly upTo: Stage;
  /** Whether the e-mail's text is needed (email, emailDomain). */
  readonly withEmail: boolean;
  /**
   * The record with every column and no values yet, in column order: each
   * record starts as a copy of it and only overwrites its values. Built key
   * by key instead, a record of more than about 19 columns is turned into a
   * slow dictionary object by V8 (docs/benchmarks.md, "Identifier fields").
   */
  readonly empty: Readonly<Record<string, null>>;
}

/**
 * The parts a record is made of, as the generator drew them: fields read
 * what they need from it. A new one per record (an object literal in the
 * generator's draw): storing a record's new strings into one long-lived
 * object cost a write barrier's slow path per string, 4.8 % of a record's
 * instructions (docs/benchmarks.md).
 * @example draw.female ? 'F' : 'M'
 */
export interface RecordDraw {
  /** Record index in its stream. */
  index: number;
  /** Address stream: 0 the default draw, else the state's index + 1. */
  stream: number;
  /** The record's state. */
  state: IndexState;
  /** The ZS entry of its ZIP. */
  zipEntry: number;
  /** Whether the first name is drawn from the women's names. */
  female: boolean;
  /** FF or FM column of the first name. */
  firstColumn: number;
  /** SN column of the surname. */
  lastColumn: number;
  /** The street line with its unit. */
  street: string;
  /** Where the unit starts in `street` (the space before it), or -1. */
  unitAt: number;
  /** The e-mail address (when made). */
  email: string;
  /** `(AAA) NNN-NNNN`. */
  phone: string;
}
