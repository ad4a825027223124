import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/accounts/password-hasher.js';
import { clientSecretContext, sealSecret } from '../../src/sso/secret-box.js';
import { FOREIGN_DOMAIN_MESSAGE } from '../../src/sso/sso-sign-in.js';
import { TIER_LIMITS } from '../../src/store/tiers.js';
import { startOidcProvider, type TestOidcProvider } from '../oidc-test-provider.js';
import { startTestServer, type TestServer } from '../test-server.js';

// Issue 37 part 4: an account's OpenID Provider signs someone in with an address outside the account's domains. The
// page tells that person nothing of the account (its name is its owner's address; its domains); the server's log
// says which account refused whom. A real server on SQLite writing its log to a file, the real test OpenID Provider.
const OWNER = 'owner.secret@bigco.example';
const DOMAINS = ['bigco.example', 'bigco-labs.example'];
let server: TestServer;
let idp: TestOidcProvider;
let accountId = 0;
const dir = mkdtempSync(join(tmpdir(), 'ussynth-sso-foreign-'));
const logFile = join(dir, 'server.log');

beforeAll(async () => {
  server = await startTestServer({ logFile });
  idp = await startOidcProvider({ redirectUris: [`${server.url}/signin/sso/callback`] });
  const owner = await server.store.people.createOwner(
    OWNER,
    await hashPassword('a long enough passphrase'),
    'enterprise',
    TIER_LIMITS.standard,
    Date.now(),
  );
  if (owner === 'exists') throw new Error(`${OWNER} exists already`);
  accountId = owner.accountId;
  await server.store.sso.setConnection(
    accountId,
    {
      issuer: idp.issuer,
      clientId: idp.dashboard.id,
      sealedClientSecret: sealSecret(server.secretKey, clientSecretContext(accountId), idp.dashboard.secret),
      audience: idp.audience,
      jwksUri: `${idp.issuer}/jwks`,
      orgClaim: null,
      orgValue: null,
      domains: DOMAINS,
    },
    Date.now(),
  );
});

afterAll(async () => {
  await server?.destroy();
  await idp?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts "Sign in with SSO" as a browser would, signs in at the provider as `login`, and opens the callback with the browser's cookies. */
async function signInThroughProvider(email: string, login: string): Promise<Response> {
  const started = await fetch(`${server.url}/account/v1/sso/start`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(started.status).toBe(200);
  const cookie = started.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
  const callback = await idp.signInAs(authorizationUrl, login);
  return fetch(callback, { headers: { cookie }, redirect: 'manual' });
}

describe("an SSO sign-in with an address outside the account's domains", () => {
  it('shows a generic page naming neither the account nor its domains, and logs both', async () => {
    const response = await signInThroughProvider('eve@bigco.example', 'eve@elsewhere.example');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.getSetCookie().some((c) => c.startsWith('ussynth_session='))).toBe(false);
    const page = await response.text();
    expect(page).toContain(FOREIGN_DOMAIN_MESSAGE);
    for (const secret of [OWNER, 'owner.secret', ...DOMAINS, 'bigco']) expect(page, secret).not.toContain(secret);
    expect((await server.store.people.listPeople(accountId)).map((p) => p.email)).toEqual([OWNER]);
    // A sign-in within the domains still works (the check is the same; only its words changed).
    const member = await signInThroughProvider('kim@bigco-labs.example', 'kim@bigco-labs.example');
    expect(member.status).toBe(303);
    expect(member.headers.get('location')).toBe('/dashboard');

    await server.close();
    const refused = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'SSO sign-in refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      level: 40,
      reason: FOREIGN_DOMAIN_MESSAGE,
      accountId,
      account: OWNER,
      domains: [...DOMAINS].sort(),
      issuer: idp.issuer,
      signedInDomain: 'elsewhere.example',
    });
  });
});
