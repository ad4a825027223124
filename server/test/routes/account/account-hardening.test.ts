import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ACCOUNT_CAPS } from '../../../src/accounts/account-caps.js';
import { AuthThrottle } from '../../../src/accounts/auth-throttle.js';
import { startTestServer, type TestServer } from '../../test-server.js';
import { linkToken, outboxMails } from '../../accounts/outbox.js';

// Issue 22's account findings (items 5 to 9), each against a real server on a real SQLite file.
const PASSWORD = 'correct horse battery staple';
let server: TestServer;

type Session = { cookie: string; csrf: string };

/** A JSON call of the account API from the service's own pages (same Origin), with a cookie and CSRF token when given. */
function call(method: string, path: string, body?: unknown, session?: Partial<Session>): Promise<Response> {
  return fetch(`${server.url}/account/v1${path}`, {
    method,
    headers: {
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(session?.cookie ? { cookie: session.cookie } : {}),
      ...(session?.csrf ? { 'x-csrf-token': session.csrf } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function problem(
  response: Response,
): Promise<{ status: number; code: string; param?: string; detail: string; type: string }> {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return {
    status: response.status,
    ...((await response.json()) as { code: string; param?: string; detail: string; type: string }),
  };
}

/** The newest mail to `email` holding a link to `path`, waited for (reset mails are sent after the answer). */
async function mailedToken(email: string, path: string, skip = 0): Promise<string> {
  let mails: string[] = [];
  await expect
    .poll(
      () =>
        (mails = outboxMails(server.outbox).filter(
          (text) => text.includes(`To: ${email}`) && text.includes(`${path}#token=`),
        )).length,
    )
    .toBeGreaterThan(skip);
  return linkToken(mails[mails.length - 1], path);
}

async function signIn(email: string): Promise<Session> {
  const response = await call('POST', '/session', { email, password: PASSWORD });
  expect(response.status).toBe(200);
  const cookie = response.headers.get('set-cookie')!.split(';')[0];
  const me = (await (await call('GET', '/me', undefined, { cookie })).json()) as { csrfToken: string };
  return { cookie, csrf: me.csrfToken };
}

/** Signs up, verifies through the e-mailed link and signs in. */
async function verifiedSession(email: string): Promise<Session> {
  expect((await call('POST', '/signup', { email, password: PASSWORD })).status).toBe(202);
  expect(
    (await call('POST', '/verification/confirm', { token: await mailedToken(email, '/verify-email') })).status,
  ).toBe(200);
  return signIn(email);
}

async function createKey(session: Session, name: string): Promise<Response> {
  return call('POST', '/keys', { name }, session);
}

beforeAll(async () => {
  // Every request comes from 127.0.0.1: wide budgets, so these tests do not throttle each other (auth-throttle.test.ts has the real ones).
  const wide = new RateLimiterMemory({ points: 100_000, duration: 60 });
  server = await startTestServer({ throttle: new AuthThrottle({ perIp: wide, mails: wide, failedSignins: wide }) });
});
afterAll(() => server.destroy());

describe('verifying an address ends every other session of that person (item 5)', () => {
  it("signs out whoever pre-registered the victim's address and signed in before the victim confirmed it", async () => {
    const victim = 'victim@example.com';
    expect((await call('POST', '/signup', { email: victim, password: PASSWORD })).status).toBe(202);
    const attacker = await signIn(victim);
    expect((await call('GET', '/me', undefined, attacker)).status).toBe(200);
    // The victim follows the link in their mailbox, in their own browser (no cookie).
    expect(
      (await call('POST', '/verification/confirm', { token: await mailedToken(victim, '/verify-email') })).status,
    ).toBe(200);
    expect((await problem(await call('GET', '/me', undefined, attacker))).code).toBe('not_signed_in');
    expect((await createKey(attacker, 'stolen')).status).toBe(401);
  });

  it("keeps the browser that followed the link signed in when it was the same person's, with a new session id, and ends their others", async () => {
    const email = 'self@example.com';
    expect((await call('POST', '/signup', { email, password: PASSWORD })).status).toBe(202);
    const [here, elsewhere] = [await signIn(email), await signIn(email)];
    const confirmed = await call(
      'POST',
      '/verification/confirm',
      { token: await mailedToken(email, '/verify-email') },
      here,
    );
    expect(await confirmed.json()).toEqual({ verified: true, signedIn: true });
    // The session is renewed as the address is proven: the id the browser held before (which someone could have
    // planted in it) ends with the others.
    const cookie = confirmed.headers
      .getSetCookie()
      .find((c) => c.startsWith('ussynth_session='))!
      .split(';')[0];
    expect(cookie).not.toBe(here.cookie);
    expect((await call('GET', '/me', undefined, here)).status).toBe(401);
    expect((await call('GET', '/me', undefined, elsewhere)).status).toBe(401);
    const renewed = (await (await call('GET', '/me', undefined, { cookie })).json()) as {
      csrfToken: string;
      verified: boolean;
    };
    expect(renewed.verified).toBe(true);
    expect((await createKey({ cookie, csrf: renewed.csrfToken }, 'ci')).status).toBe(201);
  });
});

describe('a password change voids earlier reset links (item 6)', () => {
  it('refuses a reset link mailed before the change, and one mailed after works', async () => {
    const email = 'changer@example.com';
    const session = await verifiedSession(email);
    expect((await call('POST', '/password/forgot', { email })).status).toBe(202);
    const before = await mailedToken(email, '/reset-password');
    expect(
      (await call('POST', '/password', { current: PASSWORD, new: 'a brand new passphrase' }, session)).status,
    ).toBe(200);
    const stale = await problem(
      await call('POST', '/password/reset', { token: before, password: 'attacker passphrase 1' }),
    );
    expect(stale).toMatchObject({ status: 400, code: 'link_expired' });
    expect((await call('POST', '/session', { email, password: 'attacker passphrase 1' })).status).toBe(401);
    // A link asked for after the change works as always.
    expect((await call('POST', '/password/forgot', { email })).status).toBe(202);
    const after = await mailedToken(email, '/reset-password', 1);
    expect((await call('POST', '/password/reset', { token: after, password: 'the owner passphrase' })).status).toBe(
      200,
    );
  });
});

describe('revocation and deletion are immediate on the instance that made them (item 7)', () => {
  it("refuses a key on the very next request after its revocation, its roll with no grace and its account's deletion", async () => {
    const session = await verifiedSession('revoker@example.com');
    const made = (await (await createKey(session, 'ci')).json()) as { key: string; id: string };
    // Used once: the key is now in this instance's key cache (1 s).
    expect((await server.get('/v1/ein', made.key)).status).toBe(200);
    expect((await call('POST', `/keys/${made.id}/revoke`, undefined, session)).status).toBe(204);
    expect((await problem(await server.get('/v1/ein', made.key))).code).toBe('revoked_api_key');

    const rolled = (await (await createKey(session, 'rolled')).json()) as { key: string; id: string };
    expect((await server.get('/v1/ein', rolled.key)).status).toBe(200);
    const next = (await (await call('POST', `/keys/${rolled.id}/roll`, { graceSeconds: 0 }, session)).json()) as {
      key: string;
    };
    expect((await problem(await server.get('/v1/ein', rolled.key))).code).toBe('revoked_api_key');
    expect((await server.get('/v1/ein', next.key)).status).toBe(200);

    expect((await call('DELETE', '/account', { password: PASSWORD }, session)).status).toBe(204);
    expect((await problem(await server.get('/v1/ein', next.key))).code).toBe('revoked_api_key');
  });
});

describe('control and format characters in e-mail addresses (item 8)', () => {
  it('refuses them with 400 invalid_email naming the field and the character, and creates nothing', async () => {
    const cases: [string, string][] = [
      ['a\u0000b@example.com', 'U+0000'],
      ['a\u0007b@example.com', 'U+0007'],
      ['a\u001b[2Jb@example.com', 'U+001B'],
      ['a\u0085b@example.com', 'U+0085'],
      ['a\u009bb@example.com', 'U+009B'],
      ['a\u200bb@example.com', 'U+200B'],
      ['a\u202eb@example.com', 'U+202E'],
    ];
    for (const [email, named] of cases) {
      for (const path of ['/signup', '/session']) {
        const refused = await problem(await call('POST', path, { email, password: PASSWORD }));
        expect(refused, JSON.stringify(email)).toMatchObject({ status: 400, code: 'invalid_email', param: 'email' });
        expect(refused.detail).toContain(named);
        // The echoed address is escaped: no raw control character in the answer.
        expect(refused.detail).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b\u202e]/);
      }
    }
    expect(await server.store.people.findPersonByEmail('ab@example.com')).toBeUndefined();
    const fullWidth = await problem(await call('POST', '/signup', { email: 'ａｄａ@example.com', password: PASSWORD }));
    expect(fullWidth).toMatchObject({ status: 400, code: 'invalid_email', param: 'email' });
    expect(fullWidth.detail).toMatch(/full-width/);
  });

  it('compares addresses after NFC normalisation: a decomposed accent is the same account as the composed one', async () => {
    const composed = 'jos\u00e9@example.com';
    const decomposed = 'jose\u0301@example.com';
    expect((await call('POST', '/signup', { email: decomposed, password: PASSWORD })).status).toBe(202);
    expect((await call('POST', '/signup', { email: composed, password: PASSWORD })).status).toBe(202);
    const person = await server.store.people.findPersonByEmail(composed);
    expect(person?.email).toBe(composed);
    const accounts = (await server.store.accounts.listAccounts('2026-01', Date.now())).filter(
      (a) => a.name.normalize('NFC') === composed,
    );
    expect(accounts).toHaveLength(1);
    // The second sign-up got the "already registered" notice, not a second account.
    expect(
      outboxMails(server.outbox).filter(
        (mail) =>
          mail.includes('/verify-email#token=') &&
          mail.includes('example.com') &&
          mail.normalize('NFC').includes(composed),
      ),
    ).toHaveLength(1);
  });
});

describe('caps on keys and sessions, and the paginated key list (item 9)', () => {
  it(`keeps at most ${ACCOUNT_CAPS.workingKeysPerAccount} working keys per account, even under concurrent creation, with a clear 409`, async () => {
    const session = await verifiedSession('keys-cap@example.com');
    for (let i = 0; i < ACCOUNT_CAPS.workingKeysPerAccount - 10; i++)
      expect((await createKey(session, `k${i}`)).status).toBe(201);
    // 25 at once for the last 10 places.
    const raced = await Promise.all(Array.from({ length: 25 }, (_, i) => createKey(session, `race${i}`)));
    expect(raced.filter((r) => r.status === 201)).toHaveLength(10);
    const refusals = raced.filter((r) => r.status !== 201);
    for (const refused of refusals)
      expect(await problem(refused)).toMatchObject({
        status: 409,
        code: 'key_limit_reached',
        type: expect.stringContaining('key_limit_reached'),
      });
    // Revoking one makes room for one.
    const first = await call('GET', '/keys?limit=1', undefined, session);
    const [newest] = ((await first.json()) as { keys: { id: string }[] }).keys;
    expect((await call('POST', `/keys/${newest.id}/revoke`, undefined, session)).status).toBe(204);
    expect((await createKey(session, 'after-revoke')).status).toBe(201);
    expect((await createKey(session, 'one-too-many')).status).toBe(409);
  });

  it('pages GET /keys by cursor: every key once, newest first; bad limits and cursors are 400 naming the parameter', async () => {
    const session = await verifiedSession('pages@example.com');
    for (let i = 0; i < 45; i++) expect((await createKey(session, `p${i}`)).status).toBe(201);
    const whole = (await (await call('GET', '/keys', undefined, session)).json()) as {
      keys: { id: string; createdAt: string }[];
      nextCursor: string | null;
    };
    expect(whole.keys).toHaveLength(45);
    expect(whole.nextCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await call(
        'GET',
        `/keys?limit=20${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
        undefined,
        session,
      );
      expect(response.status).toBe(200);
      const page = (await response.json()) as { keys: { id: string }[]; nextCursor: string | null };
      expect(page.keys.length).toBeLessThanOrEqual(20);
      seen.push(...page.keys.map((k) => k.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(whole.keys.map((k) => k.id));
    const times = whole.keys.map((k) => k.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    for (const [query, param] of [
      ['limit=0', 'limit'],
      [`limit=${ACCOUNT_CAPS.keysPerPage + 1}`, 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=bm9wZQ', 'cursor'],
      ['page=2', 'page'],
    ] as const) {
      const refused = await problem(await call('GET', `/keys?${query}`, undefined, session));
      expect(refused.status, query).toBe(400);
      expect(refused.param, query).toBe(param);
    }
  });

  it(`keeps at most ${ACCOUNT_CAPS.sessionsPerPerson} sessions per person, ending the oldest first`, async () => {
    const email = 'sessions-cap@example.com';
    await verifiedSession(email);
    const sessions: Session[] = [];
    for (let i = 0; i < ACCOUNT_CAPS.sessionsPerPerson + 5; i++) sessions.push(await signIn(email));
    const alive = await Promise.all(sessions.map(async (s) => (await call('GET', '/me', undefined, s)).status === 200));
    // The first sign-in of verifiedSession and the 5 oldest of these have ended; the newest 20 live.
    expect(alive.slice(0, 5)).toEqual(Array(5).fill(false));
    expect(alive.slice(5)).toEqual(Array(ACCOUNT_CAPS.sessionsPerPerson).fill(true));
  });

  it('holds the session cap under concurrent sign-ins', async () => {
    const email = 'sessions-race@example.com';
    await verifiedSession(email);
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => call('POST', '/session', { email, password: PASSWORD })),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const cookies = responses.map((r) => r.headers.get('set-cookie')!.split(';')[0]);
    const alive = await Promise.all(
      cookies.map(async (cookie) => (await call('GET', '/me', undefined, { cookie })).status === 200),
    );
    expect(alive.filter(Boolean)).toHaveLength(ACCOUNT_CAPS.sessionsPerPerson);
  });
});
