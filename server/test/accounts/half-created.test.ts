import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ACCOUNT_CAPS } from '../../src/accounts/account-caps.js';
import { AuthThrottle } from '../../src/accounts/auth-throttle.js';
import { issueKey } from '../../src/store/issue-key.js';
import { Database } from '../../src/store/sqlite/sqlite-driver.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { linkToken, outboxMails } from './outbox.js';

// "A failed request must never leave a half-created account, key or session" (issue 22): each create path is run
// against the real store file with the store failing mid-way. The failure is real SQLite: a trigger, added through a
// second connection to the same file, aborts one statement of the path (the way a full disk or a lost connection
// would), and the test then reads the file for leftovers.
const PASSWORD = 'correct horse battery staple';
let server: TestServer;
let db: InstanceType<typeof Database>;
let triggers = 0;

/** Makes every `event` (INSERT, UPDATE, DELETE) on `table` fail until the returned function is called. */
function failOn(event: 'INSERT' | 'UPDATE' | 'DELETE', table: string): () => void {
  const name = `injected_failure_${++triggers}`;
  db.exec(
    `CREATE TRIGGER ${name} BEFORE ${event} ON ${table} BEGIN SELECT RAISE(ABORT, 'injected store failure'); END`,
  );
  return () => db.exec(`DROP TRIGGER ${name}`);
}

const count = (sql: string, ...params: unknown[]) => (db.prepare(sql).get(...params) as { n: number }).n;

