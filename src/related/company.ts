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
