import { MAX_BATCH, parseFieldList, UssynthError } from '../../src/browser.js';

/** The kinds of data the demo generates, as the form's radio values. */
export const DEMO_KINDS = ['address', 'batch', 'ein', 'phone', 'zip'] as const;

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
}

/** Bad form input: `field` names the control at fault. */
export class DemoInputError extends Error {
  constructor(
    readonly field: 'kind' | 'count' | 'seed' | 'fields',
    message: string,
  ) {
    super(message);
    this.name = 'DemoInputError';
  }
}

/** Kinds whose form shows a count. */
export const KINDS_WITH_COUNT: readonly DemoKind[] = ['batch', 'ein', 'phone'];

/** Kinds that draw at random, so take a seed and count against the free tier (a ZIP lookup reads the index). */
export const KINDS_WITH_SEED: readonly DemoKind[] = ['address', 'batch', 'ein', 'phone'];

/** Kinds whose form shows a state. */
export const KINDS_WITH_STATE: readonly DemoKind[] = ['address', 'batch', 'phone'];

/** Kinds that take a field list. */
export const KINDS_WITH_FIELDS: readonly DemoKind[] = ['address', 'batch'];

/** Kinds that take the geographic fields (lat, lon, county, countyFips, timeZone). */
export const KINDS_WITH_GEO: readonly DemoKind[] = ['address', 'batch', 'zip'];

/**
 * Checks the form's values. The state comes from a list of generatable
 * states and the ZIP is checked by the library, so only the kind and the
 * count (a whole number 1..1000, the per-request limit of the API) are
 * checked here; the library checks the rest and its messages are shown.
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
  };
}