function call(
  method: string,
  path: string,
  body?: unknown,
  session?: { cookie: string; csrf?: string },
): Promise<Response> {
  return fetch(`${server.url}/account/v1${path}`, {
    method,
    headers: {
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(session ? { cookie: session.cookie, ...(session.csrf ? { 'x-csrf-token': session.csrf } : {}) } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A failed request: a problem+json 500 that discloses nothing of the store's error. */
async function expectFailed(response: Response): Promise<void> {
  expect(response.status).toBe(500);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = (await response.json()) as { code: string; detail: string };
  expect(body.code).toBe('internal_error');
  expect(body.detail).not.toMatch(/injected|sqlite|trigger/i);
}

async function verifiedSession(
  email: string,
): Promise<{ cookie: string; csrf: string; personId: number; accountId: number }> {
  expect((await call('POST', '/signup', { email, password: PASSWORD })).status).toBe(202);
  const mail = outboxMails(server.outbox).find(
    (text) => text.includes(`To: ${email}`) && text.includes('/verify-email#token='),
  )!;
  expect((await call('POST', '/verification/confirm', { token: linkToken(mail, '/verify-email') })).status).toBe(200);
  const response = await call('POST', '/session', { email, password: PASSWORD });
  const cookie = response.headers.get('set-cookie')!.split(';')[0];
  const me = (await (await call('GET', '/me', undefined, { cookie })).json()) as { csrfToken: string };
  const person = (await server.store.people.findPersonByEmail(email))!;
  return { cookie, csrf: me.csrfToken, personId: person.id, accountId: person.accountId };
}

beforeAll(async () => {
  const wide = new RateLimiterMemory({ points: 100_000, duration: 60 });
  server = await startTestServer({ throttle: new AuthThrottle({ perIp: wide, mails: wide, failedSignins: wide }) });
  db = new Database(server.dbPath);
});
afterAll(async () => {
  db?.close();
  await server?.destroy();
});

describe('sign-up with the store failing mid-way', () => {
  for (const [step, table] of [
    ['the owner', 'people'],
    ['the first verification link', 'email_tokens'],
    ['the plan record', 'plan_changes'],
  ] as const) {
    it(`leaves no account, person, plan record or link when storing ${step} fails; the same address can sign up after`, async () => {
      const email = `signup-${table}@example.com`;
      const restore = failOn('INSERT', table);
      try {
        await expectFailed(await call('POST', '/signup', { email, password: PASSWORD }));
      } finally {
        restore();
      }
      expect(count('SELECT count(*) AS n FROM accounts WHERE name = ?', email)).toBe(0);
      expect(count('SELECT count(*) AS n FROM people WHERE email = ?', email)).toBe(0);
      expect(count('SELECT count(*) AS n FROM plan_changes WHERE account_id NOT IN (SELECT id FROM accounts)')).toBe(0);
      expect(count('SELECT count(*) AS n FROM email_tokens WHERE person_id NOT IN (SELECT id FROM people)')).toBe(0);
      expect(outboxMails(server.outbox).some((mail) => mail.includes(`To: ${email}`))).toBe(false);
      // Not "already registered": a whole new account, with its link.
      expect((await call('POST', '/signup', { email, password: PASSWORD })).status).toBe(202);
      const mail = outboxMails(server.outbox).find((text) => text.includes(`To: ${email}`))!;
      expect((await call('POST', '/verification/confirm', { token: linkToken(mail, '/verify-email') })).status).toBe(
        200,
      );
    });
  }
});

describe('sign-in with the store failing mid-way', () => {
  it("leaves no session when storing it fails, and ends none of the person's others", async () => {
    const { personId } = await verifiedSession('signin-insert@example.com');
    const before = count('SELECT count(*) AS n FROM sessions WHERE person_id = ?', personId);
    const restore = failOn('INSERT', 'sessions');
    try {
      const response = await call('POST', '/session', { email: 'signin-insert@example.com', password: PASSWORD });
      await expectFailed(response);
      expect(response.headers.get('set-cookie')).toBeNull();
    } finally {
      restore();
    }
    expect(count('SELECT count(*) AS n FROM sessions WHERE person_id = ?', personId)).toBe(before);
  });

  it(`at the cap of ${ACCOUNT_CAPS.sessionsPerPerson}: when ending the oldest fails, the new session is not kept either`, async () => {
    const { personId } = await verifiedSession('signin-trim@example.com');
    const now = Date.now();
    for (let i = 1; i < ACCOUNT_CAPS.sessionsPerPerson; i++)
      await server.store.sessions.createSession(randomBytes(32), personId, 'csrf', now - i, now + 3_600_000);
    const digests = () =>
      (
        db.prepare('SELECT hex(id_digest) AS d FROM sessions WHERE person_id = ? ORDER BY d').all(personId) as {
          d: string;
        }[]
      ).map((row) => row.d);
    const before = digests();
    expect(before).toHaveLength(ACCOUNT_CAPS.sessionsPerPerson);
    const restore = failOn('DELETE', 'sessions');
    try {
      await expectFailed(await call('POST', '/session', { email: 'signin-trim@example.com', password: PASSWORD }));
    } finally {
      restore();
    }
    expect(digests()).toEqual(before);
    // And with the store back, the sign-in works and the oldest ends.
    expect((await call('POST', '/session', { email: 'signin-trim@example.com', password: PASSWORD })).status).toBe(200);
    expect(digests()).toHaveLength(ACCOUNT_CAPS.sessionsPerPerson);
  });
});

describe('keys with the store failing mid-way', () => {
  it('creating a key: no key is stored and none is shown', async () => {
    const session = await verifiedSession('key-create@example.com');
    const restore = failOn('INSERT', 'api_keys');
    try {
      await expectFailed(await call('POST', '/keys', { name: 'ci' }, session));
    } finally {
      restore();
    }
    expect(count('SELECT count(*) AS n FROM api_keys WHERE account_id = ?', session.accountId)).toBe(0);
    expect((await call('POST', '/keys', { name: 'ci' }, session)).status).toBe(201);
  });

  it('rolling a key: when ending the old one fails, the new one is not kept and the old one keeps working as it was', async () => {
    const session = await verifiedSession('key-roll@example.com');
    const old = (await (await call('POST', '/keys', { name: 'ci' }, session)).json()) as { id: string; key: string };
    const restore = failOn('UPDATE', 'api_keys');
    try {
      await expectFailed(await call('POST', `/keys/${old.id}/roll`, { graceSeconds: 0 }, session));
    } finally {
      restore();
    }
    expect(
      db
        .prepare('SELECT id, expires_at AS expiresAt, revoked_at AS revokedAt FROM api_keys WHERE account_id = ?')
        .all(session.accountId),
    ).toEqual([{ id: old.id, expiresAt: null, revokedAt: null }]);
    expect((await server.get('/v1/ein', old.key)).status).toBe(200);
  });

  it("the operator's `keys create` for a new account: neither the account nor the key is left", async () => {
    const restore = failOn('INSERT', 'api_keys');
    try {
      await expect(
        issueKey(
          server.store,
          { name: 'operator-made', tier: 'pro', rate: 100, monthlyQuota: 1_000_000 },
          'live',
          Date.now(),
        ),
      ).rejects.toThrow(/injected store failure/);
    } finally {
      restore();
    }
    expect(await server.store.accounts.findAccountByName('operator-made')).toBeUndefined();
  });
});
