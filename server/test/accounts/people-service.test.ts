import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_LIMITS, AuthThrottle } from '../../src/accounts/auth-throttle.js';
import { PeopleService, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/accounts/people-service.js';
import type { AccountKeyService } from '../../src/accounts/account-key-service.js';
import type { ActivityRecorder } from '../../src/accounts/activity-recorder.js';
import type { Store } from '../../src/store/store.js';
import { type AccountsFixture, openAccountsFixture, PASSWORD, problemOf } from './account-services-fixture.js';
import { linkToken } from './outbox.js';

let now: number;
let fixture: AccountsFixture;
let dir: string;
let store: Store;
let activity: ActivityRecorder;
let people: PeopleService;
let accountKeys: AccountKeyService;
const mails = () => fixture.mails();
const verifiedOwner = (email?: string) => fixture.verifiedOwner(email);

beforeEach(async () => {
  now = Date.UTC(2026, 10, 23, 12, 0, 0);
  // A deployment without billing whose new accounts start on Standard (USSYNTH_DEFAULT_PLAN=standard).
  fixture = await openAccountsFixture(() => now);
  ({ dir, store, activity, people, accountKeys } = fixture);
});

afterEach(() => fixture.close());

describe('sign-up and verification', () => {
  it('creates an unverified Standard owner with an argon2id hash, and mails a single-use link', async () => {
    await people.signUp(' Ada@Example.com ', PASSWORD, '10.0.0.1');
    const person = await store.people.findPersonByEmail('ada@example.com');
    expect(person).toMatchObject({ email: 'ada@example.com', role: 'owner', emailVerifiedAt: null });
    expect(person!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await store.accounts.findAccount(person!.accountId)).toMatchObject({
      name: 'ada@example.com',
      tier: 'standard',
      rate: 10,
      monthlyQuota: 100_000,
    });
    const [mail] = mails();
    expect(mail).toMatch(/^To: ada@example.com$/m);
    const token = linkToken(mail, '/verify-email');
    await people.verifyEmail(token);
    expect((await store.people.findPerson(person!.id))!.emailVerifiedAt).toBe(now);
    expect((await problemOf(people.verifyEmail(token))).code).toBe('link_used');
  });

  it('answers a sign-up with a registered address the same way, mailing the owner a notice instead of a link', async () => {
    await people.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const first = await store.people.findPersonByEmail('ada@example.com');
    // The sign-up browser's cookie is set either way: a decoy of the same shape for a registered address.
    expect(await people.signUp('ada@example.com', 'another long password', '10.0.0.2')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await store.people.findPersonByEmail('ada@example.com')).toEqual(first);
    const notice = mails()[1];
    expect(notice).toContain('already has an account');
    expect(notice).not.toMatch(/#token=/);
  });

  it('refuses stale, forged and superseded links with their own codes', async () => {
    await people.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const old = linkToken(mails()[0], '/verify-email');
    await people.resendVerification('ada@example.com', '10.0.0.1');
    await expect.poll(() => mails().length).toBe(2);
    expect((await problemOf(people.verifyEmail(old))).code).toBe('link_expired');
    expect((await problemOf(people.verifyEmail('A'.repeat(43)))).code).toBe('link_invalid');
    expect((await problemOf(people.verifyEmail('not-a-token'))).code).toBe('link_invalid');
    const fresh = linkToken(mails()[1], '/verify-email');
    now += 24 * 3_600_000;
    expect((await problemOf(people.verifyEmail(fresh))).code).toBe('link_expired');
  });

  it('names the field of bad input', async () => {
    expect(await problemOf(people.signUp('not an address', PASSWORD, '10.0.0.1'))).toMatchObject({
      code: 'invalid_email',
      extras: { param: 'email' },
    });
    expect(await problemOf(people.signUp('ada@example.com', 'short', '10.0.0.1'))).toMatchObject({
      code: 'invalid_password',
      extras: { param: 'password' },
    });
    expect((await problemOf(people.signUp('ada@example.com', 'ada@example.com', '10.0.0.1'))).detail).toContain(
      'e-mail address',
    );
    expect(await store.people.findPersonByEmail('ada@example.com')).toBeUndefined();
  });

  it('keeps the account when the e-mail cannot be sent, so a new link can be asked for', async () => {
    const failing = new PeopleService({
      ...fixture.peopleDeps,
      mailer: {
        description: 'broken',
        send: () => Promise.reject(new Error('550 mailbox unavailable')),
        close: async () => {},
      },
      throttle: new AuthThrottle(),
      onBackgroundError: () => {},
    });
    expect((await problemOf(failing.signUp('ada@example.com', PASSWORD, '10.0.0.1'))).code).toBe('mail_unavailable');
    expect(await store.people.findPersonByEmail('ada@example.com')).toBeDefined();
    await people.resendVerification('ada@example.com', '10.0.0.1');
    await expect.poll(() => mails().length).toBe(1);
    await people.verifyEmail(linkToken(mails()[0], '/verify-email'));
  });
});

describe('signing in the browser that signed up when it follows the link', () => {
  it("starts a session only for the proof of this link's token, and only once", async () => {
    const proof = await people.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const token = linkToken(mails()[0], '/verify-email');
    const signedIn = await people.verifyEmail(token, undefined, proof);
    expect(signedIn?.session.person).toMatchObject({ email: 'ada@example.com', emailVerifiedAt: now });
    expect((await people.session(signedIn!.sessionId)).person.email).toBe('ada@example.com');
    // The link works once, proof or not.
    expect((await problemOf(people.verifyEmail(token, undefined, proof))).code).toBe('link_used');
  });

  it("signs in no other browser: none without the cookie, nor with another link's, a decoy, a forged one or the token itself", async () => {
    const adaProof = await people.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    // The decoy a registered address gets proves nothing.
    const decoy = await people.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const wrong: [string, (own: { proof: string; token: string }) => string | undefined][] = [
      ['no cookie', () => undefined],
      ["another link's proof", () => adaProof],
      ['the decoy', () => decoy],
      ['the token itself', (own) => own.token],
      ['a forged value', () => 'A'.repeat(43)],
      [
        'the proof with one character changed',
        (own) => `${own.proof.slice(0, -1)}${own.proof.endsWith('A') ? 'B' : 'A'}`,
      ],
    ];
    for (const [i, [what, cookie]] of wrong.entries()) {
      const email = `browser${i}@example.com`;
      const proof = await people.signUp(email, PASSWORD, '10.0.0.1');
      const token = linkToken(mails().find((mail) => mail.includes(`To: ${email}`))!, '/verify-email');
      expect(await people.verifyEmail(token, undefined, cookie({ proof, token })), what).toBeNull();
      const person = (await store.people.findPersonByEmail(email))!;
      // The address is confirmed all the same, and no session was started for it.
      expect(person.emailVerifiedAt, what).toBe(now);
      expect(await store.sessions.deleteSessionsOf(person.id), what).toBe(0);
    }
  });

  it("renews the session of a browser signed in as that person, and leaves another person's session alone", async () => {
    await people.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const before = await people.signIn('ada@example.com', PASSWORD, '10.0.0.1');
    const bob = await fixture.verifiedOwner('bob@example.com');
    const bobSession = (await people.signIn('bob@example.com', PASSWORD, '10.0.0.1')).sessionId;
    const adaToken = linkToken(mails().find((mail) => mail.includes('To: ada@example.com'))!, '/verify-email');
    const after = await people.verifyEmail(adaToken, before.sessionId);
    expect(after?.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(after!.sessionId).not.toBe(before.sessionId);
    expect((await problemOf(people.session(before.sessionId))).code).toBe('not_signed_in');
    // Signed in as Bob, a browser following Ada's link (without her sign-up cookie) stays Bob's and is not signed in as Ada.
    await people.signUp('carol@example.com', PASSWORD, '10.0.0.1');
    const carolToken = linkToken(mails().find((mail) => mail.includes('To: carol@example.com'))!, '/verify-email');
    expect(await people.verifyEmail(carolToken, bobSession)).toBeNull();
    expect((await people.session(bobSession)).person.id).toBe(bob.person.id);
  });
});

describe('sign-in and sessions', () => {
  it('gives the same problem for an unknown address and a wrong password', async () => {
    await people.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const unknown = await problemOf(people.signIn('bob@example.com', PASSWORD, '10.0.0.1'));
    const wrong = await problemOf(people.signIn('ada@example.com', 'not the password at all', '10.0.0.1'));
    expect([unknown.code, unknown.detail]).toEqual([wrong.code, wrong.detail]);
    expect(wrong.code).toBe('invalid_credentials');
  });

  it('stores only the digest of the session id, and a new id at every sign-in', async () => {
    await people.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const first = await people.signIn('ada@example.com', PASSWORD, '10.0.0.1');
    const second = await people.signIn('ada@example.com', PASSWORD, '10.0.0.1');
    expect(first.sessionId).not.toBe(second.sessionId);
    await activity.flush();
    const bytes =
      readFileSync(join(dir, 'store.sqlite')).toString('latin1') +
      readFileSync(join(dir, 'store.sqlite-wal')).toString('latin1');
    expect(bytes).not.toContain(first.sessionId);
    expect(bytes).not.toContain(PASSWORD);
    expect((await people.session(first.sessionId)).person.email).toBe('ada@example.com');
  });

  it('ends a session after 2 h idle and 12 h after sign-in, however active', async () => {
    await people.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    const idle = await people.signIn('ada@example.com', PASSWORD, '10.0.0.1');
    now += SESSION_IDLE_MS;
    expect((await problemOf(people.session(idle.sessionId))).code).toBe('not_signed_in');
    const busy = await people.signIn('ada@example.com', PASSWORD, '10.0.0.1');
    const start = now;
    while (now < start + SESSION_ABSOLUTE_MS - SESSION_IDLE_MS / 2) {
      now += SESSION_IDLE_MS / 2;
      await people.session(busy.sessionId);
    }
    now = start + SESSION_ABSOLUTE_MS;
    expect((await problemOf(people.session(busy.sessionId))).detail).toContain('expired');
  });

  it('throttles guessing per address from any IP, with a Retry-After', async () => {
    await people.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    for (let i = 0; i < AUTH_LIMITS.failedSigninsPerAddress; i++) {
      expect((await problemOf(people.signIn('ada@example.com', `wrong password ${i}`, `10.0.1.${i}`))).code).toBe(
        'invalid_credentials',
      );
    }
    // Even the right password is refused while the address is throttled, from any IP.
    const throttled = await problemOf(people.signIn('ada@example.com', PASSWORD, '10.0.2.1'));
    expect(throttled.code).toBe('too_many_attempts');
    expect(Number(throttled.extras.headers!['retry-after'])).toBeGreaterThan(0);
  });

  it('signs out everywhere, and a password change ends the other sessions only', async () => {
    const session = await verifiedOwner();
    const other = await people.signIn('ada@example.com', PASSWORD, '10.0.0.1');
    await people.changePassword(session, PASSWORD, 'a brand new passphrase');
    expect((await problemOf(people.session(other.sessionId))).code).toBe('not_signed_in');
    const kept = await people.signIn('ada@example.com', 'a brand new passphrase', '10.0.0.1');
    expect((await problemOf(people.changePassword(kept.session, PASSWORD, 'something else entirely'))).code).toBe(
      'invalid_credentials',
    );
    const third = await people.signIn('ada@example.com', 'a brand new passphrase', '10.0.0.1');
    expect(await people.signOutEverywhere(third.session)).toBe(3);
    expect((await problemOf(people.session(third.sessionId))).code).toBe('not_signed_in');
  });
});

describe('password reset', () => {
  it('mails a link only to known addresses, sets the password once, and ends every session', async () => {
    const session = await verifiedOwner();
    const signedIn = (await people.signIn('ada@example.com', PASSWORD, '10.0.0.1')).sessionId;
    await people.forgotPassword('nobody@example.com', '10.0.0.1');
    await people.forgotPassword('ada@example.com', '10.0.0.1');
    await expect.poll(() => mails().length).toBe(2);
    const token = linkToken(mails()[1], '/reset-password');
    // A refused password leaves the link usable.
    expect((await problemOf(people.resetPassword(token, 'short'))).code).toBe('invalid_password');
    await people.resetPassword(token, 'the new and long passphrase');
    expect((await problemOf(people.resetPassword(token, 'yet another long passphrase'))).code).toBe('link_used');
    expect((await problemOf(people.session(signedIn))).code).toBe('not_signed_in');
    expect((await problemOf(people.session(undefined))).code).toBe('not_signed_in');
    await people.signIn('ada@example.com', 'the new and long passphrase', '10.0.0.1');
    expect(session.person.email).toBe('ada@example.com');
  });

  it('expires reset links after an hour', async () => {
    await verifiedOwner();
    await people.forgotPassword('ada@example.com', '10.0.0.1');
    await expect.poll(() => mails().length).toBe(2);
    now += 3_600_000;
    expect(
      (await problemOf(people.resetPassword(linkToken(mails()[1], '/reset-password'), 'the new and long passphrase')))
        .code,
    ).toBe('link_expired');
  });
});

describe('deletion', () => {
  it('deletes the account after the password: keys revoked at once, sign-in gone, the address free again', async () => {
    const session = await verifiedOwner();
    const made = await accountKeys.createKey(session, 'ci', null);
    expect((await problemOf(people.deleteAccount(session, 'wrong password here'))).code).toBe('invalid_credentials');
    await people.deleteAccount(session, PASSWORD);
    expect((await store.findKey(made.listing.id))!.revokedAt).toBe(now);
    expect((await problemOf(people.signIn('ada@example.com', PASSWORD, '10.0.0.1'))).code).toBe('invalid_credentials');
    await people.signUp('ada@example.com', PASSWORD, '10.0.0.1');
    expect((await store.people.findPersonByEmail('ada@example.com'))!.accountId).not.toBe(session.account.id);
  });
});
