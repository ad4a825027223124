import type { KeyEnvironment } from './api-key.js';
import type { NewKey } from './store.js';
import type { Tier, TierLimits } from './tiers.js';

/** A customer account: its plan and limits; people and keys belong to it. */
export interface AccountRecord {
  /** Account id. */
  id: number;
  /** Unique name (the owner's e-mail address for self-service accounts). */
  name: string;
  /** Plan. */
  tier: Tier;
  /** Requests per second. */
  rate: number;
  /** Records per calendar month (UTC). */
  monthlyQuota: number;
  /** Epoch ms of creation. */
  createdAt: number;
  /** Epoch ms from which the plan no longer serves (no paid plan; a past-due grace's end), or null: it serves. */
  planEndsAt: number | null;
}

/** A person who signs in to the dashboard; a member of one account. */
export interface PersonRecord {
  /** Person id. */
  id: number;
  /** The account the person belongs to. */
  accountId: number;
  /** E-mail address, lower-cased (the sign-in name). */
  email: string;
  /** argon2id PHC string, or null for a person who signs in another way (SSO). */
  passwordHash: string | null;
  /** Epoch ms when the address was verified, or null. */
  emailVerifiedAt: number | null;
  /** `owner` of a self-service account, or `member`. */
  role: 'owner' | 'member';
  /** Epoch ms of creation. */
  createdAt: number;
}

/** A dashboard session, found by the SHA-256 of its cookie value. */
export interface SessionRecord {
  /** The person signed in. */
  person: PersonRecord;
  /** Their account. */
  account: AccountRecord;
  /** The token state-changing requests of this session must carry (CSRF). */
  csrfToken: string;
  /** Epoch ms the session began. */
  createdAt: number;
  /** Epoch ms of the last request seen (to the minute). */
  lastSeenAt: number;
  /** Epoch ms after which the session ends whatever its use. */
  expiresAt: number;
}

/** What an e-mailed link is for. */
export type EmailTokenPurpose = 'verify' | 'reset';

/** Outcome of using an e-mailed link's token. */
export type EmailTokenUse = { status: 'ok'; personId: number } | { status: 'unknown' | 'used' | 'expired' };

/** A key as its account's owner sees it in the dashboard (never the secret). */
export interface AccountKeyListing {
  /** Key id. */
  id: string;
  /** The owner's name for the key (empty for operator-made keys). */
  name: string;
  /** `live` or `test`. */
  environment: KeyEnvironment;
  /** Epoch ms of creation. */
  createdAt: number;
  /** Epoch ms of the last authenticated request (to the minute), or null. */
  lastUsedAt: number | null;
  /** Epoch ms after which it stops working, or null. */
  expiresAt: number | null;
  /** Epoch ms of revocation, or null. */
  revokedAt: number | null;
}

/** A new key made by its owner: a name and an optional expiry. */
export interface NewAccountKey extends NewKey {
  /** The owner's name for the key. */
  name: string;
  /** Epoch ms after which it stops working, or null. */
  expiresAt: number | null;
}

/** A page of an account's keys: the keys after a position of the newest-first order. */
export interface KeyPage {
  /** Most keys to return. */
  limit: number;
  /** The last key of the previous page (its creation time and id), or none for the first page. */
  after?: { createdAt: number; id: string };
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

/**
 * The self-service side of the store: people, sessions, e-mailed links, keys
 * made by their owners, plans and per-day usage. Secrets never reach it:
 * sessions and links are found by SHA-256 digests, passwords are argon2id
 * hashes made before the call.
 * @example const person = await store.accounts.findPersonByEmail('ada@example.com');
 */
export interface AccountStore {
  /**
   * Creates an account (named by the e-mail) and its owner, unverified, on
   * `tier` (`none`: no paid plan yet), and with `verification` the first
   * verification link's token, all in one transaction (a failure leaves none
   * of it); 'exists' when the address is taken.
   */
  createOwner(email: string, passwordHash: string, tier: Tier | 'none', limits: TierLimits, now: number, verification?: { tokenDigest: Uint8Array; expiresAt: number }): Promise<PersonRecord | 'exists'>;
  /** The person with this (lower-cased) address. */
  findPersonByEmail(email: string): Promise<PersonRecord | undefined>;
  /** The person with this id. */
  findPerson(id: number): Promise<PersonRecord | undefined>;
  /** The account's people, by e-mail. */
  listPeople(accountId: number): Promise<PersonRecord[]>;
  /** Marks the person's address verified (once; later calls keep the first time). */
  markEmailVerified(personId: number, now: number): Promise<void>;
  /**
   * Marks the address verified and ends every session of the person but
   * `keep` (the one that followed the link, if any), in one transaction:
   * sessions begun before the mailbox was proven are not trusted after it.
   */
  confirmEmail(personId: number, now: number, keep?: Uint8Array): Promise<void>;
  /** Replaces the person's password hash and voids every outstanding reset link, in one transaction. */
  setPasswordHash(personId: number, passwordHash: string, now: number): Promise<void>;

