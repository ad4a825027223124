import type { Tier, TierLimits } from './tiers.js';

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

/** What an e-mailed link is for. */
export type EmailTokenPurpose = 'verify' | 'reset';

/** Outcome of using an e-mailed link's token. */
export type EmailTokenUse = { status: 'ok'; personId: number } | { status: 'unknown' | 'used' | 'expired' };

/**
 * People who sign in to the dashboard and the links e-mailed to them. Secrets never reach it: links are found by
 * SHA-256 digests, passwords are argon2id hashes made before the call.
 * @example const person = await store.people.findPersonByEmail('ada@example.com');
 */
export interface PeopleStore {
  /**
   * Creates an account (named by the e-mail) and its owner, unverified, on
   * `tier` (`none`: no paid plan yet), and with `verification` the first
   * verification link's token, all in one transaction (a failure leaves none
   * of it); 'exists' when the address is taken.
   */
  createOwner(
    email: string,
    passwordHash: string,
    tier: Tier | 'none',
    limits: TierLimits,
    now: number,
    verification?: { tokenDigest: Uint8Array; expiresAt: number },
  ): Promise<PersonRecord | 'exists'>;
  /** The person with this (lower-cased) address. */
  findPersonByEmail(email: string): Promise<PersonRecord | undefined>;
  /** The person with this id. */
  findPerson(id: number): Promise<PersonRecord | undefined>;
  /** The account's people, by e-mail. */
  listPeople(accountId: number): Promise<PersonRecord[]>;
  /** Marks the person's address verified (once; later calls keep the first time). */
  markEmailVerified(personId: number, now: number): Promise<void>;
  /**
   * Marks the address verified and ends every session of the person, in one
   * transaction: sessions begun before the mailbox was proven are not trusted
   * after it (the browser that followed the link gets a new one).
   */
  confirmEmail(personId: number, now: number): Promise<void>;
  /** Replaces the person's password hash and voids every outstanding reset link, in one transaction. */
  setPasswordHash(personId: number, passwordHash: string, now: number): Promise<void>;
  /** Stores an e-mailed link's token digest; earlier unused tokens of the same purpose stop working. */
  createEmailToken(
    tokenDigest: Uint8Array,
    personId: number,
    purpose: EmailTokenPurpose,
    now: number,
    expiresAt: number,
  ): Promise<void>;
  /** What using the token now would give, without using it. */
  checkEmailToken(tokenDigest: Uint8Array, purpose: EmailTokenPurpose, now: number): Promise<EmailTokenUse>;
  /** Uses a token once, atomically. */
  useEmailToken(tokenDigest: Uint8Array, purpose: EmailTokenPurpose, now: number): Promise<EmailTokenUse>;
}
