/** A synthetic US address, exactly the Address resource of the service interface. */
export interface Address {
  /** Full person name, e.g. "Maria Garcia". */
  name: string;
  /** Street line, e.g. "4821 N Oak St Apt 12". */
  street: string;
  /** The ZIP's city, e.g. "Chicago". */
  city: string;
  /** Two-letter state code, e.g. "IL". */
  state: string;
  /** Five-digit ZIP code in that state, e.g. "60601". */
  zip: string;
  /** `(AAA) NNN-NNNN`: an exchange local to the ZIP, with an area code of the state. */
  phone: string;
  /** Synthetic e-mail on a reserved domain. */
  email: string;
  /** Always "United States". */
  country: string;
}

/** Result of a batch: `count` equals `addresses.length`. */
export interface BatchResult {
  /** Number of addresses returned. */
  count: number;
  /** The generated addresses. */
  addresses: Address[];
}

/** A synthetic EIN, `XX-XXXXXXX` with a valid IRS campus prefix. */
export interface EinResult {
  /** E.g. "12-3456789". */
  ein: string;
}

/** One phone number in two notations. */
export interface PhoneResult {
  /** `(AAA) NNN-NNNN`. */
  phone: string;
  /** `+1 AAA-NNN-NNNN`, the same number. */
  intl: string;
}

/** Result of a ZIP lookup. */
export interface ZipLookupResult {
  /** The five-digit ZIP that was queried. */
  zip: string;
  /** Two-letter state code. */
  state: string;
  /** Full state name. */
  stateFull: string;
  /** The ZIP's city. */
  city: string;
}

/** The geographic fields `geo: true` adds to an address (docs/generator.md, "Geography"). */
export interface GeoFields {
  /** Latitude of a point in the ZIP's area and county, five decimals (WGS 84 degrees). */
  lat: number;
  /** Longitude of that point, five decimals. */
  lon: number;
  /** Name of the county the point lies in, e.g. "Cook" (Census 2017 boundaries). */
  county: string;
  /** Five-digit FIPS code of that county, e.g. "17031". */
  countyFips: string;
  /** IANA time zone at the point, e.g. "America/Chicago". */
  timeZone: string;
}

/** An address with `geo: true`: the eight fields, unchanged, then the five geographic ones. */
export interface AddressWithGeo extends Address, GeoFields {}

/** A batch with `geo: true`. */
export interface BatchWithGeo {
  /** Number of addresses returned. */
  count: number;
  /** The generated addresses, with their geographic fields. */
  addresses: AddressWithGeo[];
}

/** The geographic fields of a ZIP lookup: its centroid, county and time zone; null where the data has none (military ZIPs). */
export interface ZipGeoFields {
  /** Latitude of the ZIP's centroid (SimpleMaps, else GeoNames), five decimals. */
  lat: number | null;
  /** Longitude of the centroid. */
  lon: number | null;
  /** Name of the ZIP's county. */
  county: string | null;
  /** Five-digit FIPS code of the county. */
  countyFips: string | null;
  /** IANA time zone of the ZIP. */
  timeZone: string | null;
}

/** A ZIP lookup with `geo: true`. */
export interface ZipLookupWithGeo extends ZipLookupResult, ZipGeoFields {}

/**
 * One person of a household, with the household's address and its own phone and e-mail.
 * @example gen.householdAt(0).members[0].relationship // "householder"
 */
export interface HouseholdMember {
  /** UUID of the person, from (seed, household stream, index, position in the household). */
  id: string;
  /** The household's `id`. */
  householdId: string;
  /** Relationship to the householder. */
  relationship: HouseholdRelationship;
  /** First and last name, e.g. "Maria Garcia". */
  name: string;
  firstName: string;
  lastName: string;
  /** "F" or "M". */
  sex: 'F' | 'M';
  /** `YYYY-MM-DD`; ages as of 31 December of the birth data's reference year. */
  birthDate: string;
  /** The household's street line (line1 and line2). */
  street: string;
  city: string;
  state: string;
  zip: string;
  /** Own mobile `(AAA) NNN-NNNN`, local to the household's ZIP; '' below 13 years of age. */
  phone: string;
  /** Own e-mail on a reserved domain (or the generator's `emailDomain`); '' below 13 years of age. */
  email: string;
  /** Always "United States". */
  country: string;
}

/**
 * How a member is related to the householder.
 * @example gen.householdAt(0).members[0].relationship // "householder"
 */
export type HouseholdRelationship = 'householder' | 'spouse' | 'partner' | 'child' | 'relative' | 'roommate';

/**
 * A household: one address and one landline shared by its members.
 * @example gen.householdAt(7).size === gen.householdAt(7).members.length // true
 */
