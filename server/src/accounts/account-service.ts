import { calendarMonth } from '../limits/calendar-month.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { escapedText } from '../escaped-text.js';
import { ProblemError } from '../problem/problem-error.js';
import type { KeyCache } from '../access/key-cache.js';
import type { AccountKeyListing, AccountRecord, PersonRecord, SessionRecord, UsageDay } from '../store/account-store.js';
import { mintKey } from '../store/api-key.js';
import type { Store } from '../store/store.js';
import { TIER_LIMITS } from '../store/tiers.js';
import { ACCOUNT_CAPS } from './account-caps.js';
import { alreadyRegisteredEmail, resetEmail, RESET_LINK_HOURS, verifyEmail, VERIFY_LINK_HOURS } from './account-emails.js';
import type { ActivityRecorder } from './activity-recorder.js';
import type { AuthAction, AuthThrottle } from './auth-throttle.js';
import { isSelfServiceTier, servingPlan, type AccountBilling, type Billing, type PlanOffer } from './billing.js';
import { emailDomain, emailProblem, normalizeEmail } from './email-address.js';
import { hashPassword, verifyPassword } from './password-hasher.js';
import { passwordProblem } from './password-policy.js';
import { isTokenShaped, newSecretToken, tokenDigest } from './secret-token.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Session lifetimes: idle (since the last request) and absolute (since sign-in). */
export const SESSION_IDLE_MS = 2 * HOUR_MS;
/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_MS = 12 * HOUR_MS;
/** Longest key name. */
export const MAX_KEY_NAME_LENGTH = 64;
/** Longest grace a rolled key may keep working (30 days). */
export const MAX_ROLL_GRACE_SECONDS = 30 * 86_400;
/** Days shown in the usage chart (today and the 29 before, UTC). */
export const USAGE_CHART_DAYS = 30;
// A session's last-seen time is written at most this often (idle expiry is to the minute).
const TOUCH_EVERY_MS = 60_000;

/** A signed-in session as a route uses it: the record and the cookie value's digest. */
export interface CurrentSession extends SessionRecord {
  /** SHA-256 of the cookie value (the store's key for the session). */
  idDigest: Uint8Array;
}

/** The usage summary of `/account/v1/usage` and `/v1/usage`. */
export interface UsageSummary {
  /** The account's plan now (`none`: no paid plan; API calls answer 402). */
  plan: AccountRecord['tier'] | 'none';
  /** Requests per second. */
  rate: number;
  /** Calendar month, `YYYY-MM` (UTC). */
  month: string;
  /** Records used this month (exact: what the quota enforces). */
  used: number;
  /** Records per month. */
  quota: number;
  /** Records left this month. */
  remaining: number;
  /** ISO time the month resets. */
  resetsAt: string;
  /** Requests refused this month, by reason. */
  refused: { rate_limited: number; quota_exceeded: number; subscription_required: number };
  /** The last 30 UTC days, oldest first, zero-filled. */
  days: UsageDay[];
}

/** What the service needs; injected so tests use real parts on temporary files. */
export interface AccountServiceDeps {
  store: Store;
  mailer: Mailer;
  billing: Billing;
  throttle: AuthThrottle;
  activity: ActivityRecorder;
  clock: () => number;
  /** The public base URL (links in e-mails, the dashboard's base URL). */
  publicUrl: () => string;
  /** Reports a failure that happened after the answer was sent (a background e-mail). */
  onBackgroundError: (what: string, error: unknown) => void;
  /** This instance's key cache: a revocation or deletion drops its entries, so the next request is refused. */
  keys?: Pick<KeyCache, 'forget' | 'forgetAccount'>;
}

