import { MAX_BATCH, MAX_INDEX, parseFieldList, UssynthError } from '../../src/browser.js';

/** The kinds of data the demo generates, as the form's radio values. */
export const DEMO_KINDS = ['address', 'batch', 'ein', 'phone', 'zip', 'company', 'household', 'employee'] as const;

/** One kind of data the demo generates. */
export type DemoKind = (typeof DEMO_KINDS)[number];

/** A checked request from the form. */
export interface DemoRequest {
  /** What to generate. */
  kind: DemoKind;
  /** The seed, surrounding spaces removed; undefined for a fresh random seed (and for a ZIP lookup, which has none). */
  seed: string | undefined;
  /** Records wanted (1 for `address` and `zip`). */
  count: number;
  /** Two-letter state, or undefined for any state (by population). */
  state: string | undefined;
  /** The ZIP to look up (kind `zip` only). */
  zip: string;
  /** With the geographic fields (set, true, only for kinds of KINDS_WITH_GEO when the box is ticked). */
  geo?: true;
  /** The field list (`field` or `column=field` entries), checked, for kinds of KINDS_WITH_FIELDS when one is given. */
  fields?: string;
  /** The company's index in the companies stream of `state` (kind `employee` only). */
  company?: number;
}

/** The form's raw text values. */
export interface DemoFormValues {
  kind: string;
  seed: string;
  count: string;
  state: string;
  zip: string;
  /** The "with coordinates" box. */
  geo?: boolean;
  /** The fields box: empty for the whole record. */
  fields?: string;
  /** The company index box (employees). */
  company?: string;
}

/** Bad form input: `field` names the control at fault. */
export class DemoInputError extends Error {
  constructor(
    readonly field: 'kind' | 'count' | 'seed' | 'fields' | 'company',
    message: string,
  ) {
    super(message);
    this.name = 'DemoInputError';
  }
}

/** Kinds whose form shows a count. */
export const KINDS_WITH_COUNT: readonly DemoKind[] = ['batch', 'ein', 'phone', 'company', 'household', 'employee'];

/** Kinds that draw at random, so take a seed and count against the free tier (a ZIP lookup reads the index). */
export const KINDS_WITH_SEED: readonly DemoKind[] = [
  'address',
  'batch',
  'ein',
  'phone',
  'company',
  'household',
  'employee',
];

/** Kinds whose form shows a state (for employees, the state of their company's stream). */
export const KINDS_WITH_STATE: readonly DemoKind[] = ['address', 'batch', 'phone', 'company', 'household', 'employee'];

/** Related records (issue 49): each made by its own maker over a small data file of its own, loaded on first use. */
export const RELATED_KINDS: readonly DemoKind[] = ['company', 'household', 'employee'];

/**
 * Free records one generated record of a kind uses: a household 3 (the API's quota counts it so: an address and
 * its people), anything else 1.
 * @example RECORD_COST.household // 3
 */
export const RECORD_COST: Readonly<Record<DemoKind, number>> = {
  address: 1,
  batch: 1,
  ein: 1,
  phone: 1,
  zip: 1,
  company: 1,
  household: 3,
  employee: 1,
};

/** Kinds that take a field list. */
export const KINDS_WITH_FIELDS: readonly DemoKind[] = ['address', 'batch'];

/** Kinds that take the geographic fields (lat, lon, county, countyFips, timeZone). */
export const KINDS_WITH_GEO: readonly DemoKind[] = ['address', 'batch', 'zip'];

/**
 * Checks the form's values. The state comes from a list of generatable
 * states and the ZIP is checked by the library, so only the kind, the
 * count (a whole number 1..1000, the per-request limit of the API) and an
 * employee's company index (a whole number 0..MAX_INDEX) are checked here;
 * the library checks the rest and its messages are shown.
 * @example parseDemoForm({ kind: 'batch', seed: ' 42 ', count: '10', state: 'CA', zip: '' }) // { kind: 'batch', seed: '42', count: 10, state: 'CA', zip: '' }
 */
export function parseDemoForm(values: DemoFormValues): DemoRequest {
  const kind = DEMO_KINDS.find((k) => k === values.kind);
  if (kind === undefined)
    throw new DemoInputError('kind', `Choose what to generate, got ${JSON.stringify(values.kind)}.`);
  let count = 1;
  if (KINDS_WITH_COUNT.includes(kind)) {
    const text = values.count.trim();
    count = /^[0-9]{1,7}$/.test(text) ? Number(text) : NaN;
    if (!(count >= 1 && count <= MAX_BATCH)) {
      throw new DemoInputError(
        'count',
        `Count must be a whole number from 1 to ${MAX_BATCH}, got ${JSON.stringify(values.count)}.`,
      );
    }
  }
  let company: number | undefined;
  if (kind === 'employee') {
    const text = (values.company ?? '').trim();
    company = /^[0-9]{1,16}$/.test(text) ? Number(text) : NaN;
    if (!(company >= 0 && company <= MAX_INDEX)) {
      throw new DemoInputError(
        'company',
        `Company must be a whole number from 0 to ${MAX_INDEX}, got ${JSON.stringify(values.company ?? '')}.`,
      );
    }
  }
  const seed = KINDS_WITH_SEED.includes(kind) ? values.seed.trim() : '';
  const fields = KINDS_WITH_FIELDS.includes(kind) ? (values.fields ?? '').trim() : '';
  if (fields !== '') {
    // The library's own check and message (unknown field, repeated or invalid column name).
    try {
      parseFieldList(fields);
    } catch (error) {
      if (error instanceof UssynthError)
        throw new DemoInputError('fields', error.message.charAt(0).toUpperCase() + error.message.slice(1) + '.');
      throw error;
    }
    if (values.geo === true)
      throw new DemoInputError(
        'fields',
        'Untick "With coordinates" when choosing fields: add lat, lon, county, countyFips or timeZone to the fields instead.',
      );
  }
  return {
    kind,
    seed: seed === '' ? undefined : seed,
    count,
    state: KINDS_WITH_STATE.includes(kind) && values.state !== '' ? values.state : undefined,
    zip: kind === 'zip' ? values.zip.trim() : '',
    ...(values.geo === true && KINDS_WITH_GEO.includes(kind) ? { geo: true as const } : {}),
    ...(fields !== '' ? { fields } : {}),
    ...(company !== undefined ? { company } : {}),
  };
}
