import type { TObject, TOptional } from 'typebox';
import { FIELD_NAMES, MAX_FIELDS, MAX_INDEX, MAX_SEED_LENGTH, SEED_PATTERN, SEED_RULE } from 'ussynth';
import type { ProblemCode } from '../error-codes/http-error-codes.js';

/** Default `count` of /v1/batch when omitted. */
export const DEFAULT_BATCH_COUNT = 10;

/** Largest `start`: the library's last record index; the routes hold `start + count - 1` to it as well (the library's `checkRange`). */
export const MAX_START = MAX_INDEX;

/** One query or path parameter: its schema, the rule a 400 states, and the code of that 400. */
export interface ParamSpec {
  /** JSON schema (validation, docs). */
  schema: Record<string, unknown>;
  /** The rule, stated in full in 400 details. */
  rule: string;
  /** Error code of a 400 about it. */
  code: ProblemCode;
}

/**
 * Every parameter of the API. Numbers and booleans are given in plain form
 * only (`1000`, not `1e3`, `+1000` or `01000`; `true`/`false`), never repeated.
 * @example PARAMS.count.schema // { type: 'integer', minimum: 1, maximum: 1000, default: 10 }
 */
export const PARAMS = {
  seed: {
    // The library's one seed rule, so every seed the library takes replays here.
    schema: {
      type: 'string',
      pattern: SEED_PATTERN,
      description: `Seed of the stream: 1..${MAX_SEED_LENGTH} printable ASCII characters, spaces allowed but not first or last (the library's rule; URL-encode it). Omitted: a random one is used. Either way it is returned in X-Ussynth-Seed; the same seed and parameters give an identical body.`,
    },
    rule: `${SEED_RULE.replace(' or a finite number', '')}, given once`,
    code: 'invalid_seed',
  },
  state: {
    schema: {
      type: 'string',
      pattern: '^[A-Za-z]{2}$',
      description: 'Two-letter state, DC or territory code (PR, GU, VI, AS, MP), any case.',
    },
    rule: 'state must be a two-letter US state, DC or territory code such as "CA", given once',
    code: 'invalid_state',
  },
  count: {
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      default: DEFAULT_BATCH_COUNT,
      description: `Number of records, 1..1000 in plain digits; default ${DEFAULT_BATCH_COUNT}. Each record counts as one of the monthly quota.`,
    },
    rule: `count must be a whole number from 1 to 1000 in plain digits (default ${DEFAULT_BATCH_COUNT}), given once`,
    code: 'invalid_count',
  },
  start: {
    schema: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_START,
      default: 0,
      description: `Offset of the first record in the seeded stream, to page it: start=1000&count=1000 is records 1000..1999. The last record, start + count - 1, is at most ${MAX_START} (2^53 - 1).`,
    },
    rule: `start must be a whole number from 0 to ${MAX_START} in plain digits, given once, with start + count - 1 at most ${MAX_START}`,
    code: 'invalid_index',
  },
  fictional: {
    schema: {
      type: 'boolean',
      description:
        'true: phone numbers in the fictional 555-0100..555-0199 range (nothing else changes). Default false.',
    },
    rule: 'fictional must be true or false, given once',
    code: 'invalid_parameter',
  },
  geo: {
    schema: {
      type: 'boolean',
      description:
        'true: add lat, lon (five decimals), county, countyFips and timeZone after the other fields (docs/generator.md, "Geography"); nothing else changes. Default false.',
    },
    rule: 'geo must be true or false, given once',
    code: 'invalid_parameter',
  },
  fields: {
    // Checked by the library (invalid_fields naming the entry at fault and listing the valid fields); the schema takes any text.
    schema: {
      type: 'string',
      maxLength: 4096,
      description: `Only these fields, in this order: comma-separated entries \`field\` or \`column=field\` (\`id=uuid,first_name=firstName,email\`), at most ${MAX_FIELDS}. Each field is one of the fieldName schema's enum: ${FIELD_NAMES.join(', ')}. A column name is letters, digits and _, not starting with a digit, at most 63 characters, used once (compared without case), and not __proto__, constructor or prototype. Not with geo=true (name the geographic fields instead). A record of more than 8 entries uses ceil(entries / 8) records of quota (docs/api.md). docs/generator.md, "Fields", gives each field's meaning.`,
    },
    rule: `fields must be comma-separated \`field\` or \`column=field\` entries, each field one of ${FIELD_NAMES.join(', ')}, given once`,
    code: 'invalid_fields',
  },
  index: {
    schema: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_START,
      description: `Index of the company in the seeded company stream of \`state\` (record \`index\` of what /v1/companies pages with the same seed and state), 0..${MAX_START} in plain digits.`,
    },
    rule: `index must be a whole number from 0 to ${MAX_START} in plain digits`,
    code: 'invalid_index',
  },
  zip: {
    schema: { type: 'string', pattern: '^[0-9]{5}$', description: 'Five-digit ZIP code.' },
    rule: 'zip must be exactly five digits',
    code: 'invalid_zip',
  },
} as const satisfies Record<string, ParamSpec>;

/** Name of a parameter. */
export type ParamName = keyof typeof PARAMS;

// A parameter with a `default` is always set once validated (the app's AJV runs with useDefaults),
// so the handler's type has it required; the others may be absent. Derived from PARAMS, never by hand.
type ParamSchema<Name extends ParamName> = (typeof PARAMS)[Name]['schema'];
type QueryProperty<Name extends ParamName> =
  ParamSchema<Name> extends { default: unknown } ? ParamSchema<Name> : TOptional<ParamSchema<Name>>;

/** The querystring schema of the named parameters, as a TypeBox type: a route's `request.query` is its Static. */
export type QuerySchema<Name extends ParamName> = TObject<{ [K in Name]: QueryProperty<K> }>;

/** The path-parameter schema of the named parameters, all required, as a TypeBox type. */
export type PathSchema<Name extends ParamName> = TObject<{ [K in Name]: ParamSchema<K> }>;

// Both are plain JSON Schema objects typed as TypeBox schemas rather than built with TypeBox's builders, which
// would load some 130 ms of modules at every start for these objects; server/test/schemas/params.test.ts holds the JSON
// and the types together.

/**
 * A querystring/params object schema over the named parameters; unknown parameters are refused.
 * Its TypeBox type gives a route's `request.query` (@fastify/type-provider-typebox).
 * @example querystringOf('count', 'state', 'seed')
 */
export function objectOf<Name extends ParamName>(...names: Name[]): QuerySchema<Name> {
  const schema: Record<string, unknown> = {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(names.map((name) => [name, PARAMS[name].schema])),
  };
  return schema as unknown as QuerySchema<Name>;
}

/**
 * Same as objectOf, with every parameter required (path parameters).
 * @example paramsOf('zip')
 */
export function requiredObjectOf<Name extends ParamName>(...names: Name[]): PathSchema<Name> {
  const schema: Record<string, unknown> = { ...objectOf(...names), required: names };
  return schema as unknown as PathSchema<Name>;
}