/**
 * The account use cases behind `/account/v1`: sign-up with e-mail
 * verification, sign-in, sessions, password reset and change, deletion,
 * plans, keys and usage. Answers are the same for known and unknown
 * addresses (no enumeration); failures are ProblemErrors from the catalogue.
 * @example const { sessionId } = await accounts.signIn('ada@example.com', 'correct horse battery staple', '127.0.0.1');
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /** Where account e-mail went when it does not reach a mailbox (the outbox without SMTP), for the pages; else undefined. */
  get mailNotice(): string | undefined {
    return this.deps.mailer.notice;
  }

  /**
   * Creates an account with its owner, unverified, on the billing's sign-up
   * plan (none until paid with Stripe; USSYNTH_DEFAULT_PLAN without), and mails the
   * verification link; for an address that has an account, mails a notice
   * instead. The caller cannot tell which happened.
   */
  async signUp(emailText: unknown, password: unknown, ip: string): Promise<void> {
    const email = requireEmail(emailText);
    await this.throttled('signup', ip, email);
    await this.refuseSsoDomain(email);
    const problem = passwordProblem(password, email);
    if (problem) throw new ProblemError('invalid_password', problem, { param: 'password' });
    // Hashed in both cases, so both take as long.
    const hash = await hashPassword(password as string);
    const now = this.deps.clock();
    // The account, its owner and the first link's token are stored in one transaction: a failure leaves none of them.
    const token = newSecretToken();
    const plan = this.deps.billing.signUpPlan;
    const created = await this.deps.store.accounts.createOwner(email, hash, plan, TIER_LIMITS[plan === 'none' ? 'standard' : plan], now, { tokenDigest: tokenDigest(token), expiresAt: now + VERIFY_LINK_HOURS * HOUR_MS });
    if (created === 'exists') return this.mail(alreadyRegisteredEmail(this.deps.publicUrl(), email));
    await this.mail(verifyEmail(this.deps.publicUrl(), created.email, token));
  }

  /** Mails a new verification link to an unverified address (nothing for others; the same answer). */
  async resendVerification(emailText: unknown, ip: string): Promise<void> {
    const email = requireEmail(emailText);
    await this.throttled('mail', ip, email);
    const person = await this.deps.store.accounts.findPersonByEmail(email);
    if (!person || person.emailVerifiedAt !== null || person.passwordHash === null) return;
    this.inBackground('verification e-mail', async () => this.mail(await this.verifyMessage(person, this.deps.clock())));
  }

  /**
   * Uses a verification link's token, and ends every session of that person
   * except the one that followed the link (when it is theirs): whoever signed
   * in before the mailbox was proven (someone who pre-registered another's
   * address) is signed out the moment its owner confirms it.
   */
  async verifyEmail(token: unknown, sessionId?: string): Promise<void> {
    const personId = await this.useLink(token, 'verify');
    const own = isTokenShaped(sessionId) ? await this.deps.store.accounts.findSession(tokenDigest(sessionId)) : undefined;
    await this.deps.store.accounts.confirmEmail(personId, this.deps.clock(), own?.person.id === personId ? tokenDigest(sessionId!) : undefined);
  }

  /** Checks the password and starts a session; returns the cookie value (shown to nobody else) and the session. */
  async signIn(emailText: unknown, password: unknown, ip: string): Promise<{ sessionId: string; session: CurrentSession }> {
    const email = requireEmail(emailText);
    if (typeof password !== 'string' || password.length === 0) throw new ProblemError('invalid_password', 'password is required', { param: 'password' });
    // Consume first: the attempt is counted before the password is checked, so concurrent guesses cannot all pass.
    await this.throttled('signin', ip, email);
    let person: PersonRecord | undefined;
    try {
      await this.refuseSsoDomain(email);
      person = await this.deps.store.accounts.findPersonByEmail(email);
    } catch (error) {
      // No password was checked: the attempt is given back.
      await this.deps.throttle.refund(email).catch(() => {});
      throw error;
    }
    // An unknown address costs one argon2 verification too (verifyPassword's fixed hash): same time, same answer.
    if (!(await verifyPassword(person?.passwordHash ?? null, password)) || !person) {
      throw new ProblemError('invalid_credentials', 'the e-mail address or the password is wrong');
    }
    await this.deps.throttle.succeeded(email);
    return this.startSession(person);
  }

  /** Starts a session for a person whose identity was established (password or SSO). */
  async startSession(person: PersonRecord): Promise<{ sessionId: string; session: CurrentSession }> {
    const now = this.deps.clock();
    const sessionId = newSecretToken();
    const idDigest = tokenDigest(sessionId);
    await this.deps.store.accounts.createSession(idDigest, person.id, newSecretToken(), now, now + SESSION_ABSOLUTE_MS, ACCOUNT_CAPS.sessionsPerPerson);
    let session: SessionRecord | undefined;
    try {
      session = await this.deps.store.accounts.findSession(idDigest);
    } catch (error) {
      // Its cookie is never sent: end the session rather than leave it behind (best effort, the store is failing).
      await this.deps.store.accounts.deleteSession(idDigest).catch(() => {});
      throw error;
    }
    if (!session) throw new ProblemError('service_unavailable', 'the session could not be read back');
    return { sessionId, session: { ...session, idDigest } };
  }

  /**
   * The live session of a cookie value, or a `not_signed_in` problem (no
   * cookie, unknown, idle or past its absolute end; an ended one is deleted).
   */
  async session(sessionId: string | undefined): Promise<CurrentSession> {
    if (!isTokenShaped(sessionId)) throw new ProblemError('not_signed_in', 'sign in first: this request needs a dashboard session');
    const idDigest = tokenDigest(sessionId);
    const session = await this.deps.store.accounts.findSession(idDigest);
    if (!session) throw new ProblemError('not_signed_in', 'the session has ended; sign in again');
    const now = this.deps.clock();
    if (now >= session.expiresAt || now >= session.lastSeenAt + SESSION_IDLE_MS) {
      await this.deps.store.accounts.deleteSession(idDigest);
      throw new ProblemError('not_signed_in', 'the session has expired; sign in again');
    }
    if (now - session.lastSeenAt >= TOUCH_EVERY_MS) await this.deps.store.accounts.touchSession(idDigest, now);
    return { ...session, idDigest };
  }

  /** Ends one session (sign out). */
  async signOut(sessionId: string | undefined): Promise<void> {
    if (isTokenShaped(sessionId)) await this.deps.store.accounts.deleteSession(tokenDigest(sessionId));
  }

  /** Ends every session of the person, this one included. */
  async signOutEverywhere(session: CurrentSession): Promise<number> {
    return this.deps.store.accounts.deleteSessionsOf(session.person.id);
  }

  /** Mails a reset link to a password account's address (nothing for unknown ones; the same answer). */
  async forgotPassword(emailText: unknown, ip: string): Promise<void> {
    const email = requireEmail(emailText);
    await this.throttled('mail', ip, email);
    const person = await this.deps.store.accounts.findPersonByEmail(email);
    if (!person || person.passwordHash === null) return;
    this.inBackground('password reset e-mail', async () => {
      const now = this.deps.clock();
      const token = newSecretToken();
      await this.deps.store.accounts.createEmailToken(tokenDigest(token), person.id, 'reset', now, now + RESET_LINK_HOURS * HOUR_MS);
      await this.mail(resetEmail(this.deps.publicUrl(), person.email, token));
    });
  }

  /** Sets a new password from a reset link and ends every session (the link proves the mailbox; the address is verified). */
  async resetPassword(token: unknown, password: unknown): Promise<void> {
    if (typeof password !== 'string') throw new ProblemError('invalid_password', 'password must be a string', { param: 'password' });
    if (!isTokenShaped(token)) throw new ProblemError('link_invalid', 'this reset link is not one we sent; ask for a new one');
    const personId = await this.peekLink(token, 'reset');
    const person = await this.deps.store.accounts.findPerson(personId);
    if (!person) throw new ProblemError('link_invalid', 'this reset link belongs to an account that no longer exists');
    // Checked before the link is used up, so a refused password leaves the link working.
    const problem = passwordProblem(password, person.email);
    if (problem) throw new ProblemError('invalid_password', problem, { param: 'password' });
    const hash = await hashPassword(password);
    await this.useLink(token, 'reset');
    await this.deps.store.accounts.setPasswordHash(person.id, hash, this.deps.clock());
    await this.deps.store.accounts.markEmailVerified(person.id, this.deps.clock());
    await this.deps.store.accounts.deleteSessionsOf(person.id);
  }

  /** Changes the password after checking the current one; other sessions end, this one stays, and reset links mailed earlier stop working. */
  async changePassword(session: CurrentSession, current: unknown, next: unknown): Promise<void> {
    await this.requirePassword(session, current, 'current');
    const problem = passwordProblem(next, session.person.email);
    if (problem) throw new ProblemError('invalid_password', problem.replace(/^password/, 'new password'), { param: 'new' });
    await this.deps.store.accounts.setPasswordHash(session.person.id, await hashPassword(next as string), this.deps.clock());
    await this.deps.store.accounts.deleteSessionsOf(session.person.id, session.idDigest);
  }

  /** Deletes the account after checking the password: keys revoked at once, people and sessions removed. */
  async deleteAccount(session: CurrentSession, password: unknown): Promise<void> {
    if (session.person.role !== 'owner') throw new ProblemError('forbidden', 'only the account owner can delete the account');
    await this.requirePassword(session, password, 'password');
    await this.deps.store.accounts.deleteAccount(session.account.id, this.deps.clock());
    // This instance refuses the keys from the next request on (others within the key cache's TTL).
    this.deps.keys?.forgetAccount(session.account.id);
  }

  /**
   * Refused: an owner never sets their own plan. With Stripe the plan follows
   * the subscription (Subscribe, Manage billing); without billing the operator
   * sets it. Kept as a route so old clients get a clear 403, not a 404.
   */
  async changePlan(session: CurrentSession, plan: unknown): Promise<never> {
    if (!isSelfServiceTier(plan)) throw new ProblemError('invalid_field', `plan must be "standard" or "pro" (Enterprise: contact sales); got ${JSON.stringify(plan)}`, { param: 'plan' });
    if (this.deps.billing.mode === 'stripe') throw new ProblemError('forbidden', 'plans are paid through Stripe: use "Subscribe" (POST /account/v1/billing/checkout) or "Manage billing" (POST /account/v1/billing/portal) to change yours');
    throw new ProblemError('forbidden', `this service takes no payment: plans are set by the operator (\`ussynth-server accounts set ${session.account.name} --tier ${plan}\`); ask your administrator`);
  }

  /** `stripe` when plans are paid through Stripe, `none` when the operator sets them. */
  get billingMode(): Billing['mode'] {
    return this.deps.billing.mode;
  }

  /** The plan a new account starts on. */
  get signUpPlan(): Billing['signUpPlan'] {
    return this.deps.billing.signUpPlan;
  }

  /** The plans on offer with their prices (no session: the sign-up page shows them). */
  offers(): Promise<PlanOffer[]> {
    return this.deps.billing.offers();
  }

  /** The account's plan, its status, grace and renewal, and what the owner may do. */
  async billingStatus(session: CurrentSession): Promise<AccountBilling> {
    const status = await this.deps.billing.status(session.account, this.deps.clock());
    if (session.person.role === 'owner') return status;
    return { ...status, canSubscribe: false, canManage: false };
  }

  /** A Stripe Checkout page's URL to subscribe the account to `plan` (owner only). */
  async checkout(session: CurrentSession, plan: unknown): Promise<string> {
    if (!isSelfServiceTier(plan)) throw new ProblemError('invalid_field', `plan must be "standard" or "pro" (Enterprise: contact sales); got ${JSON.stringify(plan)}`, { param: 'plan' });
    if (session.person.role !== 'owner') throw new ProblemError('forbidden', 'only the account owner can subscribe');
    if (session.account.tier === 'enterprise' && servingPlan(session.account, this.deps.clock()) !== 'none') throw new ProblemError('forbidden', 'an Enterprise plan is set by the operator; contact sales to change it');
    return this.deps.billing.checkout(session.account, session.person.email, plan);
  }

  /** A Stripe Customer Portal page's URL for the account (owner only). */
  async billingPortal(session: CurrentSession): Promise<string> {
    if (session.person.role !== 'owner') throw new ProblemError('forbidden', 'only the account owner can manage billing');
    return this.deps.billing.portal(session.account);
  }

  /** Makes a key (shown once by the caller); the address must be verified. */
  async createKey(session: CurrentSession, name: unknown, expiresAt: unknown): Promise<{ key: string; listing: AccountKeyListing }> {
    this.requireVerified(session);
    const keyName = requireKeyName(name);
    const now = this.deps.clock();
    const expiry = requireExpiry(expiresAt, now);
    const minted = mintKey('live');
    const created = await this.deps.store.accounts.createAccountKey(session.account.id, { ...minted, name: keyName, expiresAt: expiry }, now, ACCOUNT_CAPS.workingKeysPerAccount);
    if (created === 'limit') {
      throw new ProblemError('key_limit_reached', `this account already has ${ACCOUNT_CAPS.workingKeysPerAccount} working keys, the most an account can hold; revoke one you no longer use, then create the new one`);
    }
    return { key: minted.key, listing: { id: minted.id, name: keyName, environment: 'live', createdAt: now, lastUsedAt: null, expiresAt: expiry, revokedAt: null } };
  }

  /**
   * One page of the account's keys, newest first (with last use as of the
   * last second's flush), and the cursor of the next page (null on the last).
   */
  async listKeys(session: CurrentSession, limit: number = ACCOUNT_CAPS.keysPerPage, cursor?: string): Promise<{ keys: AccountKeyListing[]; nextCursor: string | null }> {
    if (!Number.isInteger(limit) || limit < 1 || limit > ACCOUNT_CAPS.keysPerPage) {
      throw new ProblemError('invalid_parameter', `limit must be a whole number from 1 to ${ACCOUNT_CAPS.keysPerPage} in plain digits`, { param: 'limit' });
    }
    const after = cursor === undefined ? undefined : decodeKeyCursor(cursor);
    await this.deps.activity.flush();
    // One more than asked tells whether a next page exists.
    const keys = await this.deps.store.accounts.listAccountKeys(session.account.id, { limit: limit + 1, after });
    if (keys.length <= limit) return { keys, nextCursor: null };
    const page = keys.slice(0, limit);
    return { keys: page, nextCursor: encodeKeyCursor(page[page.length - 1]) };
  }

  /** Revokes one of the account's keys: refused from the next request on this instance, on others within the key cache's TTL. */
  async revokeKey(session: CurrentSession, keyId: string): Promise<void> {
    if (!(await this.deps.store.accounts.revokeAccountKey(session.account.id, keyId, this.deps.clock()))) throw new ProblemError('key_not_found', `this account has no key ${JSON.stringify(keyId)}`, { param: 'id' });
    this.deps.keys?.forget(keyId);
  }

  /** Replaces a key by a new one (same name and expiry); the old one works until the grace ends. */
  async rollKey(session: CurrentSession, keyId: string, graceSeconds: unknown): Promise<{ key: string; listing: AccountKeyListing }> {
    this.requireVerified(session);
    if (typeof graceSeconds !== 'number' || !Number.isInteger(graceSeconds) || graceSeconds < 0 || graceSeconds > MAX_ROLL_GRACE_SECONDS) {
      throw new ProblemError('invalid_field', `graceSeconds must be a whole number of seconds from 0 to ${MAX_ROLL_GRACE_SECONDS} (30 days); got ${JSON.stringify(graceSeconds)}`, { param: 'graceSeconds' });
    }
    const now = this.deps.clock();
    const minted = mintKey('live');
    if (!(await this.deps.store.accounts.rollAccountKey(session.account.id, keyId, minted, now + graceSeconds * 1000, now))) {
      throw new ProblemError('key_not_found', `this account has no working key ${JSON.stringify(keyId)} (revoked and expired keys cannot be rolled)`, { param: 'id' });
    }
    // The old key's new end (a grace of 0: now) applies on this instance at once.
    this.deps.keys?.forget(keyId);
    // The new key is the newest: first of the first page (unless another was made in the same millisecond).
    const listing = (await this.deps.store.accounts.listAccountKeys(session.account.id, { limit: ACCOUNT_CAPS.keysPerPage })).find((key) => key.id === minted.id);
    if (!listing) throw new ProblemError('service_unavailable', 'the new key could not be read back');
    return { key: minted.key, listing };
  }

  /** This month's usage against the quota, refusals and the last 30 days. */
  async usage(account: Pick<AccountRecord, 'id' | 'tier' | 'rate' | 'monthlyQuota' | 'planEndsAt'>): Promise<UsageSummary> {
    await this.deps.activity.flush();
    const now = this.deps.clock();
    const month = calendarMonth(now);
    const used = await this.deps.store.usage(account.id, month.period);
    const today = now - (now % DAY_MS);
    const first = today - (USAGE_CHART_DAYS - 1) * DAY_MS;
    const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const monthStart = dayText(month.startMs);
    const from = monthStart < dayText(first) ? monthStart : dayText(first);
    const stored = await this.deps.store.accounts.usageDays(account.id, from, dayText(today));
    const byDay = new Map(stored.map((d) => [d.day, d]));
    const days: UsageDay[] = [];
    for (let ms = first; ms <= today; ms += DAY_MS) days.push(byDay.get(dayText(ms)) ?? { day: dayText(ms), records: 0, rateLimited: 0, quotaExceeded: 0, subscriptionRequired: 0 });
    const thisMonth = stored.filter((d) => d.day >= monthStart);
    return {
      plan: servingPlan(account, now),
      rate: account.rate,
      month: month.period,
      used,
      quota: account.monthlyQuota,
      remaining: Math.max(0, account.monthlyQuota - used),
      resetsAt: new Date(month.endMs).toISOString(),
      refused: {
        rate_limited: thisMonth.reduce((sum, d) => sum + d.rateLimited, 0),
        quota_exceeded: thisMonth.reduce((sum, d) => sum + d.quotaExceeded, 0),
        subscription_required: thisMonth.reduce((sum, d) => sum + d.subscriptionRequired, 0),
      },
      days,
    };
  }

  private async verifyMessage(person: PersonRecord, now: number): Promise<MailMessage> {
    const token = newSecretToken();
    await this.deps.store.accounts.createEmailToken(tokenDigest(token), person.id, 'verify', now, now + VERIFY_LINK_HOURS * HOUR_MS);
    return verifyEmail(this.deps.publicUrl(), person.email, token);
  }

  private async mail(message: MailMessage): Promise<void> {
    try {
      await this.deps.mailer.send(message);
    } catch (error) {
      this.deps.onBackgroundError('e-mail', error);
      throw new ProblemError('mail_unavailable', 'the e-mail could not be sent just now; try again in a minute (your account is kept: ask for a new link)', { headers: { 'retry-after': '60' } });
    }
  }

  // Mail that follows a request whose answer must not depend on the address: sent after answering.
  private inBackground(what: string, work: () => Promise<void>): void {
    work().catch((error: unknown) => this.deps.onBackgroundError(what, error));
  }

  /** Takes one attempt from the throttle's budgets (per IP, per address), or refuses with 429 too_many_attempts. */
  async throttled(action: AuthAction, ip: string, email: string): Promise<void> {
    const decision = await this.deps.throttle.attempt(action, ip, email);
    if (!decision.allowed) {
      throw new ProblemError('too_many_attempts', `too many attempts; try again in ${decision.retryAfterSeconds} s`, { headers: { 'retry-after': String(decision.retryAfterSeconds) } });
    }
  }

  // People of an Enterprise account's SSO domain sign in through its provider only (its policies, MFA, offboarding).
  private async refuseSsoDomain(email: string): Promise<void> {
    const connection = await this.deps.store.sso.findByDomain(emailDomain(email));
    if (connection) {
      throw new ProblemError('sso_required', `addresses at ${emailDomain(email)} sign in through ${connection.accountName}'s single sign-on: use "Sign in with SSO" with your work e-mail`, { param: 'email' });
    }
  }

  private async peekLink(token: string, purpose: 'verify' | 'reset'): Promise<number> {
    // A reset checks the new password before using the link: read the link's state without using it.
    const state = await this.deps.store.accounts.checkEmailToken(tokenDigest(token), purpose, this.deps.clock());
    if (state.status === 'ok') return state.personId;
    return linkFailure(state.status, purpose);
  }

  private async useLink(token: unknown, purpose: 'verify' | 'reset'): Promise<number> {
    const what = purpose === 'verify' ? 'verification' : 'reset';
    if (!isTokenShaped(token)) throw new ProblemError('link_invalid', `this ${what} link is not one we sent; ask for a new one`);
    const use = await this.deps.store.accounts.useEmailToken(tokenDigest(token), purpose, this.deps.clock());
    if (use.status === 'ok') return use.personId;
    return linkFailure(use.status, purpose);
  }

  private async requirePassword(session: CurrentSession, password: unknown, param: string): Promise<void> {
    if (typeof password !== 'string' || !(await verifyPassword(session.person.passwordHash, password))) {
      throw new ProblemError('invalid_credentials', `the ${param === 'current' ? 'current ' : ''}password is wrong`, { param });
    }
  }

  private requireVerified(session: CurrentSession): void {
    if (session.person.emailVerifiedAt === null) throw new ProblemError('email_not_verified', 'confirm your e-mail address first: follow the link we sent (or ask for a new one)');
  }
}

