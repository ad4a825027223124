import type { Tier, TierLimits } from './tiers.js';

/** A customer account: its plan and limits; people and keys belong to it. */
export interface AccountRecord {
  /** Account id. */
  id: number;
  /** Unique name (the owner's e-mail address for self-service accounts). */
  name: string;
  /** The tier whose limits the account has (its plan, or its last plan's when it has none). */
  tier: Tier;
  /** Requests per second. */
  rate: number;
  /** Records per calendar month (UTC). */
  monthlyQuota: number;
  /** Epoch ms of creation. */
  createdAt: number;
  /** Epoch ms from which its plan no longer serves (a past-due grace's end), or null: it serves. */
  planEndsAt: number | null;
  /** Epoch ms since which the account has had no paid plan (never subscribed, canceled, ended by the operator), or null: it has one. */
  noPlanSince: number | null;
}

/** A plan change as the billing side approved it. */
export interface PlanChange {
  /** The new plan, or `none`: the account keeps its last plan's name and limits but no longer serves (402). */
  tier: Tier | 'none';
  /** Its limits. */
  limits: TierLimits;
  /** Epoch ms of the change. */
  at: number;
  /** Who asked: a person's id, or null for the operator. */
  byPersonId: number | null;
  /** Its source: `operator` (the command line), `sign-up`, or `stripe:<event id>`. */
  approvedBy: string;
  /** For a plan that serves until a time (a past-due grace), that time; default null (it serves). */
  endsAt?: number | null;
}

/** An account as the operator's `ussynth-server accounts list` shows it. */
export interface AccountListing extends AccountRecord {
  /** Records used in the period asked for. */
  used: number;
  /** People who can sign in. */
  people: number;
  /** Keys neither revoked nor expired. */
  activeKeys: number;
}

/** One UTC day of an account's activity. */
export interface UsageDay {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  /** Records debited. */
  records: number;
  /** Requests refused by the rate limit. */
  rateLimited: number;
  /** Requests refused because the monthly quota was used up. */
  quotaExceeded: number;
  /** Requests refused because the account had no paid plan (402). */
  subscriptionRequired: number;
}

/** Counts to add to one account's day (the activity recorder flushes these in batches). */
export interface UsageDayDelta extends UsageDay {
  /** The account. */
  accountId: number;
}

/**
 * Accounts, their plans and their per-day usage (the monthly totals the quota enforces stay on `Store`).
 * @example await store.accounts.changePlan(7, { tier: 'pro', limits: TIER_LIMITS.pro, at: Date.now(), byPersonId: null, approvedBy: 'operator' });
 */
export interface AccountStore {
  /** The account with this id (deleted accounts are gone). */
  findAccount(id: number): Promise<AccountRecord | undefined>;
  /** The account with this name. */
  findAccountByName(name: string): Promise<AccountRecord | undefined>;
  /** Every account with its usage in `period`, people and active keys, sorted by name. */
  listAccounts(period: string, now: number): Promise<AccountListing[]>;
  /** Changes an account's plan and limits and records the change. */
  changePlan(accountId: number, change: PlanChange): Promise<void>;
  /** Revokes every key, removes people, sessions and links, and renames the account so its name can be used again. */
  deleteAccount(accountId: number, now: number): Promise<void>;
  /** Adds per-day counts (records, refusals). */
  addUsageDays(deltas: readonly UsageDayDelta[]): Promise<void>;
  /** The account's days from `fromDay` to `toDay` inclusive (`YYYY-MM-DD`) that have any activity, oldest first. */
  usageDays(accountId: number, fromDay: string, toDay: string): Promise<UsageDay[]>;
}
