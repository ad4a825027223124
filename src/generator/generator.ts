import type { DataIndex, IndexState, WeightedTable } from '../data-index/data-index.js';
import { UssynthError } from '../errors.js';
import { RecordRandom } from '../random/record-random.js';
import { canonicalSeed, streamKey, type Seed } from '../random/stream-key.js';
import { GeoIndex } from '../data-index/geo-index.js';
import type {
  Address,
  AddressWithGeo,
  BatchResult,
  BatchWithGeo,
  Company,
  CompanyOptions,
  EinResult,
  Household,
  HouseholdOptions,
  Employee,
  EmployeeOptions,
  EmployeesOptions,
  PhoneResult,
  ZipLookupResult,
  ZipLookupWithGeo,
} from '../types.js';
import { GENERATOR_VERSION } from '../version.js';
import { checkEmailDomain, EmailMaker } from './email.js';
import { EinMaker } from './ein.js';
import { checkGeoIndex, GeoMaker } from './geo.js';
import { addressPhone, phoneOf } from './phone.js';
import { columnText, pick, pickColumn, pickColumnIn } from './pick.js';
import { sharedParts, type SharedParts } from './shared-parts.js';
import { GENERATOR_PARTS } from './generator-parts.js';
import { lookupZip } from './zip-lookup.js';
import { BirthIndex } from '../data-index/birth-index.js';
import { CompanyData } from '../data-index/company-data.js';
import { BirthDates } from '../fields/birth-dates.js';
import { geoWithFieldsProblem, parseFieldList, type FieldList, type FieldRecord } from '../fields/field-list.js';
import { RecordUuids } from '../fields/record-uuid.js';
import { FIELD_CODES, FIELD_STAGES, Stage, type FieldPlan, type RecordDraw } from '../fields/record-draw.js';
import { readHouseholdModel, type HouseholdModel } from '../data-index/household-data.js';
import { type EmployeeMaking, type HouseholdMaking, relatedMaker } from './related-makers.js';
import { BankMaker, type BankAccount } from '../identifiers/bank.js';
import { CardMaker, type Card } from '../identifiers/card.js';
import { NpiMaker } from '../identifiers/npi.js';
import { SsnMaker } from '../identifiers/ssn.js';
import { LicenceMaker } from '../identifiers/drivers-licence.js';
import { NameCodes } from '../identifiers/soundex-licence.js';
import { VinMaker, type Vehicle } from '../identifiers/vin.js';
import { checkJobTitles, JobTitles } from '../data-index/job-titles.js';

/** Largest `count` of one batch (the service interface's limit). */
export const MAX_BATCH = 1000;

/** Largest `count` of one `addresses()` page; stream longer runs with `addressAt`. */
export const MAX_PAGE = 1_000_000;

/**
 * Largest record index of every stream (2^53 - 1): a range `start .. start + count - 1`
 * is accepted when its last index is at most this (the library's, the API's and the CLI's one rule).
 * @example checkRange(MAX_INDEX, 1) // ok: the last record of a stream
 */
export const MAX_INDEX = Number.MAX_SAFE_INTEGER;

/** The country of every address. */
export const COUNTRY = 'United States';

/** Options of a generator. */
export interface GeneratorOptions {
  /** Seed of every stream; numbers are the same as their `String()`. Omitted: one is picked and exposed as `generator.seed`. */
  seed?: Seed;
  /** E-mail domain of your own instead of example.com/.net/.org. */
  emailDomain?: string;
  /** Phones in the fictional range 555-0100..555-0199 (default false). */
  fictionalPhones?: boolean;
  /** Adds lat, lon, county, countyFips and timeZone to every address (default false; a call's `geo` overrides it). */
  geo?: boolean;
  /** The geo index (dist-data/ussynth-geo.idx), read only when geo fields are asked for; the Node entry point supplies the shipped one. */
  geoIndex?: GeoIndexSource;
  /** The birth index (dist-data/ussynth-births.idx), read only when `birthDate` is asked for; the Node entry point supplies the shipped one. */
  birthIndex?: BirthIndexSource;
  /** The job titles (dist-data/ussynth-titles.json), read only when employees are made; the Node entry point supplies the shipped ones. */
  jobTitles?: JobTitlesSource;
  /** The companies' data (dist-data/ussynth-companies.json), read only when companies are asked for; the Node entry point supplies the shipped one. */
  companyData?: CompanyDataSource;
  /** The household data (dist-data/ussynth-households.json, parsed), read only by the household methods; the Node entry point supplies the shipped one. */
  householdData?: HouseholdDataSource;
}

/**
 * The job titles file as bytes or text, already read, or a function that reads it on first use.
 * @example createGenerator({ index, jobTitles: await loadJobTitles('/ussynth-titles.json') })
 */
