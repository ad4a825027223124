import type { CompanyData, CompanySector } from '../data-index/company-data.js';
import type { IndexState } from '../data-index/data-index.js';
import { generatorParts, type GeneratorParts } from '../generator/generator-parts.js';
import type { CompanyMaking } from '../generator/related-makers.js';
import { addressPhone } from '../generator/phone.js';
import { NpiMaker } from '../identifiers/npi.js';
import { pick, pickColumnIn } from '../generator/pick.js';
import { RecordRandom } from '../random/record-random.js';
import type { Company } from '../types.js';

// Stream ids (docs/architecture.md, "Streams"): 5 companies, the state stream (0 default, else index + 1) in the low byte.
const COMPANY_STREAM = 5 << 8;
// The point's draws: the geo maker adds its own kind (3 << 8) to this key, so (5 << 16) keeps them apart from
// the addresses' points (keys 0..255) and every other stream id (kind << 8, below 2^16).
const COMPANY_GEO_KEY = 5 << 16;

/** Founding dates: the reference date's year (companies founded on or before its 31 December). */
const REFERENCE_YEAR = 2025;
/** Yearly share of firms that close (about 8 %, the Census Business Dynamics Statistics' firm exit rate). */
const YEARLY_SURVIVAL = 0.92;
/** Oldest age drawn, in years. */
const MAX_AGE = 125;
/** Per firm-size class (SUSB's six), the least age in years: larger firms are older. */
const MIN_AGE_BY_SIZE = [0, 1, 2, 3, 5, 10];

const DOMAIN_PARENTS = ['example.com', 'example.net', 'example.org'];
/** Per hundred: example.com, .net, .org. */
const DOMAIN_PARENT_WEIGHTS = [60, 25, 15];
const MAILBOXES = ['info', 'contact', 'sales'];
const MAILBOX_WEIGHTS = [50, 30, 20];
/** Per hundred: companies with a suite on line 2. */
const SUITE_SHARE = 45;

/** What a pattern's part draws: a surname, the company's city, an industry word. */
const SURNAME = 0,
  CITY = 1,
  WORD = 2;

/**
 * Name patterns, per hundred (docs/related-records.md, "Companies"), each a
 * list of parts, every part the text joining it to the one before and what it draws:
 * "Harris Plumbing", "Springfield Roofing", "Harris & Lee", "Harris-Lee Plumbing",
 * "Harris & Sons Plumbing"; for the professions "Harris & Lee", "Harris, Lee & Patel",
 * "Harris Law", "Springfield Dental".
 */
type Pattern = readonly (readonly [join: string, part: number])[];
const GENERAL_PATTERNS: readonly (readonly [weight: number, pattern: Pattern])[] = [
  [
    45,
    [
      ['', SURNAME],
      [' ', WORD],
    ],
  ],
  [
    25,
    [
      ['', CITY],
      [' ', WORD],
    ],
  ],
  [
    10,
    [
      ['', SURNAME],
      [' & ', SURNAME],
    ],
  ],
  [
    15,
    [
      ['', SURNAME],
      ['-', SURNAME],
      [' ', WORD],
    ],
  ],
  [
    5,
    [
      ['', SURNAME],
      [' & Sons ', WORD],
    ],
  ],
];
const PROFESSION_PATTERNS: readonly (readonly [weight: number, pattern: Pattern])[] = [
  [
    35,
    [
      ['', SURNAME],
      [' & ', SURNAME],
    ],
  ],
  [
    10,
    [
      ['', SURNAME],
      [', ', SURNAME],
      [' & ', SURNAME],
    ],
  ],
  [
    35,
    [
      ['', SURNAME],
      [' ', WORD],
    ],
  ],
  [
    20,
    [
      ['', CITY],
      [' ', WORD],
    ],
  ],
];

/** Cumulative integer weights; a draw of `below(last)` finds its slot by {@link slot}. */
function cumulative(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    out[i] = sum;
  });
  return out;
}

/** The first slot whose cumulative weight is above `value` (binary search). */
function slot(cum: Float64Array, value: number): number {
  let low = 0;
  let high = cum.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (cum[mid] > value) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** A uniform draw in [0, total) of a cumulative table, from one 32-bit draw (IEEE arithmetic only: the same on every platform). */
function drawSlot(cum: Float64Array, random: RecordRandom): number {
  return slot(cum, (random.nextUint32() / 4294967296) * cum[cum.length - 1]);
}

/**
 * The label of a company's domain: its name without the legal form,
 * lower case ASCII letters and digits only ("&" read as "and"), at most 63
 * characters (a DNS label's limit).
 * @example domainLabel('Harris & Sons Plumbing') // "harrisandsonsplumbing"
 */
export function domainLabel(baseName: string): string {
  return baseName
    .normalize('NFD')
    .toLowerCase()
    .replaceAll('&', 'and')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 63);
}

