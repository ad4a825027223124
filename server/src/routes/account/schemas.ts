/**
 * The JSON Schema of a closed request body, typed as it is written: TypeBox infers `request.body` from
 * this very object type (its `required` tuple included), so the handler's type cannot drift from it.
 */
export interface BodySchema<Properties, Required extends readonly string[]> {
  type: 'object';
  additionalProperties: false;
  required: Required;
  properties: Properties;
}

/**
 * A JSON request body of string (or the given) fields: required ones listed,
 * no others accepted (a typo is refused, not ignored).
 * @example body({ email: STRING, password: STRING }, ['email', 'password'])
 */
export function body<
  const Properties extends Record<string, object>,
  const Required extends readonly (keyof Properties & string)[],
>(properties: Properties, required: Required): BodySchema<Writable<Properties>, Required> {
  return { type: 'object', additionalProperties: false, required, properties };
}

// `const` inference reads the fields as readonly, which would make every `request.body` field readonly too.
type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** A string field. */
export const STRING = { type: 'string' } as const;

/** An ISO 8601 time field (output). */
export const ISO_TIME = { type: 'string', format: 'date-time' } as const;

/** An ISO time or null (output). */
export const ISO_TIME_OR_NULL = { type: ['string', 'null'], format: 'date-time' } as const;

/** A response that only says what happens next. */
export const ACCEPTED_SCHEMA = {
  description: 'Accepted; the same answer whether or not the address has an account',
  type: 'object',
  required: ['status', 'detail'],
  properties: { status: STRING, detail: STRING },
} as const;

/** A key as the owner sees it (never the secret). */
export const KEY_LISTING_SCHEMA = {
  type: 'object',
  required: ['id', 'name', 'environment', 'createdAt', 'lastUsedAt', 'expiresAt', 'revokedAt', 'status'],
  properties: {
    id: STRING,
    name: STRING,
    environment: { type: 'string', enum: ['live', 'test'] },
    createdAt: ISO_TIME,
    lastUsedAt: { ...ISO_TIME_OR_NULL, description: 'Last authenticated request, to the minute.' },
    expiresAt: ISO_TIME_OR_NULL,
    revokedAt: ISO_TIME_OR_NULL,
    status: {
      type: 'string',
      enum: ['active', 'expiring', 'expired', 'revoked'],
      description: '`expiring`: works until `expiresAt`.',
    },
  },
} as const;

/** The usage summary of `/account/v1/usage` and `/v1/usage`. */
export const USAGE_SCHEMA = {
  type: 'object',
  required: ['plan', 'rate', 'month', 'used', 'quota', 'remaining', 'resetsAt', 'refused', 'days', 'quotaNotices'],
  properties: {
    plan: {
      type: 'string',
      enum: ['none', 'standard', 'pro', 'enterprise'],
      description: '`none`: no paid plan (API calls answer 402).',
    },
    rate: { type: 'integer', description: 'Requests per second.' },
    month: { type: 'string', description: 'Calendar month (UTC), YYYY-MM.' },
    used: { type: 'integer', description: 'Records used this month (what the quota counts).' },
    quota: { type: 'integer', description: 'Records per month.' },
    remaining: { type: 'integer' },
    resetsAt: ISO_TIME,
    refused: {
      type: 'object',
      required: ['rate_limited', 'quota_exceeded', 'subscription_required'],
      properties: {
        rate_limited: { type: 'integer' },
        quota_exceeded: { type: 'integer' },
        subscription_required: { type: 'integer', description: 'Refused with 402: the account had no paid plan.' },
      },
      description: 'Requests refused this month, by reason.',
    },
    quotaNotices: {
      type: 'object',
      required: ['enabled', 'thresholds', 'sent'],
      description: 'E-mails to the owners when the month passes these shares of the quota, once each per month.',
      properties: {
        enabled: {
          type: 'boolean',
          description: 'Whether the owners get them (they can turn them off on the dashboard).',
        },
        thresholds: {
          type: 'array',
          items: { type: 'integer' },
          description: 'Percent of the monthly quota: 80 and 100.',
        },
        sent: { type: 'array', items: { type: 'integer' }, description: 'The thresholds already e-mailed this month.' },
      },
    },
    days: {
      type: 'array',
      description: 'The last 30 UTC days, oldest first (records, refused requests).',
      items: {
        type: 'object',
        required: ['day', 'records', 'rateLimited', 'quotaExceeded', 'subscriptionRequired'],
        properties: {
          day: { type: 'string' },
          records: { type: 'integer' },
          rateLimited: { type: 'integer' },
          quotaExceeded: { type: 'integer' },
          subscriptionRequired: { type: 'integer' },
        },
      },
    },
  },
} as const;