  /**
   * Stores a session by the digest of its id; when the person then has more
   * than `maxSessions`, the oldest beyond it end, in the same transaction.
   */
  createSession(idDigest: Uint8Array, personId: number, csrfToken: string, now: number, expiresAt: number, maxSessions?: number): Promise<void>;
  /** The session with this digest, with its person and account; undefined when unknown. */
  findSession(idDigest: Uint8Array): Promise<SessionRecord | undefined>;
  /** Records activity on a session (idle expiry counts from here). */
  touchSession(idDigest: Uint8Array, now: number): Promise<void>;
  /** Ends one session. */
  deleteSession(idDigest: Uint8Array): Promise<void>;
  /** Ends every session of a person except, optionally, one; returns how many ended. */
  deleteSessionsOf(personId: number, except?: Uint8Array): Promise<number>;

  /** Stores an e-mailed link's token digest; earlier unused tokens of the same purpose stop working. */
  createEmailToken(tokenDigest: Uint8Array, personId: number, purpose: EmailTokenPurpose, now: number, expiresAt: number): Promise<void>;
  /** What using the token now would give, without using it. */
  checkEmailToken(tokenDigest: Uint8Array, purpose: EmailTokenPurpose, now: number): Promise<EmailTokenUse>;
  /** Uses a token once, atomically. */
  useEmailToken(tokenDigest: Uint8Array, purpose: EmailTokenPurpose, now: number): Promise<EmailTokenUse>;

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

  /**
   * Saves a key made by the account's owner; 'limit' (nothing saved) when the
   * account already has `maxWorkingKeys` keys that are neither revoked nor
   * expired. Concurrent calls for one account are serialised, so the cap holds.
   */
  createAccountKey(accountId: number, key: NewAccountKey, now: number, maxWorkingKeys?: number): Promise<'created' | 'limit'>;
  /** The account's keys, newest first (then by id); with `page`, at most `page.limit` of them after `page.after`. */
  listAccountKeys(accountId: number, page?: KeyPage): Promise<AccountKeyListing[]>;
  /** Revokes one of the account's keys; false when the account has no such key. */
  revokeAccountKey(accountId: number, keyId: string, now: number): Promise<boolean>;
  /**
   * Adds `next` with the old key's name and expiry and makes the old key end
   * at `graceEndsAt` (never later than its own expiry); false when the
   * account has no such key or it no longer works.
   */
  rollAccountKey(accountId: number, keyId: string, next: NewKey, graceEndsAt: number, now: number): Promise<boolean>;
  /** Records when keys were last used (epoch ms, to the minute). */
  touchKeys(lastUsed: ReadonlyMap<string, number>): Promise<void>;

  /** Adds per-day counts (records, refusals). */
  addUsageDays(deltas: readonly UsageDayDelta[]): Promise<void>;
  /** The account's days from `fromDay` to `toDay` inclusive (`YYYY-MM-DD`) that have any activity, oldest first. */
  usageDays(accountId: number, fromDay: string, toDay: string): Promise<UsageDay[]>;
}
