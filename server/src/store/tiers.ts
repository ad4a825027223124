/** The paid tiers of the service. */
export const TIERS = ['standard', 'pro', 'enterprise'] as const;

/** One paid tier. */
export type Tier = (typeof TIERS)[number];

/** An account's limits: requests per second (token bucket, burst of one second) and records per calendar month (UTC). */
export interface TierLimits {
  /** Requests per second; the bucket holds this many tokens (one second of burst). */
  rate: number;
  /** Records per calendar month in UTC (a batch of N uses N, other endpoints 1). */
  monthlyQuota: number;
}

/** Fixed limits of Standard and Pro; Enterprise values are set per account by the operator. */
export const TIER_LIMITS: Readonly<Record<Exclude<Tier, 'enterprise'>, TierLimits>> = {
  standard: { rate: 10, monthlyQuota: 100_000 },
  pro: { rate: 50, monthlyQuota: 1_000_000 },
};

/**
 * Whether a string names a tier.
 * @example isTier('pro') // true
 */
export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}