export type JobTitlesSource = JobTitles | ArrayBuffer | Uint8Array | string | (() => JobTitles);

/**
 * The companies' data as text or bytes of `ussynth-companies.json`, already read, or a function that reads it on first use.
 * @example createGenerator({ index, companyData: await loadCompanyData('/ussynth-companies.json') })
 */
export type CompanyDataSource = CompanyData | string | ArrayBuffer | Uint8Array | (() => CompanyData);

/**
 * The household data as parsed JSON (checked on first use) or a function that reads it on first use.
 * @example createGenerator({ index, householdData: await (await fetch('/ussynth-households.json')).json() })
 */
export type HouseholdDataSource = object | (() => unknown);

/**
 * The birth index as bytes, already read, or a function that reads it on first use.
 * @example createGenerator({ index, birthIndex: await loadBirthIndex('/ussynth-births.idx') })
 */
export type BirthIndexSource = BirthIndex | ArrayBuffer | Uint8Array | (() => BirthIndex);

/**
 * Address options choosing the fields: `field` or `column=field` entries; keys come out in the order asked.
 * @example const options: FieldsOptions<['email', 'zip']> = { state: 'CA', fields: ['email', 'zip'] }
 */
export type FieldsOptions<F extends FieldList> = AddressOptions & { fields: F };

/** The geo index as bytes, already read, or a function that reads it on first use. */
export type GeoIndexSource = GeoIndex | ArrayBuffer | Uint8Array | (() => GeoIndex);

/** Options of address methods. */
export interface AddressOptions {
  /** Two-letter state, DC or territory code (any case); default: 50 states and DC by population. */
  state?: string;
  /** Adds the geographic fields (true) or leaves them out (false); default: the generator's `geo`. */
  geo?: boolean;
}

/** Address options asking for the geographic fields. */
export type GeoAddressOptions = AddressOptions & { geo: true };

/** Options of phone methods. */
export interface PhoneOptions extends AddressOptions {
  /** Overrides the generator's `fictionalPhones` for this call. */
  fictional?: boolean;
}

// Stream ids: the kind in the high byte, the state (index + 1, 0 for the default draw) in the low byte.
const ADDRESS_STREAM = 1 << 8;
const PHONE_STREAM = 2 << 8;

/**
 * A seeded generator over a dataset. Record `i` of a stream depends only on
 * the seed, the stream's options and `i`: the `...At` and `addresses` methods
 * give random access, while `address`, `batch`, `ein` and `phone` continue
 * from a cursor per kind (starting at record 0).
 * @example
 * const gen = createGenerator({ seed: 42 });
 * gen.address({ state: 'CA' }); gen.addresses({ start: 1_000_000, count: 3 });
 */
export class Generator {
  /** The seed in use (given or picked), canonical text form. */
  readonly seed: string;
  /** Version of the generation algorithms. */
  readonly generatorVersion = GENERATOR_VERSION;
  /** Version of the compiled dataset. */
  readonly datasetVersion: string;
  /** Whether phones are fictional by default. */
  readonly fictionalPhones: boolean;
  private readonly random: RecordRandom;
  private readonly emails: EmailMaker;
  private readonly eins: EinMaker;
  private readonly parts: SharedParts;
  /** Whether addresses carry the geographic fields by default. */
  readonly geo: boolean;
  private readonly geoSource: GeoIndexSource | undefined;
  private geoMaker: GeoMaker | undefined;
  private geoIndex: GeoIndex | undefined;
  private readonly key: Uint32Array;
  private readonly birthSource: BirthIndexSource | undefined;
  private birthDates: BirthDates | undefined;
  private readonly uuids: RecordUuids;
  private readonly householdSource: HouseholdDataSource | undefined;
  private householdMaker: HouseholdMaking | undefined;
  // The identifiers' makers, made on first use (docs/identifiers.md).
  private ssns: SsnMaker | undefined;
  private npis: NpiMaker | undefined;
  private cards: CardMaker | undefined;
  private banks: BankMaker | undefined;
  private vins: VinMaker | undefined;
  private licences: LicenceMaker | undefined;
  private nameCodes: NameCodes | undefined;
  private readonly jobTitlesSource: JobTitlesSource | undefined;
  private jobTitles: JobTitles | undefined;
  private addressCursor = 0;
  private phoneCursor = 0;
  private einCursor = 0;
  private companyCursor = 0;
  private readonly companySource: CompanyDataSource | undefined;
  private companyData: CompanyData | undefined;