/**
 * What an employee needs of its company: the fields of its {@link Company} that the employee maker reads.
 * @example const employer: CompanyEmployer = companyMakerOf(gen).employerAt(0, undefined)
 */
export type CompanyEmployer = Pick<Company, 'id' | 'naics' | 'zip' | 'domain' | 'employees'>;

/** What a related maker (employees) needs of company `index` besides its record: its state, ZS entry and stream. */
export interface CompanyDraw {
  readonly company: Company;
  readonly state: IndexState;
  /** The ZIP's entry in the index's ZS table. */
  readonly zipEntry: number;
  /** The state stream: 0 for the default draw, else the state's index + 1. */
  readonly stream: number;
}

const MAKERS = new WeakMap<object, CompanyMaker>();

/**
 * The company maker of a generator, made once on first use.
 * @example companyMakerOf(gen).draw(7, undefined).company.domain
 */
export function companyMakerOf(generator: object): CompanyMaker {
  let maker = MAKERS.get(generator);
  if (!maker) MAKERS.set(generator, (maker = new CompanyMaker(generatorParts(generator))));
  return maker;
}

/**
 * Whether a NAICS industry (2017) is a health care provider that has an NPI:
 * ambulatory care (621), hospitals (622), nursing and residential care
 * (623), and pharmacies (446110) (CMS: every health care provider that bills
 * electronically has one).
 * @example isHealthCareProvider('621111') // true
 */
export function isHealthCareProvider(naics: string): boolean {
  return /^62[123]/.test(naics) || naics === '446110';
}

/**
 * Makes company records: company `index` of a stream depends only on the
 * seed, the state option and `index` (random access, O(1)). Indexes and
 * states come checked (the Generator's methods check them).
 * @example new CompanyMaker(generatorParts(gen)).draw(0, undefined).company.name // "Harris Plumbing LLC"
 */
export class CompanyMaker implements CompanyMaking {
  private readonly random: RecordRandom;
  private readonly data: CompanyData;
  private readonly sectorCum: Float64Array;
  /** Per sector, per industry: the longest prefix of its code with words of its own (index into data.prefixes), or -1. */
  private readonly industryPrefix: Int16Array[];
  private readonly generalFormCum: Float64Array;
  private readonly professionFormCum: Float64Array;
  private readonly sizeCum: Float64Array;
  /** Per size class: cumulative weights 1/n of its headcounts (log-uniform-like within the class). */
  private readonly headcountCum: Float64Array[];
  private readonly ageCum: Float64Array;
  private readonly generalPatternCum = cumulative(GENERAL_PATTERNS.map(([w]) => w));
  private readonly professionPatternCum = cumulative(PROFESSION_PATTERNS.map(([w]) => w));
  private readonly domainCum = cumulative(DOMAIN_PARENT_WEIGHTS);
  private readonly mailboxCum = cumulative(MAILBOX_WEIGHTS);
  /** Domain labels of surnames (per SN column) and cities (per ZS entry), made on first use. */
  private readonly surnameLabels: string[];
  private readonly cityLabels: string[];
  private readonly sectorWordLabels: string[][];
  private readonly prefixWordLabels: string[][];
  /** Per pattern, per part: the label of its joining text (" & " is "and"). */
  private readonly generalJoinLabels = GENERAL_PATTERNS.map(([, pattern]) =>
    pattern.map(([join]) => domainLabel(join)),
  );
  private readonly professionJoinLabels = PROFESSION_PATTERNS.map(([, pattern]) =>
    pattern.map(([join]) => domainLabel(join)),
  );
  /** From a headcount up, the Delaware share in thousandths. */
  private readonly delawareFrom: Float64Array;
  private readonly delawarePerMille: Float64Array;
  private readonly npis: NpiMaker;
  private lastState: IndexState | undefined;
  private lastZipEntry = 0;
  private lastStream = 0;
  /** Per day of a year (365 or 366 days): its "-MM-DD". */
  private readonly monthDays: readonly string[][];

