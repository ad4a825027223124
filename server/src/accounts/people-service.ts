import type { KeyCache } from '../access/key-cache.js';
import { escapedText } from '../text/escaped-text.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { ProblemError } from '../problem/problem-error.js';
import type { PersonRecord } from '../store/people-store.js';
import type { SessionRecord } from '../store/session-store.js';
import type { Store } from '../store/store.js';
import { TIER_LIMITS } from '../store/tiers.js';
import { ACCOUNT_CAPS } from './account-caps.js';
import {
  alreadyRegisteredEmail,
  resetEmail,
  RESET_LINK_HOURS,
  verifyEmail,
  VERIFY_LINK_HOURS,
} from './account-emails.js';
import type { AuthAction, AuthThrottle } from './auth-throttle.js';
import type { Billing } from '../billing/billing.js';
import type { CurrentSession } from './current-session.js';
import { emailDomain, emailProblem, normalizeEmail } from './email-address.js';
import { hashPassword, verifyPassword } from './password-hasher.js';
import { passwordProblem } from './password-policy.js';
import { isTokenShaped, newSecretToken, tokenDigest } from './secret-token.js';
import { decoyProof, isSignUpBrowser, signUpBrowserProof } from './sign-up-browser.js';

const HOUR_MS = 3_600_000;

/** Session lifetimes: idle (since the last request) and absolute (since sign-in). */
export const SESSION_IDLE_MS = 2 * HOUR_MS;
/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_MS = 12 * HOUR_MS;
// A session's last-seen time is written at most this often (idle expiry is to the minute).
const TOUCH_EVERY_MS = 60_000;

/** What the people service needs; injected so tests use real parts on temporary files. */
export interface PeopleServiceDeps {
  store: Store;
  mailer: Mailer;
  /** The plan a new account starts on. */
  billing: Pick<Billing, 'signUpPlan'>;
  throttle: AuthThrottle;
  clock: () => number;
  /** The public base URL (links in e-mails). */
  publicUrl: () => string;
  /** Reports a failure that happened after the answer was sent (a background e-mail). */
  onBackgroundError: (what: string, error: unknown) => void;
  /** This instance's key cache: an account's deletion drops its keys' entries, so their next request is refused. */
  keys: Pick<KeyCache, 'forgetAccount'>;
  /** Binds a verification link to the browser that signed up (signUpBrowserKey of the service's secret key). */
  browserKey: Uint8Array;
}

/**
 * People and sign-in behind `/account/v1`: sign-up with e-mail
 * verification, sign-in, sessions, password reset and change, and the
 * account's deletion. Answers are the same for known and unknown addresses
 * (no enumeration); failures are ProblemErrors from the catalogue.
 * @example const { sessionId } = await people.signIn('ada@example.com', 'correct horse battery staple', '127.0.0.1');
 */
export class PeopleService {
  constructor(private readonly deps: PeopleServiceDeps) {}

  /** Where account e-mail went when it does not reach a mailbox (the outbox without SMTP), for the pages; else undefined. */
  get mailNotice(): string | undefined {
    return this.deps.mailer.notice;
  }

  /**
   * Creates an account with its owner, unverified, on the billing's sign-up
   * plan (none until paid with Stripe; USSYNTH_DEFAULT_PLAN without), and mails the
   * verification link; for an address that has an account, mails a notice
   * instead. The caller cannot tell which happened. Returns the value of the
   * sign-up browser's cookie: the proof for the link (signUpBrowserProof), or a
   * decoy of the same shape for a registered address.
   */
  async signUp(emailText: unknown, password: unknown, ip: string): Promise<string> {
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
    const created = await this.deps.store.people.createOwner(
      email,
      hash,
      plan,
      TIER_LIMITS[plan === 'none' ? 'standard' : plan],
      now,
      { tokenDigest: tokenDigest(token), expiresAt: now + VERIFY_LINK_HOURS * HOUR_MS },
    );
    if (created === 'exists') {
      await this.mail(alreadyRegisteredEmail(this.deps.publicUrl(), email));
      return decoyProof();
    }
    await this.mail(verifyEmail(this.deps.publicUrl(), created.email, token));
    return signUpBrowserProof(this.deps.browserKey, token);
  }