  constructor(
    private readonly data: DataIndex,
    seed: Seed,
    options: Omit<GeneratorOptions, 'seed'> = {},
  ) {
    this.seed = canonicalSeed(seed);
    const key = streamKey(this.seed);
    this.datasetVersion = data.datasetVersion;
    this.fictionalPhones = options.fictionalPhones === true;
    this.random = new RecordRandom(key);
    this.key = key;
    if (options.geo !== undefined && typeof options.geo !== 'boolean')
      throw new UssynthError('invalid_geo', `geo must be true or false, got ${JSON.stringify(options.geo)}`, 'geo');
    this.geo = options.geo === true;
    this.geoSource = options.geoIndex;
    this.birthSource = options.birthIndex;
    this.jobTitlesSource = options.jobTitles;
    this.companySource = options.companyData;
    this.householdSource = options.householdData;
    this.uuids = new RecordUuids(key);
    const domain = options.emailDomain === undefined ? undefined : checkEmailDomain(options.emailDomain);
    this.emails = new EmailMaker(key, domain, data.states.length + 1);
    this.eins = new EinMaker(data, key);
    this.parts = sharedParts(data);
    GENERATOR_PARTS.set(this, {
      data,
      parts: this.parts,
      key,
      uuids: this.uuids,
      eins: this.eins,
      emails: this.emails,
      emailDomain: domain,
      fictionalPhones: this.fictionalPhones,
      geoMaker: () => this.#geoMaker(),
      geoIndex: () => this.#geoIndex(),
      jobTitles: () => this.#jobTitles(),
      birthDates: () => this.#birthDates(),
      companyData: () => this.#companyData(),
      households: () => this.#householdModel(),
      state: (code) => this.#generatableState(code),
    });
  }

  /**
   * The next address of the stream for these options.
   * @example gen.address() // { name: 'Maria Garcia', street: '4821 N Oak St', city: 'Chicago', state: 'IL', ... }
   */
  address<const F extends FieldList>(options: FieldsOptions<F>): FieldRecord<F>;
  address(options: GeoAddressOptions): AddressWithGeo;
  address(options?: AddressOptions): Address;
  address(options: AddressOptions & { fields?: FieldList } = {}): Address | Record<string, unknown> {
    const state = this.#generatableState(options.state);
    const geo = this.#wantsGeo(options.geo);
    const plan = this.#plan(options.fields, options.geo);
    const index = checkIndex(this.addressCursor++);
    return plan ? this.#makeFields(index, state, plan) : this.#address(index, state, geo);
  }

  /**
   * Record `index` of the address stream, independent of any other call.
   * @example gen.addressAt(1_000_000, { state: 'TX' }).state // "TX"
   */
  addressAt<const F extends FieldList>(index: number, options: FieldsOptions<F>): FieldRecord<F>;
  addressAt(index: number, options: GeoAddressOptions): AddressWithGeo;
  addressAt(index: number, options?: AddressOptions): Address;
  addressAt(index: number, options?: AddressOptions & { fields?: FieldList }): Address | Record<string, unknown> {
    const at = checkIndex(index);
    // The default record without options, as a page makes it: nothing to check or choose.
    if (options === undefined && !this.geo) return this.#makeAddress(at, undefined);
    const state = this.#generatableState(options?.state);
    const geo = this.#wantsGeo(options?.geo);
    const plan = this.#plan(options?.fields, options?.geo);
    return plan ? this.#makeFields(at, state, plan) : this.#address(at, state, geo);
  }

  /**
   * Records `start .. start+count-1` of the address stream; any split of a
   * range into pages gives the same records.
   * @example gen.addresses({ start: 100, count: 10 }) // same as records 100..109 of any other page split
   */
  addresses<const F extends FieldList>(options: FieldsOptions<F> & { start?: number; count: number }): FieldRecord<F>[];
  addresses(options: GeoAddressOptions & { start?: number; count: number }): AddressWithGeo[];
  addresses(options: AddressOptions & { start?: number; count: number }): Address[];
  addresses(
    options: AddressOptions & { start?: number; count: number; fields?: FieldList },
  ): (Address | Record<string, unknown>)[] {
    const start = checkIndex(options.start ?? 0, 'start');
    const count = checkCount(options.count, 0, MAX_PAGE);
    checkRange(start, count);
    const state = this.#generatableState(options.state);
    const geo = this.#wantsGeo(options.geo);
    const plan = this.#plan(options.fields, options.geo);
    const out = new Array<Address | Record<string, unknown>>(count);
    if (plan) for (let i = 0; i < count; i++) out[i] = this.#makeFields(start + i, state, plan);
    else if (geo) for (let i = 0; i < count; i++) out[i] = this.#makeGeoAddress(start + i, state);
    else for (let i = 0; i < count; i++) out[i] = this.#makeAddress(start + i, state);
    return out;
  }