export interface Household {
  /** UUID of the household, from (seed, household stream, index). */
  id: string;
  /** Street line, e.g. "4821 N Oak St Apt 12" (line1 and line2). */
  street: string;
  line1: string;
  /** Unit, e.g. "Apt 12", or ''. */
  line2: string;
  city: string;
  state: string;
  zip: string;
  /** The landline `(AAA) NNN-NNNN`, local to the ZIP. */
  phone: string;
  /** Number of members, 1 to 7. */
  size: number;
  /** "family" when a member is related to the householder, else "nonfamily" (the Census Bureau's definition). */
  type: 'family' | 'nonfamily';
  /** The householder first, then the spouse or partner, children, relatives and roommates. */
  members: HouseholdMember[];
}

/**
 * Options of the household methods.
 * @example gen.households({ count: 10, state: 'OH' } satisfies HouseholdOptions & { count: number })
 */
export interface HouseholdOptions {
  /** Two-letter state, DC or territory code (any case); default: 50 states and DC by population. */
  state?: string;
}

/**
 * A company record: who it is (name, legal form, EIN, industry), where it is
 * (an address with its geography and a phone local to its ZIP), how to reach
 * it (a domain under names reserved for documentation), its size, founding
 * date and state of incorporation. Field rules: docs/related-records.md, "Companies".
 * @example const c: Company = gen.companyAt(0); c.email.endsWith('@' + c.domain) // true
 */
export interface Company {
  /** UUID of the company, from (seed, companies stream, index). */
  id: string;
  /** Full name with its legal form, e.g. "Harris Plumbing LLC". */
  name: string;
  /** LLC, Inc., Corp., Co., Ltd.; LLP, PLLC or PC for licensed professions; '' for none. */
  legalForm: string;
  /** EIN `XX-XXXXXXX`, unique within the stream. */
  ein: string;
  /** Six-digit NAICS code (2017 edition). */
  naics: string;
  naicsTitle: string;
  /**
   * A health care provider's NPI (entity type 2, an organisation: ten digits starting with 2, CMS's check digit),
   * unique within the stream; '' for a company of any other industry (docs/identifiers.md, "NPI").
   */
  npi: string;
  line1: string;
  /** "Suite 200", "Ste 110", or ''. */
  line2: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lon: number;
  county: string;
  countyFips: string;
  timeZone: string;
  /** `(AAA) NNN-NNNN`, an exchange local to the ZIP. */
  phone: string;
  /** A label derived from the name under example.com, example.net or example.org (RFC 2606). */
  domain: string;
  /** `https://www.` + domain. */
  website: string;
  /** info@, contact@ or sales@ the domain. */
  email: string;
  /** Headcount, 1 or more. */
  employees: number;
  /** YYYY-MM-DD. */
  founded: string;
  /** Two-letter code: the home state, or DE. */
  incorporationState: string;
}

/**
 * Options of the company methods.
 * @example gen.companies({ count: 10, state: 'TX' })
 */
export interface CompanyOptions {
  /** Two-letter state, DC or territory code (any case); default: 50 states and DC by population. */
  state?: string;
}

/**
 * A person who works for a company: lives within commuting distance of it,
 * has a job title of its sector and a work e-mail at its domain
 * (docs/related-records.md, "Employees").
 * @example gen.employeeAt(0, 0) // { id: '…', companyId: '…', title: 'Line Cook', name: 'Maria Garcia', …, email: 'maria.garcia@lakeside-grill.example' }
 */
export interface Employee {
  /** UUID of the employee (from the seed, the company's stream and index, and the employee's index). */
  id: string;
  /** The company's `id`. */
  companyId: string;
  /** Job title, from the occupations of the company's NAICS sector. */
  title: string;
  name: string;
  firstName: string;
  lastName: string;
  /** 'F' or 'M'. */
  sex: 'F' | 'M';
  /** YYYY-MM-DD: 18 to 69 years old on the birth index's reference date. */
  birthDate: string;
  /** Home street (with its unit, if any). */
  street: string;
  city: string;
  state: string;
  zip: string;
  /** Mobile phone, local to the home ZIP. */
  phone: string;
  /** Work e-mail: first.last at the company's domain, unique within the company. */
  email: string;
  country: string;
}

/**
 * Options of `employeeAt`: the companies stream the company is drawn from.
 * @example gen.employeeAt(12, 3, { state: 'TX' }) // employee 3 of company 12 of the Texas companies stream
 */
export interface EmployeeOptions {
  /** The company's stream (as `companyAt`'s `state`); default: the default draw. */
  state?: string;
}

/**
 * Options of `employees`: a page of one company's employees.
 * @example gen.employees({ company: 12, count: 100 }) // employees 0..99 (fewer if the company is smaller)
 */
export interface EmployeesOptions extends EmployeeOptions {
  /** The company's index in its stream. */
  company: number;
  /** How many employees, 0..MAX_PAGE; cut at the company's headcount. */
  count: number;
  /** First employee index (default 0). */
  start?: number;
}