  /** Mails a new verification link to an unverified address (nothing for others; the same answer). */
  async resendVerification(emailText: unknown, ip: string): Promise<void> {
    const email = requireEmail(emailText);
    await this.throttled('mail', ip, email);
    const person = await this.deps.store.people.findPersonByEmail(email);
    if (!person || person.emailVerifiedAt !== null || person.passwordHash === null) return;
    this.inBackground('verification e-mail', async () =>
      this.mail(await this.verifyMessage(person, this.deps.clock())),
    );
  }

  /**
   * Uses a verification link's token (once) and ends every session of that
   * person: whoever signed in before the mailbox was proven (someone who
   * pre-registered another's address) is signed out the moment its owner
   * confirms it. The browser that followed the link is signed in, with a new
   * session, when it is the one that signed up (its cookie holds the proof for
   * this link's token: `browserProof`) or was signed in as that person
   * (`sessionId`); any other browser is not, and the answer is null.
   */
  async verifyEmail(
    token: unknown,
    sessionId?: string,
    browserProof?: string,
  ): Promise<{ sessionId: string; session: CurrentSession } | null> {
    const personId = await this.useLink(token, 'verify');
    const own = isTokenShaped(sessionId) ? await this.session(sessionId).catch(() => undefined) : undefined;
    const signIn = own?.person.id === personId || isSignUpBrowser(this.deps.browserKey, token as string, browserProof);
    // No session survives, the follower's own included: a new one is started, so a session id planted in this browser
    // before (session fixation) is worth nothing after the address is proven.
    await this.deps.store.people.confirmEmail(personId, this.deps.clock());
    if (!signIn) return null;
    const person = await this.deps.store.people.findPerson(personId);
    return person ? this.startSession(person) : null;
  }