  /**
   * The next `count` (1..1000) addresses, as the service's batch result.
   * @example gen.batch({ count: 10, state: 'NY' }).count // 10
   */
  batch<const F extends FieldList>(
    options: FieldsOptions<F> & { count: number },
  ): { count: number; addresses: FieldRecord<F>[] };
  batch(options: GeoAddressOptions & { count: number }): BatchWithGeo;
  batch(options: AddressOptions & { count: number }): BatchResult;
  batch(
    options: AddressOptions & { count: number; fields?: FieldList },
  ): BatchResult | { count: number; addresses: Record<string, unknown>[] } {
    const count = checkCount(options.count, 1, MAX_BATCH);
    const state = this.#generatableState(options.state);
    const geo = this.#wantsGeo(options.geo);
    const plan = this.#plan(options.fields, options.geo);
    const start = checkRange(this.addressCursor, count);
    this.addressCursor += count;
    if (plan) {
      const records = new Array<Record<string, unknown>>(count);
      for (let i = 0; i < count; i++) records[i] = this.#makeFields(start + i, state, plan);
      return { count, addresses: records };
    }
    const addresses = new Array<Address>(count);
    if (geo) for (let i = 0; i < count; i++) addresses[i] = this.#makeGeoAddress(start + i, state);
    else for (let i = 0; i < count; i++) addresses[i] = this.#makeAddress(start + i, state);
    return { count, addresses };
  }

  /**
   * The next synthetic EIN.
   * @example gen.ein() // { ein: '27-1234567' }
   */
  ein(): EinResult {
    return this.einAt(this.einCursor++);
  }

  /**
   * Record `index` of the EIN stream.
   * @example gen.einAt(5).ein // matches /^\d{2}-\d{7}$/
   */
  einAt(index: number): EinResult {
    return this.eins.make(checkIndex(index));
  }

  /**
   * The next phone number, of the given state or of a state drawn by population.
   * @example gen.phone({ state: 'NY' }) // { phone: '(212) 736-0142', intl: '+1 212-736-0142' }
   */
  phone(options: PhoneOptions = {}): PhoneResult {
    return this.phoneAt(this.phoneCursor++, options);
  }

  /**
   * Record `index` of the phone stream for these options.
   * @example gen.phoneAt(0, { state: 'CA', fictional: true }).phone // "(AAA) 555-01NN"
   */
  phoneAt(index: number, options: PhoneOptions = {}): PhoneResult {
    const given = this.#generatableState(options.state);
    const random = this.random;
    random.reset(PHONE_STREAM + (given ? given.index + 1 : 0), checkIndex(index));
    const state = given ?? this.data.states[pick(this.parts.states, random)];
    return phoneOf(this.data, state, random, options.fictional ?? this.fictionalPhones);
  }

