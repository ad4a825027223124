import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../../src/store/sqlite/sqlite-driver.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountService, type AccountServiceDeps, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type CurrentSession } from '../../src/accounts/account-service.js';
import { ActivityRecorder } from '../../src/accounts/activity-recorder.js';
import { AUTH_LIMITS, AuthThrottle } from '../../src/accounts/auth-throttle.js';
import type { Billing } from '../../src/accounts/billing.js';
import { operatorBilling } from '../../src/billing/operator-billing.js';
import { outboxMailer } from '../../src/mail/outbox-mailer.js';
import { ProblemError } from '../../src/problem/problem-error.js';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { keyShape } from '../../src/store/api-key.js';
import { linkToken, outboxMails } from './outbox.js';

const PASSWORD = 'correct horse battery staple';
const PUBLIC_URL = 'http://127.0.0.1:3000';

let dir: string;
let store: Store;
let activity: ActivityRecorder;
let now: number;
let service: AccountService;
let billing: Billing;
let deps: AccountServiceDeps;

const mails = () => outboxMails(join(dir, 'outbox'));
const tokenIn = linkToken;

async function problemOf(work: Promise<unknown>): Promise<ProblemError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProblemError);
  return error as ProblemError;
}

async function verifiedOwner(email = 'ada@example.com'): Promise<CurrentSession> {
  await service.signUp(email, PASSWORD, '10.0.0.1');
  await service.verifyEmail(tokenIn(mails().at(-1)!, '/verify-email'));
  return (await service.signIn(email, PASSWORD, '10.0.0.1')).session;
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ussynth-accounts-'));
  store = await openSqliteStore(join(dir, 'store.sqlite'), { ownUsage: true });
  activity = new ActivityRecorder(store.accounts);
  now = Date.UTC(2026, 10, 23, 12, 0, 0);
  // A deployment without billing whose new accounts start on Standard (USSYNTH_DEFAULT_PLAN=standard).
  billing = operatorBilling('standard');
  deps = {
    store,
    mailer: outboxMailer(join(dir, 'outbox'), 'ussynth <no-reply@localhost>', () => {}),
    billing,
    throttle: new AuthThrottle(),
    activity,
    clock: () => now,
    publicUrl: () => PUBLIC_URL,
    onBackgroundError: (what, error) => {
      throw new Error(`${what}: ${String(error)}`);
    },
  };
  service = new AccountService(deps);
});