  /** Checks the password and starts a session; returns the cookie value (shown to nobody else) and the session. */
  async signIn(
    emailText: unknown,
    password: unknown,
    ip: string,
  ): Promise<{ sessionId: string; session: CurrentSession }> {
    const email = requireEmail(emailText);
    if (typeof password !== 'string' || password.length === 0)
      throw new ProblemError('invalid_password', 'password is required', { param: 'password' });
    // Consume first: the attempt is counted before the password is checked, so concurrent guesses cannot all pass.
    await this.throttled('signin', ip, email);
    let person: PersonRecord | undefined;
    try {
      await this.refuseSsoDomain(email);
      person = await this.deps.store.people.findPersonByEmail(email);
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
    await this.deps.store.sessions.createSession(
      idDigest,
      person.id,
      newSecretToken(),
      now,
      now + SESSION_ABSOLUTE_MS,
      ACCOUNT_CAPS.sessionsPerPerson,
    );
    let session: SessionRecord | undefined;
    try {
      session = await this.deps.store.sessions.findSession(idDigest);
    } catch (error) {
      // Its cookie is never sent: end the session rather than leave it behind (best effort, the store is failing).
      await this.deps.store.sessions.deleteSession(idDigest).catch(() => {});
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
    if (!isTokenShaped(sessionId))
      throw new ProblemError('not_signed_in', 'sign in first: this request needs a dashboard session');
    const idDigest = tokenDigest(sessionId);
    const session = await this.deps.store.sessions.findSession(idDigest);
    if (!session) throw new ProblemError('not_signed_in', 'the session has ended; sign in again');
    const now = this.deps.clock();
    if (now >= session.expiresAt || now >= session.lastSeenAt + SESSION_IDLE_MS) {
      await this.deps.store.sessions.deleteSession(idDigest);
      throw new ProblemError('not_signed_in', 'the session has expired; sign in again');
    }
    if (now - session.lastSeenAt >= TOUCH_EVERY_MS) await this.deps.store.sessions.touchSession(idDigest, now);
    return { ...session, idDigest };
  }

  /** Ends one session (sign out). */
  async signOut(sessionId: string | undefined): Promise<void> {
    if (isTokenShaped(sessionId)) await this.deps.store.sessions.deleteSession(tokenDigest(sessionId));
  }

  /** Ends every session of the person, this one included. */
  async signOutEverywhere(session: CurrentSession): Promise<number> {
    return this.deps.store.sessions.deleteSessionsOf(session.person.id);
  }

  /** Mails a reset link to a password account's address (nothing for unknown ones; the same answer). */
  async forgotPassword(emailText: unknown, ip: string): Promise<void> {
    const email = requireEmail(emailText);
    await this.throttled('mail', ip, email);
    const person = await this.deps.store.people.findPersonByEmail(email);
    if (!person || person.passwordHash === null) return;
    this.inBackground('password reset e-mail', async () => {
      const now = this.deps.clock();
      const token = newSecretToken();
      await this.deps.store.people.createEmailToken(
        tokenDigest(token),
        person.id,
        'reset',
        now,
        now + RESET_LINK_HOURS * HOUR_MS,
      );
      await this.mail(resetEmail(this.deps.publicUrl(), person.email, token));
    });
  }

  /** Sets a new password from a reset link and ends every session (the link proves the mailbox; the address is verified). */
  async resetPassword(token: unknown, password: unknown): Promise<void> {
    if (typeof password !== 'string')
      throw new ProblemError('invalid_password', 'password must be a string', { param: 'password' });
    if (!isTokenShaped(token))
      throw new ProblemError('link_invalid', 'this reset link is not one we sent; ask for a new one');
    const personId = await this.peekLink(token, 'reset');
    const person = await this.deps.store.people.findPerson(personId);
    if (!person) throw new ProblemError('link_invalid', 'this reset link belongs to an account that no longer exists');
    // Checked before the link is used up, so a refused password leaves the link working.
    const problem = passwordProblem(password, person.email);
    if (problem) throw new ProblemError('invalid_password', problem, { param: 'password' });
    const hash = await hashPassword(password);
    await this.useLink(token, 'reset');
    await this.deps.store.people.setPasswordHash(person.id, hash, this.deps.clock());
    await this.deps.store.people.markEmailVerified(person.id, this.deps.clock());
    await this.deps.store.sessions.deleteSessionsOf(person.id);
  }

  /** Changes the password after checking the current one; other sessions end, this one stays, and reset links mailed earlier stop working. */
  async changePassword(session: CurrentSession, current: unknown, next: unknown): Promise<void> {
    await this.requirePassword(session, current, 'current');
    const problem = passwordProblem(next, session.person.email);
    if (problem)
      throw new ProblemError('invalid_password', problem.replace(/^password/, 'new password'), { param: 'new' });
    await this.deps.store.people.setPasswordHash(
      session.person.id,
      await hashPassword(next as string),
      this.deps.clock(),
    );
    await this.deps.store.sessions.deleteSessionsOf(session.person.id, session.idDigest);
  }

  /** Deletes the account after checking the password: keys revoked at once, people and sessions removed. */
  async deleteAccount(session: CurrentSession, password: unknown): Promise<void> {
    if (session.person.role !== 'owner')
      throw new ProblemError('forbidden', 'only the account owner can delete the account');
    await this.requirePassword(session, password, 'password');
    await this.deps.store.accounts.deleteAccount(session.account.id, this.deps.clock());
    // This instance refuses the keys from the next request on (others within the key cache's TTL).
    this.deps.keys.forgetAccount(session.account.id);
  }

  private async verifyMessage(person: PersonRecord, now: number): Promise<MailMessage> {
    const token = newSecretToken();
    await this.deps.store.people.createEmailToken(
      tokenDigest(token),
      person.id,
      'verify',
      now,
      now + VERIFY_LINK_HOURS * HOUR_MS,
    );
    return verifyEmail(this.deps.publicUrl(), person.email, token);
  }

  private async mail(message: MailMessage): Promise<void> {
    try {
      await this.deps.mailer.send(message);
    } catch (error) {
      this.deps.onBackgroundError('e-mail', error);
      throw new ProblemError(
        'mail_unavailable',
        'the e-mail could not be sent just now; try again in a minute (your account is kept: ask for a new link)',
        { headers: { 'retry-after': '60' } },
      );
    }
  }

  // Mail that follows a request whose answer must not depend on the address: sent after answering. The work starts on
  // the next turn of the event loop, after the answer is written: the SQLite store's writes are synchronous, so a link
  // made in the same turn (token row, outbox file) delayed a known address's answer by its cost (2-6 ms against
  // 21-40 ms on the loaded machine), which an attacker could time.
  private inBackground(what: string, work: () => Promise<void>): void {
    setImmediate(() => work().catch((error: unknown) => this.deps.onBackgroundError(what, error)));
  }

  /** Takes one attempt from the throttle's budgets (per IP, per address), or refuses with 429 too_many_attempts. */
  async throttled(action: AuthAction, ip: string, email: string): Promise<void> {
    const decision = await this.deps.throttle.attempt(action, ip, email);
    if (!decision.allowed) {
      throw new ProblemError('too_many_attempts', `too many attempts; try again in ${decision.retryAfterSeconds} s`, {
        headers: { 'retry-after': String(decision.retryAfterSeconds) },
      });
    }
  }

  // People of an Enterprise account's SSO domain sign in through its provider only (its policies, MFA, offboarding).
  private async refuseSsoDomain(email: string): Promise<void> {
    const connection = await this.deps.store.sso.findByDomain(emailDomain(email));
    if (connection) {
      throw new ProblemError(
        'sso_required',
        `addresses at ${emailDomain(email)} sign in through ${connection.accountName}'s single sign-on: use "Sign in with SSO" with your work e-mail`,
        { param: 'email' },
      );
    }
  }

  private async peekLink(token: string, purpose: 'verify' | 'reset'): Promise<number> {
    // A reset checks the new password before using the link: read the link's state without using it.
    const state = await this.deps.store.people.checkEmailToken(tokenDigest(token), purpose, this.deps.clock());
    if (state.status === 'ok') return state.personId;
    return linkFailure(state.status, purpose);
  }

  private async useLink(token: unknown, purpose: 'verify' | 'reset'): Promise<number> {
    const what = purpose === 'verify' ? 'verification' : 'reset';
    if (!isTokenShaped(token))
      throw new ProblemError('link_invalid', `this ${what} link is not one we sent; ask for a new one`);
    const use = await this.deps.store.people.useEmailToken(tokenDigest(token), purpose, this.deps.clock());
    if (use.status === 'ok') return use.personId;
    return linkFailure(use.status, purpose);
  }

  private async requirePassword(session: CurrentSession, password: unknown, param: string): Promise<void> {
    if (typeof password !== 'string' || !(await verifyPassword(session.person.passwordHash, password))) {
      throw new ProblemError('invalid_credentials', `the ${param === 'current' ? 'current ' : ''}password is wrong`, {
        param,
      });
    }
  }
}

function linkFailure(status: 'unknown' | 'used' | 'expired', purpose: 'verify' | 'reset'): never {
  const what = purpose === 'verify' ? 'verification' : 'reset';
  if (status === 'used')
    throw new ProblemError('link_used', `this ${what} link was already used; each link works once`);
  if (status === 'expired')
    throw new ProblemError(
      'link_expired',
      `this ${what} link has expired (or a newer one was sent); ask for a new one`,
    );
  throw new ProblemError('link_invalid', `this ${what} link is not one we sent; ask for a new one`);
}

function requireEmail(text: unknown): string {
  const email = normalizeEmail(text);
  // Echoed escaped: no control or format character of the input reaches a page, a log or a terminal raw.
  if (email === null)
    throw new ProblemError(
      'invalid_email',
      `${emailProblem(text)}; got ${escapedText(JSON.stringify(typeof text === 'string' ? text.slice(0, 80) : (text ?? null)))}`,
      { param: 'email' },
    );
  return email;
}