  /**
   * Looks up a five-digit ZIP; null when it is well formed but not a known ZIP.
   * @example gen.zip('90210') // { zip: '90210', state: 'CA', stateFull: 'California', city: 'Beverly Hills' }
   */
  zip(code: string, options: { geo: true }): ZipLookupWithGeo | null;
  zip(code: string, options?: { geo?: boolean }): ZipLookupResult | null;
  zip(code: string, options: { geo?: boolean } = {}): ZipLookupResult | null {
    const found = lookupZip(this.data, code);
    if (!found || !this.#wantsGeo(options.geo)) return found;
    return { ...found, ...this.#geoMaker().zip(this.data.zipRow(Number(code))) };
  }

  /**
   * Employee `index` of company `company` (its index in the companies stream of `options.state`), independent of any other call; the index is below the company's headcount.
   * @example gen.employeeAt(12, 0).companyId === gen.companyAt(12).id // true
   */
  employeeAt(company: number, index: number, options: EmployeeOptions = {}): Employee {
    checkIndex(company, 'company');
    return this.#employeeMaker().at(company, index, this.#generatableState(options.state));
  }

  /**
   * Employees `start .. start+count-1` of company `company` (count 0..1,000,000), cut at its headcount; any split into pages gives the same employees.
   * @example gen.employees({ company: 12, count: 50 }).every((e) => e.email.endsWith('@' + gen.companyAt(12).domain)) // true
   */
  employees(options: EmployeesOptions): Employee[] {
    checkIndex(options.company, 'company');
    const start = checkIndex(options.start ?? 0, 'start');
    const count = checkCount(options.count, 0, MAX_PAGE);
    checkRange(start, count);
    return this.#employeeMaker().page(options.company, start, count, this.#generatableState(options.state));
  }

  /** The employee maker (src/related/employee-maker.ts, set by the composition). */
  #employeeMaker(): EmployeeMaking {
    return relatedMaker('employees')(this);
  }

  /**
   * Company `index` of the companies stream for these options (docs/related-records.md, "Companies").
   * @example gen.companyAt(0, { state: 'OH' }).state // "OH"
   */
  companyAt(index: number, options: CompanyOptions = {}): Company {
    const at = checkIndex(index);
    return relatedMaker('companies')(this).at(at, this.#generatableState(options.state));
  }

  /**
   * The next company of the stream (a cursor from company 0).
   * @example gen.company().email // "info@harrisplumbing.example.com"-like
   */
  company(options: CompanyOptions = {}): Company {
    const state = this.#generatableState(options.state);
    return relatedMaker('companies')(this).at(checkIndex(this.companyCursor++), state);
  }

  /**
   * Companies `start .. start+count-1` (count 0..1,000,000); any split of a range into pages gives the same companies.
   * @example gen.companies({ start: 100, count: 10, state: 'TX' }).length // 10
   */
  companies(options: CompanyOptions & { start?: number; count: number }): Company[] {
    const start = checkIndex(options.start ?? 0, 'start');
    const count = checkCount(options.count, 0, MAX_PAGE);
    checkRange(start, count);
    return relatedMaker('companies')(this).page(start, count, this.#generatableState(options.state));
  }

  /** The companies' data, read on first use. */
  #companyData(): CompanyData {
    if (this.companyData) return this.companyData;
    const source = this.companySource;
    if (source === undefined)
      throw new UssynthError(
        'companies_unavailable',
        "companies need the companies' data: pass companyData (the bytes of dist-data/ussynth-companies.json) to createGenerator",
      );
    const data =
      source instanceof CompanyData ? source : typeof source === 'function' ? source() : CompanyData.fromJson(source);
    if (data.datasetVersion !== this.datasetVersion)
      throw new UssynthError(
        'invalid_index_file',
        `Invalid ussynth companies' data: it is for dataset ${data.datasetVersion}, the index is ${this.datasetVersion}`,
      );
    return (this.companyData = data);
  }

  /**
   * Household `index` of the household stream for these options, with its members; independent of any other call.
   * @example gen.householdAt(1000).members.every((m) => m.householdId === gen.householdAt(1000).id) // true
   */
  householdAt(index: number, options: HouseholdOptions = {}): Household {
    const at = checkIndex(index);
    return this.#households().make(at, this.#generatableState(options.state));
  }

  /**
   * The next household of the stream (a cursor of its own, from household 0).
   * @example gen.household({ state: 'TX' }).state // "TX"
   */
  household(options: HouseholdOptions = {}): Household {
    const maker = this.#households();
    const state = this.#generatableState(options.state);
    return maker.make(checkIndex(maker.cursor++), state);
  }

  /**
   * Households `start .. start+count-1` (count 0..MAX_PAGE); any split of a range into pages gives the same households.
   * @example gen.households({ start: 1000, count: 10 })[0].id === gen.householdAt(1000).id // true
   */
  households(options: HouseholdOptions & { start?: number; count: number }): Household[] {
    const start = checkIndex(options.start ?? 0, 'start');
    const count = checkCount(options.count, 0, MAX_PAGE);
    checkRange(start, count);
    const state = this.#generatableState(options.state);
    const maker = this.#households();
    const out = new Array<Household>(count);
    for (let i = 0; i < count; i++) out[i] = maker.make(start + i, state);
    return out;
  }

  /** The household maker, made on first use. */
  #households(): HouseholdMaking {
    return (this.householdMaker ??= relatedMaker('households')(GENERATOR_PARTS.get(this)!, this.#householdModel()));
  }

  /** The household data, checked; throws `households_unavailable` without it. */
  #householdModel(): HouseholdModel {
    const source = this.householdSource;
    if (source === undefined)
      throw new UssynthError(
        'households_unavailable',
        'households need the household data: pass householdData (the parsed dist-data/ussynth-households.json) to createGenerator',
      );
    return readHouseholdModel(typeof source === 'function' ? source() : source);
  }

  /** A call's `geo` (checked) or the generator's. */
  #wantsGeo(geo: unknown): boolean {
    if (geo === undefined) return this.geo;
    if (typeof geo !== 'boolean')
      throw new UssynthError('invalid_geo', `geo must be true or false, got ${JSON.stringify(geo)}`, 'geo');
    return geo;
  }

  /** The geo maker, reading the geo index on first use. */
  #geoMaker(): GeoMaker {
    if (this.geoMaker) return this.geoMaker;
    return (this.geoMaker = new GeoMaker(this.data, this.#geoIndex(), this.key));
  }

  /** The geo index, checked against the index, read on first use. */
  #geoIndex(): GeoIndex {
    if (this.geoIndex) return this.geoIndex;
    const source = this.geoSource;
    if (source === undefined)
      throw new UssynthError(
        'geo_unavailable',
        'geo fields need the geo index: pass geoIndex (the bytes of dist-data/ussynth-geo.idx) to createGenerator',
        'geo',
      );
    const geo =
      source instanceof GeoIndex ? source : typeof source === 'function' ? source() : GeoIndex.fromBytes(source);
    return (this.geoIndex = checkGeoIndex(this.data, geo));
  }

  /** The job titles, checked against the index, read on first use. */
  #jobTitles(): JobTitles {
    if (this.jobTitles) return this.jobTitles;
    const source = this.jobTitlesSource;
    if (source === undefined)
      throw new UssynthError(
        'job_titles_unavailable',
        'employees need the job titles: pass jobTitles (the bytes of dist-data/ussynth-titles.json) to createGenerator',
      );
    const titles =
      source instanceof JobTitles ? source : typeof source === 'function' ? source() : JobTitles.fromBytes(source);
    return (this.jobTitles = checkJobTitles(this.data, titles));
  }