  constructor(private readonly parts: GeneratorParts) {
    this.random = new RecordRandom(parts.key);
    this.npis = new NpiMaker(parts.key);
    const data = (this.data = parts.companyData());
    this.sectorCum = cumulative(data.sectors.map((s) => s.establishments));
    this.industryPrefix = data.sectors.map((s) =>
      Int16Array.from(s.codes, (code) => {
        let best = -1;
        data.prefixes.forEach((p, i) => {
          if (code.startsWith(p.prefix) && (best < 0 || p.prefix.length > data.prefixes[best].prefix.length)) best = i;
        });
        return best;
      }),
    );
    this.generalFormCum = cumulative(data.generalForms.map(([, share]) => Math.round(share * 1000)));
    this.professionFormCum = cumulative(data.professionForms.map(([, share]) => Math.round(share * 1000)));
    this.sizeCum = cumulative(data.sizes.map(([, , firms]) => firms));
    this.headcountCum = data.sizes.map(([min, max]) =>
      cumulative(Array.from({ length: max - min + 1 }, (_, k) => 1 / (min + k))),
    );
    // Filled arrays (a string per slot) stay fast elements; slots set at random in an empty array turn it into a dictionary.
    this.surnameLabels = new Array<string>(parts.parts.surnames.size).fill('');
    this.cityLabels = new Array<string>(parts.parts.zips.size).fill('');
    this.sectorWordLabels = data.sectors.map((sector) => sector.words.map(domainLabel));
    this.prefixWordLabels = data.prefixes.map((prefix) => prefix.words.map(domainLabel));
    this.delawareFrom = Float64Array.from(data.delaware, ([min]) => min);
    this.delawarePerMille = Float64Array.from(data.delaware, ([, share]) => Math.round(share * 1000));
    let survival = 1;
    this.ageCum = cumulative(
      Array.from({ length: MAX_AGE + 1 }, () => {
        const weight = survival;
        survival *= YEARLY_SURVIVAL;
        return weight;
      }),
    );
    this.monthDays = [365, 366].map((days) =>
      Array.from({ length: days }, (_, day) => {
        const date = new Date(Date.UTC(days === 366 ? 2024 : 2025, 0, 1 + day));
        return '-' + String(date.getUTCMonth() + 1).padStart(2, '0') + '-' + String(date.getUTCDate()).padStart(2, '0');
      }),
    );
  }

  /**
   * The UUID of company `index` of the stream of `state` (undefined: the default draw), without making the company.
   * @example maker.companyIdAt(7, undefined) === maker.draw(7, undefined).company.id // true
   */
  companyIdAt(index: number, state: IndexState | undefined): string {
    return this.parts.uuids.uuid(COMPANY_STREAM + (state ? state.index + 1 : 0), index);
  }

  /** Company `index` of the stream of `state`. */
  at(index: number, state: IndexState | undefined): Company {
    return this.make(index, state);
  }

  /** Companies `start .. start + count - 1`. */
  page(start: number, count: number, state: IndexState | undefined): Company[] {
    const out = new Array<Company>(count);
    for (let i = 0; i < count; i++) out[i] = this.make(start + i, state);
    return out;
  }

  /**
   * What an employee reads of company `index` of the stream of `state`: the company's own draws up to its domain, the
   * rest (mailbox, street, phone, point, EIN) not made; each field equal to the whole company's.
   * @example maker.employerAt(7, undefined).domain === maker.at(7, undefined).domain // true
   */
  employerAt(index: number, state: IndexState | undefined): CompanyEmployer {
    return this.make(index, state, false);
  }

  /** Company `index` with what a related maker needs of it (its state, ZS entry and stream). */
  draw(index: number, given: IndexState | undefined): CompanyDraw {
    const company = this.make(index, given);
    return { company, state: this.lastState!, zipEntry: this.lastZipEntry, stream: this.lastStream };
  }