function linkFailure(status: 'unknown' | 'used' | 'expired', purpose: 'verify' | 'reset'): never {
  const what = purpose === 'verify' ? 'verification' : 'reset';
  if (status === 'used') throw new ProblemError('link_used', `this ${what} link was already used; each link works once`);
  if (status === 'expired') throw new ProblemError('link_expired', `this ${what} link has expired (or a newer one was sent); ask for a new one`);
  throw new ProblemError('link_invalid', `this ${what} link is not one we sent; ask for a new one`);
}

/** The cursor of the page after `key`: its creation time and id, base64url (opaque to clients). */
function encodeKeyCursor(key: AccountKeyListing): string {
  return Buffer.from(`${key.createdAt}.${key.id}`).toString('base64url');
}

function decodeKeyCursor(cursor: string): { createdAt: number; id: string } {
  const match = /^(\d{1,16})\.([A-Za-z0-9]{1,64})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new ProblemError('invalid_parameter', 'cursor must be the nextCursor of a previous page of GET /account/v1/keys, unchanged', { param: 'cursor' });
  return { createdAt: Number(match[1]), id: match[2] };
}

function requireEmail(text: unknown): string {
  const email = normalizeEmail(text);
  // Echoed escaped: no control or format character of the input reaches a page, a log or a terminal raw.
  if (email === null) throw new ProblemError('invalid_email', `${emailProblem(text)}; got ${escapedText(JSON.stringify(typeof text === 'string' ? text.slice(0, 80) : text ?? null))}`, { param: 'email' });
  return email;
}

function requireKeyName(name: unknown): string {
  if (typeof name !== 'string' || name.trim().length === 0) throw new ProblemError('invalid_field', 'name is required: a label such as "CI pipeline"', { param: 'name' });
  const trimmed = name.trim();
  if ([...trimmed].length > MAX_KEY_NAME_LENGTH) throw new ProblemError('invalid_field', `name must be at most ${MAX_KEY_NAME_LENGTH} characters; got ${[...trimmed].length}`, { param: 'name' });
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw new ProblemError('invalid_field', 'name must not contain control characters', { param: 'name' });
  return trimmed;
}

function requireExpiry(value: unknown, now: number): number | null {
  if (value === undefined || value === null || value === '') return null;
  const ms = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new ProblemError('invalid_field', `expiresAt must be an ISO date or time such as 2027-01-31; got ${JSON.stringify(value)}`, { param: 'expiresAt' });
  if (ms <= now) throw new ProblemError('invalid_field', `expiresAt must be in the future; got ${JSON.stringify(value)}`, { param: 'expiresAt' });
  return ms;
}