  /**
   * Draws record `index` of an address stream into a new {@link RecordDraw}, as far as
   * `upTo`, in record order (place, name, street, e-mail, phone): the one
   * draw sequence of every record, default or with fields, so a field's
   * value is the same whatever else is asked. The e-mail's text is made
   * only when `withEmail`.
   */
  #drawRecord(index: number, given: IndexState | undefined, upTo: Stage, withEmail: boolean): RecordDraw {
    const { random, data, parts } = this;
    const stream = given ? given.index + 1 : 0;
    random.reset(ADDRESS_STREAM + stream, index);
    const state = given ?? data.states[pick(parts.states, random)];
    const zipEntry = pickColumnIn(parts.zips, random, state.zipOffset, state.zipCount);
    // A new object per record: the record's strings stored into a long-lived one each took the write barrier's slow path.
    const draw: RecordDraw = {
      index,
      stream,
      state,
      zipEntry,
      female: false,
      firstColumn: 0,
      lastColumn: 0,
      street: '',
      unitAt: -1,
      email: '',
      phone: '',
    };
    if (upTo === Stage.place) return draw;
    const female = pick(parts.sexes, random) === 0;
    const firstColumn = pickColumn(female ? parts.female : parts.male, random);
    const lastColumn = parts.surnamePicker.pick(state.index, random);
    draw.female = female;
    draw.firstColumn = firstColumn;
    draw.lastColumn = lastColumn;
    if (upTo === Stage.name) return draw;
    draw.street = parts.streets.make(random, zipEntry, parts.streetForms[state.index]);
    draw.unitAt = parts.streets.unitAt;
    if (upTo === Stage.street) return draw;
    if (withEmail)
      draw.email = this.emails.make(
        (female ? parts.femaleNames : parts.maleNames).second(firstColumn),
        parts.surnameNames.second(lastColumn),
        index,
        stream,
        random,
      );
    else this.emails.skip(random);
    if (upTo === Stage.email) return draw;
    // The phone is drawn last: fictional numbers take other draws, and must change nothing else.
    draw.phone = addressPhone(data, state, zipEntry, random, this.fictionalPhones);
    return draw;
  }

  /** The default record: every draw, the eight fields. */
  #makeAddress(index: number, given: IndexState | undefined): Address {
    const parts = this.parts;
    const draw = this.#drawRecord(index, given, Stage.phone, true);
    const zipEntry = draw.zipEntry;
    return {
      name:
        (draw.female ? parts.femaleNames : parts.maleNames).first(draw.firstColumn) +
        parts.surnameNames.first(draw.lastColumn),
      street: draw.street,
      city: parts.zipStrings.first(zipEntry),
      state: draw.state.code,
      zip: parts.zipStrings.second(zipEntry),
      phone: draw.phone,
      email: draw.email,
      country: COUNTRY,
    };
  }

  /** The checked plan of a `fields` option, or undefined without one. */
  #plan(fields: FieldList | undefined, geo?: unknown): FieldPlan | undefined {
    if (fields === undefined) return undefined;
    if (geo === true) throw new UssynthError('invalid_fields', geoWithFieldsProblem('geo', 'fields'), 'fields');
    const columns = parseFieldList(fields);
    let upTo: Stage = Stage.place;
    let withEmail = false;
    for (const { field } of columns) {
      if (FIELD_STAGES[field] > upTo) upTo = FIELD_STAGES[field];
      if (field === 'email' || field === 'emailDomain') withEmail = true;
    }
    return {
      columns,
      codes: columns.map(({ field }) => FIELD_CODES[field]),
      upTo,
      withEmail,
      empty: Object.fromEntries(columns.map(({ column }) => [column, null])),
    };
  }

  /** Record `index` with the plan's columns only, in its order. */
  #makeFields(index: number, given: IndexState | undefined, plan: FieldPlan): Record<string, unknown> {
    const { parts, data } = this;
    const draw = this.#drawRecord(index, given, plan.upTo, plan.withEmail);
    const out: Record<string, unknown> = { ...plan.empty };
    let geo: ReturnType<GeoMaker['address']> | undefined;
    let card: Card | undefined;
    let bank: BankAccount | undefined;
    let vehicle: Vehicle | undefined;
    // Made once a record: a derived licence (Florida, Illinois, Wisconsin) reads it too.
    let birth: string | undefined;
    const { columns, codes } = plan;
    for (let i = 0; i < columns.length; i++) {
      const { column, field } = columns[i];
      let value: unknown;
      switch (codes[i]) {
        case FIELD_CODES.name:
          value =
            (draw.female ? parts.femaleNames : parts.maleNames).first(draw.firstColumn) +
            parts.surnameNames.first(draw.lastColumn);
          break;
        case FIELD_CODES.street:
          value = draw.street;
          break;
        case FIELD_CODES.city:
          value = parts.zipStrings.first(draw.zipEntry);
          break;
        case FIELD_CODES.state:
          value = draw.state.code;
          break;
        case FIELD_CODES.zip:
          value = parts.zipStrings.second(draw.zipEntry);
          break;
        case FIELD_CODES.phone:
          value = draw.phone;
          break;
        case FIELD_CODES.email:
          value = draw.email;
          break;
        case FIELD_CODES.country:
          value = COUNTRY;
          break;
        case FIELD_CODES.lat:
        case FIELD_CODES.lon:
        case FIELD_CODES.county:
        case FIELD_CODES.countyFips:
        case FIELD_CODES.timeZone:
          geo ??= this.#geoMaker().address(index, draw.stream, parts.zipStrings.second(draw.zipEntry));
          // The code is one of the five geo fields' here, so the name is too.
          value = geo[field as keyof typeof geo];
          break;
        case FIELD_CODES.firstName:
          value = columnText(data, draw.female ? parts.female : parts.male, draw.firstColumn);
          break;
        case FIELD_CODES.lastName:
          value = parts.surnameNames.first(draw.lastColumn);
          break;
        case FIELD_CODES.sex:
          value = draw.female ? 'F' : 'M';
          break;
        case FIELD_CODES.birthDate:
          value = birth ??= this.#birthDates().date(draw.female, draw.firstColumn, draw.stream, index);
          break;
        case FIELD_CODES.line1:
          value = draw.unitAt < 0 ? draw.street : draw.street.slice(0, draw.unitAt);
          break;
        case FIELD_CODES.line2:
          value = draw.unitAt < 0 ? '' : draw.street.slice(draw.unitAt + 1);
          break;
        case FIELD_CODES.stateFull:
          value = draw.state.name;
          break;
        case FIELD_CODES.phoneIntl:
          value = '+1 ' + draw.phone.slice(1, 4) + '-' + draw.phone.slice(6);
          break;
        case FIELD_CODES.emailDomain:
          value = draw.email.slice(draw.email.lastIndexOf('@') + 1);
          break;
        case FIELD_CODES.index:
          value = index;
          break;
        case FIELD_CODES.uuid:
          value = this.uuids.uuid(draw.stream, index);
          break;
        // Identifiers (docs/identifiers.md): from the seed, the stream and the index only.
        case FIELD_CODES.ssn:
          value = (this.ssns ??= new SsnMaker(this.key)).make(draw.stream, index);
          break;
        case FIELD_CODES.routingNumber:
        case FIELD_CODES.bankAccount:
          bank ??= (this.banks ??= new BankMaker(this.key)).make(draw.stream, index);
          value = field === 'routingNumber' ? bank.routingNumber : bank.account;
          break;
        case FIELD_CODES.cardNumber:
        case FIELD_CODES.cardBrand:
        case FIELD_CODES.cardExpiry:
        case FIELD_CODES.cardCvc:
          card ??= (this.cards ??= new CardMaker(this.key)).make(draw.stream, index);
          value =
            field === 'cardNumber'
              ? card.number
              : field === 'cardBrand'
                ? card.brand
                : field === 'cardExpiry'
                  ? card.expiry
                  : card.cvc;
          break;
        case FIELD_CODES.npi:
          value = (this.npis ??= new NpiMaker(this.key)).make(1, draw.stream, index);
          break;
        case FIELD_CODES.vin:
        case FIELD_CODES.vehicleYear:
        case FIELD_CODES.vehicleMake:
          vehicle ??= (this.vins ??= new VinMaker(this.key)).make(draw.stream, index);
          value = field === 'vin' ? vehicle.vin : field === 'vehicleYear' ? vehicle.year : vehicle.make;
          break;
        case FIELD_CODES.driversLicense: {
          const licences = (this.licences ??= new LicenceMaker(this.key));
          const state = draw.state.code;
          if (licences.derives(state)) {
            // By the drawn columns: each name's codes are made once (docs/benchmarks.md, "Vehicle and licence fields").
            const codes = (this.nameCodes ??= new NameCodes(parts.surnames.size, parts.female.size, parts.male.size));
            const first = draw.female ? parts.female : parts.male;
            value = licences.derivedFromNameCode(
              state,
              codes.surname(draw.lastColumn, parts.surnameNames.first(draw.lastColumn)) +
                codes.first(draw.female, draw.firstColumn, columnText(data, first, draw.firstColumn)),
              (birth ??= this.#birthDates().date(draw.female, draw.firstColumn, draw.stream, index)),
              draw.female,
            );
          } else value = licences.make(state, draw.stream, index);
          break;
        }
        case FIELD_CODES.driversLicenseState:
          value = draw.state.code;
          break;
      }
      out[column] = value;
    }
    return out;
  }

  /** The birth-date maker, reading the birth index on first use. */
  #birthDates(): BirthDates {
    if (this.birthDates) return this.birthDates;
    const source = this.birthSource;
    if (source === undefined)
      throw new UssynthError(
        'births_unavailable',
        'birthDate needs the birth index: pass birthIndex (the bytes of dist-data/ussynth-births.idx) to createGenerator',
        'fields',
      );
    const births =
      source instanceof BirthIndex ? source : typeof source === 'function' ? source() : BirthIndex.fromBytes(source);
    const names = (table: WeightedTable): string[] =>
      Array.from({ length: table.size }, (_, column) => columnText(this.data, table, column));
    return (this.birthDates = new BirthDates(births, this.key, names(this.parts.female), names(this.parts.male)));
  }

  /**
   * The address with its geographic fields after country. The point has its
   * own stream, so nothing of the address changes; it is found from the ZIP
   * the record drew (its ZS entry).
   */
  #makeGeoAddress(index: number, given: IndexState | undefined): AddressWithGeo {
    const parts = this.parts;
    const draw = this.#drawRecord(index, given, Stage.phone, true);
    const zipEntry = draw.zipEntry;
    const g = this.#geoMaker();
    g.drawPoint(index, draw.stream, zipEntry);
    return {
      name:
        (draw.female ? parts.femaleNames : parts.maleNames).first(draw.firstColumn) +
        parts.surnameNames.first(draw.lastColumn),
      street: draw.street,
      city: parts.zipStrings.first(zipEntry),
      state: draw.state.code,
      zip: parts.zipStrings.second(zipEntry),
      phone: draw.phone,
      email: draw.email,
      country: COUNTRY,
      lat: g.lat,
      lon: g.lon,
      county: g.county,
      countyFips: g.countyFips,
      timeZone: g.timeZone,
    };
  }

  /** An address, with the geographic fields when `geo`. */
  #address(index: number, given: IndexState | undefined, geo: boolean): Address {
    return geo ? this.#makeGeoAddress(index, given) : this.#makeAddress(index, given);
  }

  /** Resolves an optional state code for generation, or throws a typed error. */
  #generatableState(code: string | undefined): IndexState | undefined {
    if (code === undefined) return undefined;
    const state =
      typeof code === 'string' && /^[A-Za-z]{2}$/.test(code) ? this.data.state(code.toUpperCase()) : undefined;
    if (!state) {
      throw new UssynthError(
        'invalid_state',
        `state must be a two-letter US state, DC or territory code such as "CA", got ${JSON.stringify(code)}`,
        'state',
      );
    }
    if (state.zipCount === 0 || state.areaCodeCount === 0) {
      throw new UssynthError(
        'state_not_generatable',
        `state "${state.code}" (${state.name}) is valid for ZIP lookup only: it has no residential addresses`,
        'state',
      );
    }
    return state;
  }
}

function checkIndex(index: number, param = 'index'): number {
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new UssynthError(
      'invalid_index',
      `${param} must be a non-negative safe integer, got ${JSON.stringify(index)}`,
      param,
    );
  }
  return index;
}

/**
 * Checks that records `start .. start + count - 1` are all within the stream
 * (last index at most {@link MAX_INDEX}); returns `start`. `count` 0 is an
 * empty range at any valid start.
 * @example checkRange(MAX_INDEX - 999, 1000) // MAX_INDEX - 999; checkRange(MAX_INDEX, 2) throws invalid_index
 */
export function checkRange(start: number, count: number): number {
  checkIndex(start, 'start');
  if (count > 0 && start > MAX_INDEX - (count - 1)) {
    throw new UssynthError(
      'invalid_index',
      `start + count - 1 must be at most ${MAX_INDEX} (2^53 - 1), got start ${start} and count ${count}`,
      'start',
    );
  }
  return start;
}

function checkCount(count: number, min: number, max: number): number {
  if (!Number.isInteger(count) || count < min || count > max) {
    throw new UssynthError(
      'invalid_count',
      `count must be an integer from ${min} to ${max}, got ${JSON.stringify(count)}`,
      'count',
    );
  }
  return count;
}
