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

/** How a member is related to the householder. */
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

/** Options of the household methods. */
export interface HouseholdOptions {
  /** Two-letter state, DC or territory code (any case); default: 50 states and DC by population. */
  state?: string;
}