  /**
   * Company `index`, or with `whole` false only its {@link CompanyEmployer} fields; a whole company leaves its state,
   * ZS entry and stream in the `last...` fields (a page makes no object more per company).
   */
  private make(index: number, given: IndexState | undefined): Company;
  private make(index: number, given: IndexState | undefined, whole: false): CompanyEmployer;
  private make(index: number, given: IndexState | undefined, whole = true): Company | CompanyEmployer {
    const { random, parts: p, data } = this;
    const { parts, data: index0 } = p;
    const stream = given ? given.index + 1 : 0;
    random.reset(COMPANY_STREAM + stream, index);
    // Place: the state by population (unless given), then a residential ZIP of it by population.
    const state = given ?? index0.states[pick(parts.states, random)];
    const zipEntry = pickColumnIn(parts.zips, random, state.zipOffset, state.zipCount);
    const city = parts.zipStrings.first(zipEntry);
    // Industry: a sector by establishments (CBP), then one of its six-digit industries uniformly.
    const sectorAt = drawSlot(this.sectorCum, random);
    const sector: CompanySector = data.sectors[sectorAt];
    const industry = random.below(sector.codes.length);
    const prefixAt = this.industryPrefix[sectorAt][industry];
    const words = prefixAt < 0 ? sector.words : data.prefixes[prefixAt].words;
    const wordLabels = prefixAt < 0 ? this.sectorWordLabels[sectorAt] : this.prefixWordLabels[prefixAt];
    const general = prefixAt < 0 || !data.prefixes[prefixAt].profession;
    // Name: a pattern, its parts, then the legal form; the domain's label is made beside it from each part's cached label.
    const patternAt = drawSlot(general ? this.generalPatternCum : this.professionPatternCum, random);
    const pattern = (general ? GENERAL_PATTERNS : PROFESSION_PATTERNS)[patternAt][1];
    const joinLabels = (general ? this.generalJoinLabels : this.professionJoinLabels)[patternAt];
    let base = '';
    let label = '';
    for (let k = 0; k < pattern.length; k++) {
      const [join, part] = pattern[k];
      let text: string;
      let partLabel: string;
      if (part === SURNAME) {
        const column = parts.surnamePicker.pick(state.index, random);
        text = parts.surnameNames.first(column);
        partLabel = this.surnameLabels[column];
        if (partLabel === '') partLabel = this.surnameLabels[column] = domainLabel(text);
      } else if (part === CITY) {
        text = city;
        partLabel = this.cityLabels[zipEntry];
        if (partLabel === '') partLabel = this.cityLabels[zipEntry] = domainLabel(city);
      } else {
        const word = random.below(words.length);
        text = words[word];
        partLabel = wordLabels[word];
      }
      base += join + text;
      label += joinLabels[k] + partLabel;
    }
    const forms = general ? data.generalForms : data.professionForms;
    const legalForm = forms[drawSlot(general ? this.generalFormCum : this.professionFormCum, random)][0];
    const name =
      legalForm === ''
        ? base
        : legalForm === 'Inc.' || legalForm === 'Ltd.'
          ? base + ', ' + legalForm
          : base + ' ' + legalForm;
    // Size, age and incorporation.
    const size = drawSlot(this.sizeCum, random);
    const employees = data.sizes[size][0] + drawSlot(this.headcountCum[size], random);
    const age = MIN_AGE_BY_SIZE[Math.min(size, MIN_AGE_BY_SIZE.length - 1)] + drawSlot(this.ageCum, random);
    const year = REFERENCE_YEAR - age;
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 1 : 0;
    const founded = String(year) + this.monthDays[leap][random.below(365 + leap)];
    let delaware = 0;
    for (let k = 0; k < this.delawareFrom.length && employees >= this.delawareFrom[k]; k++)
      delaware = this.delawarePerMille[k];
    const incorporationState = random.below(1000) < delaware ? 'DE' : state.code;
    // Reach: the domain from the name, a mailbox, the street and suite, the phone (drawn last, as an address's).
    const domain = label.slice(0, 63) + '.' + DOMAIN_PARENTS[drawSlot(this.domainCum, random)];
    // An employee's company: the draws after the domain change none of these fields.
    if (!whole)
      return {
        id: p.uuids.uuid(COMPANY_STREAM + stream, index),
        naics: sector.codes[industry],
        zip: parts.zipStrings.second(zipEntry),
        domain,
        employees,
      };
    const email = MAILBOXES[drawSlot(this.mailboxCum, random)] + '@' + domain;
    const street = parts.streets.make(random, zipEntry, parts.streetForms[state.index]);
    const unitAt = parts.streets.unitAt;
    const line1 = unitAt < 0 ? street : street.slice(0, unitAt);
    let line2 = '';
    if (random.below(100) < SUITE_SHARE) {
      const number = 100 * (1 + random.below(9)) + 10 * random.below(5);
      line2 = (random.below(100) < 60 ? 'Suite ' : 'Ste ') + number;
    }
    const phone = addressPhone(index0, state, zipEntry, random, p.fictionalPhones);
    const geo = p.geoMaker();
    geo.drawPoint(index, COMPANY_GEO_KEY + stream, zipEntry);
    const company: Company = {
      id: p.uuids.uuid(COMPANY_STREAM + stream, index),
      name,
      legalForm,
      ein: p.eins.make(index).ein,
      naics: sector.codes[industry],
      naicsTitle: sector.titles[industry],
      // No draw: the NPI comes from the key, the state stream and the index alone (entity type 2 keeps it apart from
      // people's, type 1), so no other field moves.
      npi: isHealthCareProvider(sector.codes[industry]) ? this.npis.make(2, stream, index) : '',
      line1,
      line2,
      city,
      state: state.code,
      zip: parts.zipStrings.second(zipEntry),
      lat: geo.lat,
      lon: geo.lon,
      county: geo.county,
      countyFips: geo.countyFips,
      timeZone: geo.timeZone,
      phone,
      domain,
      website: 'https://www.' + domain,
      email,
      employees,
      founded,
      incorporationState,
    };
    this.lastState = state;
    this.lastZipEntry = zipEntry;
    this.lastStream = stream;
    return company;
  }
}