afterEach(async () => {
  await activity.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sign-up and verification', () => {
  it('creates an unverified Standard owner with an argon2id hash, and mails a single-use link', async () => {
    await service.signUp(' Ada@Example.com ', PASSWORD, '10.0.0.1');
    const person = await store.accounts.findPersonByEmail('ada@example.com');
    expect(person).toMatchObject({ email: 'ada@example.com', role: 'owner', emailVerifiedAt: null });
    expect(person!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await store.accounts.findAccount(person!.accountId)).toMatchObject({ name: 'ada@example.com', tier: 'standard', rate: 10, monthlyQuota: 100_000 });
    const [mail] = mails();
    expect(mail).toMatch(/^To: ada@example.com$/m);
    const token = tokenIn(mail, '/verify-email');
    await service.verifyEmail(token);
    expect((await store.accounts.findPerson(person!.id))!.emailVerifiedAt).toBe(now);
    expect((await problemOf(service.verifyEmail(token))).code).toBe('link_used');
  });

  it('answers a sign-up with a registered address the same way, mailing the owner a notice instead of a link', async () => {
    await service.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const first = await store.accounts.findPersonByEmail('ada@example.com');
    await expect(service.signUp('ada@example.com', 'another long password', '10.0.0.2')).resolves.toBeUndefined();
    expect(await store.accounts.findPersonByEmail('ada@example.com')).toEqual(first);
    const notice = mails()[1];
    expect(notice).toContain('already has an account');
    expect(notice).not.toMatch(/#token=/);
  });

  it('refuses stale, forged and superseded links with their own codes', async () => {
    await service.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const old = tokenIn(mails()[0], '/verify-email');
    await service.resendVerification('ada@example.com', '10.0.0.1');
    await expect.poll(() => mails().length).toBe(2);
    expect((await problemOf(service.verifyEmail(old))).code).toBe('link_expired');
    expect((await problemOf(service.verifyEmail('A'.repeat(43)))).code).toBe('link_invalid');
    expect((await problemOf(service.verifyEmail('not-a-token'))).code).toBe('link_invalid');
    const fresh = tokenIn(mails()[1], '/verify-email');
    now += 24 * 3_600_000;
    expect((await problemOf(service.verifyEmail(fresh))).code).toBe('link_expired');
  });

  it('names the field of bad input', async () => {
    expect(await problemOf(service.signUp('not an address', PASSWORD, '10.0.0.1'))).toMatchObject({ code: 'invalid_email', extras: { param: 'email' } });
    expect(await problemOf(service.signUp('ada@example.com', 'short', '10.0.0.1'))).toMatchObject({ code: 'invalid_password', extras: { param: 'password' } });
    expect((await problemOf(service.signUp('ada@example.com', 'ada@example.com', '10.0.0.1'))).detail).toContain('e-mail address');
    expect(await store.accounts.findPersonByEmail('ada@example.com')).toBeUndefined();
  });

  it('keeps the account when the e-mail cannot be sent, so a new link can be asked for', async () => {
    const failing = new AccountService({
      store,
      mailer: { description: 'broken', send: () => Promise.reject(new Error('550 mailbox unavailable')), close: async () => {} },
      billing,
      throttle: new AuthThrottle(),
      activity,
      clock: () => now,
      publicUrl: () => PUBLIC_URL,
      onBackgroundError: () => {},
    });
    expect((await problemOf(failing.signUp('ada@example.com', PASSWORD, '10.0.0.1'))).code).toBe('mail_unavailable');
    expect(await store.accounts.findPersonByEmail('ada@example.com')).toBeDefined();
    await service.resendVerification('ada@example.com', '10.0.0.1');
    await expect.poll(() => mails().length).toBe(1);
    await service.verifyEmail(tokenIn(mails()[0], '/verify-email'));
  });
});

describe('sign-in and sessions', () => {
  it('gives the same problem for an unknown address and a wrong password', async () => {
    await service.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const unknown = await problemOf(service.signIn('bob@example.com', PASSWORD, '10.0.0.1'));
    const wrong = await problemOf(service.signIn('ada@example.com', 'not the password at all', '10.0.0.1'));
    expect([unknown.code, unknown.detail]).toEqual([wrong.code, wrong.detail]);
    expect(wrong.code).toBe('invalid_credentials');
  });

  it('stores only the digest of the session id, and a new id at every sign-in', async () => {
    await service.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const first = await service.signIn('ada@example.com', PASSWORD, '10.0.0.1');
    const second = await service.signIn('ada@example.com', PASSWORD, '10.0.0.1');
    expect(first.sessionId).not.toBe(second.sessionId);
    await activity.flush();
    const bytes = readFileSync(join(dir, 'store.sqlite')).toString('latin1') + readFileSync(join(dir, 'store.sqlite-wal')).toString('latin1');
    expect(bytes).not.toContain(first.sessionId);
    expect(bytes).not.toContain(PASSWORD);
    expect((await service.session(first.sessionId)).person.email).toBe('ada@example.com');
  });

  it('ends a session after 2 h idle and 12 h after sign-in, however active', async () => {
    await service.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const idle = await service.signIn('ada@example.com', PASSWORD, '10.0.0.1');
    now += SESSION_IDLE_MS;
    expect((await problemOf(service.session(idle.sessionId))).code).toBe('not_signed_in');
    const busy = await service.signIn('ada@example.com', PASSWORD, '10.0.0.1');
    const start = now;
    while (now < start + SESSION_ABSOLUTE_MS - SESSION_IDLE_MS / 2) {
      now += SESSION_IDLE_MS / 2;
      await service.session(busy.sessionId);
    }
    now = start + SESSION_ABSOLUTE_MS;
    expect((await problemOf(service.session(busy.sessionId))).detail).toContain('expired');
  });

  it('throttles guessing per address from any IP, with a Retry-After', async () => {
    await service.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    for (let i = 0; i < AUTH_LIMITS.failedSigninsPerAddress; i++) {
      expect((await problemOf(service.signIn('ada@example.com', `wrong password ${i}`, `10.0.1.${i}`))).code).toBe('invalid_credentials');
    }
    // Even the right password is refused while the address is throttled, from any IP.
    const throttled = await problemOf(service.signIn('ada@example.com', PASSWORD, '10.0.2.1'));
    expect(throttled.code).toBe('too_many_attempts');
    expect(Number(throttled.extras.headers!['retry-after'])).toBeGreaterThan(0);
  });

  it('signs out everywhere, and a password change ends the other sessions only', async () => {
    const session = await verifiedOwner();
    const other = await service.signIn('ada@example.com', PASSWORD, '10.0.0.1');
    await service.changePassword(session, PASSWORD, 'a brand new passphrase');
    expect((await problemOf(service.session(other.sessionId))).code).toBe('not_signed_in');
    const kept = await service.signIn('ada@example.com', 'a brand new passphrase', '10.0.0.1');
    expect((await problemOf(service.changePassword(kept.session, PASSWORD, 'something else entirely'))).code).toBe('invalid_credentials');
    const third = await service.signIn('ada@example.com', 'a brand new passphrase', '10.0.0.1');
    expect(await service.signOutEverywhere(third.session)).toBe(3);
    expect((await problemOf(service.session(third.sessionId))).code).toBe('not_signed_in');
  });
});

describe('password reset', () => {
  it('mails a link only to known addresses, sets the password once, and ends every session', async () => {
    const session = await verifiedOwner();
    const signedIn = (await service.signIn('ada@example.com', PASSWORD, '10.0.0.1')).sessionId;
    await service.forgotPassword('nobody@example.com', '10.0.0.1');
    await service.forgotPassword('ada@example.com', '10.0.0.1');
    await expect.poll(() => mails().length).toBe(2);
    const token = tokenIn(mails()[1], '/reset-password');
    // A refused password leaves the link usable.
    expect((await problemOf(service.resetPassword(token, 'short'))).code).toBe('invalid_password');
    await service.resetPassword(token, 'the new and long passphrase');
    expect((await problemOf(service.resetPassword(token, 'yet another long passphrase'))).code).toBe('link_used');
    expect((await problemOf(service.session(signedIn))).code).toBe('not_signed_in');
    expect((await problemOf(service.session(undefined))).code).toBe('not_signed_in');
    await service.signIn('ada@example.com', 'the new and long passphrase', '10.0.0.1');
    expect(session.person.email).toBe('ada@example.com');
  });

  it('expires reset links after an hour', async () => {
    await verifiedOwner();
    await service.forgotPassword('ada@example.com', '10.0.0.1');
    await expect.poll(() => mails().length).toBe(2);
    now += 3_600_000;
    expect((await problemOf(service.resetPassword(tokenIn(mails()[1], '/reset-password'), 'the new and long passphrase'))).code).toBe('link_expired');
  });
});

describe('keys, plans and deletion', () => {
  it('makes keys only for a verified address, with a name and an optional future expiry', async () => {
    await service.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const unverified = (await service.signIn('ada@example.com', PASSWORD, '10.0.0.1')).session;
    expect((await problemOf(service.createKey(unverified, 'CI', null))).code).toBe('email_not_verified');
    const session = await verifiedOwner('bob@example.com');
    const { key, listing } = await service.createKey(session, '  CI pipeline  ', '2027-01-31');
    expect(keyShape(key)?.id).toBe(listing.id);
    expect(listing).toMatchObject({ name: 'CI pipeline', expiresAt: Date.parse('2027-01-31'), revokedAt: null });
    expect(await problemOf(service.createKey(session, 'x'.repeat(65), null))).toMatchObject({ code: 'invalid_field', extras: { param: 'name' } });
    expect(await problemOf(service.createKey(session, 'late', '2020-01-01'))).toMatchObject({ code: 'invalid_field', extras: { param: 'expiresAt' } });
    expect(await problemOf(service.createKey(session, 'odd', 'next tuesday'))).toMatchObject({ code: 'invalid_field', extras: { param: 'expiresAt' } });
  });

  it('rolls a key: the new one keeps the name and expiry, the old one works until the grace ends', async () => {
    const session = await verifiedOwner();
    const made = await service.createKey(session, 'deploys', '2027-06-30');
    const rolled = await service.rollKey(session, made.listing.id, 3600);
    expect(rolled.listing).toMatchObject({ name: 'deploys', expiresAt: Date.parse('2027-06-30') });
    const old = await store.findKey(made.listing.id);
    expect(old!.expiresAt).toBe(now + 3_600_000);
    expect((await problemOf(service.rollKey(session, made.listing.id, 31 * 86_400))).code).toBe('invalid_field');
    expect((await problemOf(service.revokeKey(session, 'NoSuchId'))).code).toBe('key_not_found');
  });

  it('never touches another account\'s keys', async () => {
    const ada = await verifiedOwner('ada@example.com');
    const bob = await verifiedOwner('bob@example.com');
    const adas = await service.createKey(ada, 'ada', null);
    expect((await problemOf(service.revokeKey(bob, adas.listing.id))).code).toBe('key_not_found');
    expect((await problemOf(service.rollKey(bob, adas.listing.id, 0))).code).toBe('key_not_found');
    expect((await store.findKey(adas.listing.id))!.revokedAt).toBeNull();
  });

  it('never lets an owner change their own plan without billing; the operator does, and each change is recorded', async () => {
    const session = await verifiedOwner();
    expect(await problemOf(service.changePlan(session, 'pro'))).toMatchObject({ code: 'forbidden', detail: expect.stringContaining('ussynth-server accounts set ada@example.com --tier pro') });
    expect((await problemOf(service.changePlan(session, 'enterprise'))).code).toBe('invalid_field');
    expect((await problemOf(service.checkout(session, 'pro'))).code).toBe('forbidden');
    expect((await problemOf(service.billingPortal(session))).code).toBe('forbidden');
    expect(await store.accounts.findAccount(session.account.id)).toMatchObject({ tier: 'standard', planEndsAt: null });
    await store.accounts.changePlan(session.account.id, { tier: 'pro', limits: { rate: 50, monthlyQuota: 1_000_000 }, at: now + 1, byPersonId: null, approvedBy: 'operator' });
    const sqlite = new Database(join(dir, 'store.sqlite'), { readonly: true });
    try {
      const changes = sqlite.prepare('SELECT tier, approved_by, at, ends_at FROM plan_changes WHERE account_id = ? ORDER BY id').all(session.account.id);
      expect(changes).toEqual([
        { tier: 'standard', approved_by: 'sign-up', at: now, ends_at: null },
        { tier: 'pro', approved_by: 'operator', at: now + 1, ends_at: null },
      ]);
    } finally {
      sqlite.close();
    }
    const pro = await service.session((await service.signIn('ada@example.com', PASSWORD, '10.0.0.1')).sessionId);
    expect(await service.billingStatus(pro)).toMatchObject({ plan: 'pro', status: 'contract', canSubscribe: false, canManage: false });
  });

  it('starts a new account with no plan when the operator configured none (the default without billing)', async () => {
    service = new AccountService({ ...deps, billing: operatorBilling('none') });
    const session = await verifiedOwner('none@example.com');
    expect(session.account.planEndsAt).toBe(now);
    expect(await service.billingStatus(session)).toMatchObject({ plan: 'none', status: 'none' });
    expect((await service.usage(session.account)).plan).toBe('none');
  });


  it('deletes the account after the password: keys revoked at once, sign-in gone, the address free again', async () => {
    const session = await verifiedOwner();
    const made = await service.createKey(session, 'ci', null);
    expect((await problemOf(service.deleteAccount(session, 'wrong password here'))).code).toBe('invalid_credentials');
    await service.deleteAccount(session, PASSWORD);
    expect((await store.findKey(made.listing.id))!.revokedAt).toBe(now);
    expect((await problemOf(service.signIn('ada@example.com', PASSWORD, '10.0.0.1'))).code).toBe('invalid_credentials');
    await service.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    expect((await store.accounts.findPersonByEmail('ada@example.com'))!.accountId).not.toBe(session.account.id);
  });
});

describe('usage', () => {
  it('sums this month from the ledger, the chart from per-day counts, zero-filled over 30 days', async () => {
    const session = await verifiedOwner();
    const account = session.account.id;
    const day = 86_400_000;
    await store.debitUsage(account, '2026-11', 1500, 100_000);
    activity.debited(account, 1000, now - 2 * day);
    activity.debited(account, 500, now);
    activity.refused(account, 'rate_limited', now);
    activity.refused(account, 'quota_exceeded', now - 40 * day);
    const usage = await service.usage(session.account);
    expect(usage).toMatchObject({ plan: 'standard', month: '2026-11', used: 1500, quota: 100_000, remaining: 98_500, resetsAt: '2026-12-01T00:00:00.000Z', refused: { rate_limited: 1, quota_exceeded: 0, subscription_required: 0 } });
    expect(usage.days).toHaveLength(30);
    expect(usage.days.at(-1)).toEqual({ day: '2026-11-23', records: 500, rateLimited: 1, quotaExceeded: 0, subscriptionRequired: 0 });
    expect(usage.days.at(-3)).toEqual({ day: '2026-11-21', records: 1000, rateLimited: 0, quotaExceeded: 0, subscriptionRequired: 0 });
    expect(usage.days[0].day).toBe('2026-10-25');
    expect(usage.days.reduce((sum, d) => sum + d.records, 0)).toBe(1500);
  });
});
