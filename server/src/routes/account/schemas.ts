import { Type, type TObject, type TProperties } from 'typebox';

/**
 * A JSON request body of the given fields, each required unless wrapped in
 * `Type.Optional`; no others accepted (a typo is refused, not ignored). A TypeBox
 * schema, so the route's `request.body` takes its type from it.
 * @example body({ email: STRING, password: STRING })
 */
export function body<const Properties extends TProperties>(properties: Properties): TObject<Writable<Properties>> {
  const fields: Writable<Properties> = properties;
  return Type.Object(fields, { additionalProperties: false });
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
    status: { type: 'string', enum: ['active', 'expiring', 'expired', 'revoked'], description: '`expiring`: works until `expiresAt`.' },
  },
} as const;

/** The usage summary of `/account/v1/usage` and `/v1/usage`. */
export const USAGE_SCHEMA = {
  type: 'object',
  required: ['plan', 'rate', 'month', 'used', 'quota', 'remaining', 'resetsAt', 'refused', 'days'],
  properties: {
    plan: { type: 'string', enum: ['none', 'standard', 'pro', 'enterprise'], description: '`none`: no paid plan (API calls answer 402).' },
    rate: { type: 'integer', description: 'Requests per second.' },
    month: { type: 'string', description: 'Calendar month (UTC), YYYY-MM.' },
    used: { type: 'integer', description: 'Records used this month (what the quota counts).' },
    quota: { type: 'integer', description: 'Records per month.' },
    remaining: { type: 'integer' },
    resetsAt: ISO_TIME,
    refused: {
      type: 'object',
      required: ['rate_limited', 'quota_exceeded', 'subscription_required'],
      properties: { rate_limited: { type: 'integer' }, quota_exceeded: { type: 'integer' }, subscription_required: { type: 'integer', description: 'Refused with 402: the account had no paid plan.' } },
      description: 'Requests refused this month, by reason.',
    },
    days: {
      type: 'array',
      description: 'The last 30 UTC days, oldest first (records, refused requests).',
      items: {
        type: 'object',
        required: ['day', 'records', 'rateLimited', 'quotaExceeded', 'subscriptionRequired'],
        properties: { day: { type: 'string' }, records: { type: 'integer' }, rateLimited: { type: 'integer' }, quotaExceeded: { type: 'integer' }, subscriptionRequired: { type: 'integer' } },
      },
    },
  },
} as const;
