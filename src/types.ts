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
