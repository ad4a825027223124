import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../src/accounts/password-hasher.js';
import { PAGE_CSP } from '../../../src/http/page-headers.js';
import { clientSecretContext, sealSecret } from '../../../src/sso/secret-box.js';
import { TIER_LIMITS } from '../../../src/store/tiers.js';
import { startOidcProvider, type TestOidcProvider } from '../../oidc-test-provider.js';
import { startTestServer, type TestServer } from '../../test-server.js';

// "Sign in with SSO" over HTTP against a real OpenID Provider on loopback, whose own login and consent pages
// are answered by the test (the Chromium journey is in e2e/sso.test.ts); then attacks on the callback.
let server: TestServer;
let idp: TestOidcProvider;
let accountId = 0;
const DOMAIN = 'bigco.example';

beforeAll(async () => {
  server = await startTestServer();
  idp = await startOidcProvider({ redirectUris: [`${server.url}/signin/sso/callback`] });
  const { id } = await server.key('enterprise');
  accountId = (await server.store.findKey(id))!.accountId;
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
      domains: [DOMAIN],
    },
    Date.now(),
  );
  // Signed up with a password before the domain went to SSO: that address belongs to another account.
  await server.store.people.createOwner(
    `early@${DOMAIN}`,
    await hashPassword('an early careful passphrase'),
    'standard',
    TIER_LIMITS.standard,
    Date.now(),
  );
});

afterAll(async () => {
  await server?.destroy();
  await idp?.stop();
});

/** A browser's cookies on the service, by name. */
class Browser {
  cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  async send(
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const response = await fetch(server.url + path, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: this.header(),
        origin: server.url,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (pair.slice(eq + 1) === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie))
        this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  }
  /** Starts "Sign in with SSO" and returns the provider's authorization URL. */
  async startSso(email: string): Promise<string> {
    const response = await this.send('/account/v1/sso/start', { method: 'POST', body: { email } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { authorizationUrl: string }).authorizationUrl;
  }
  /** Opens the callback URL the provider sent the browser to. */
  callback(url: string): Promise<Response> {
    return this.send(url.slice(server.url.length));
  }
}

async function expectFailurePage(response: Response, text: RegExp): Promise<void> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('content-security-policy')).toBe(PAGE_CSP);
  const page = await response.text();
  expect(page).toMatch(text);
  expect(page).toContain('<a href="/signin">Back to sign-in</a>');
  expect(page).not.toMatch(/at \w+ \(|Error:|node_modules/);
}

describe('Sign in with SSO', () => {
  it('signs a person of the domain in through the provider with PKCE, state and nonce, as a member created on first sign-in', async () => {
    const browser = new Browser();
    const authorizationUrl = new URL(await browser.startSso(`Grace@${DOMAIN.toUpperCase()}`));
    expect(authorizationUrl.origin).toBe(idp.issuer);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      client_id: idp.dashboard.id,
      redirect_uri: `${server.url}/signin/sso/callback`,
      response_type: 'code',
      code_challenge_method: 'S256',
      login_hint: `grace@${DOMAIN}`,
    });
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(authorizationUrl.searchParams.get(name)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The started sign-in itself, sealed: the browser cannot read its state, nonce or PKCE verifier.
    const sealed = browser.cookies.get('ussynth_sso')!;
    expect(sealed).toMatch(/^[A-Za-z0-9_-]{200,}$/);
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain(
      authorizationUrl.searchParams.get('state')!,
    );

    const callback = await idp.signInAs(authorizationUrl.href, `grace@${DOMAIN}`);
    expect(callback.startsWith(`${server.url}/signin/sso/callback?code=`)).toBe(true);
    const landed = await browser.callback(callback);
    expect(landed.status).toBe(303);
    expect(landed.headers.get('location')).toBe('/dashboard');
    expect(browser.cookies.has('ussynth_sso')).toBe(false);
    const me = (await (await browser.send('/account/v1/me')).json()) as {
      email: string;
      role: string;
      verified: boolean;
      account: { name: string; plan: string };
    };
    expect(me).toMatchObject({
      email: `grace@${DOMAIN}`,
      role: 'member',
      verified: true,
      account: { plan: 'enterprise' },
    });
    const people = await server.store.people.listPeople(accountId);
    expect(people.map((p) => [p.email, p.role, p.passwordHash])).toEqual([[`grace@${DOMAIN}`, 'member', null]]);

    // The second sign-in finds the same member.
    const again = new Browser();
    expect(
      (await again.callback(await idp.signInAs(await again.startSso(`grace@${DOMAIN}`), `grace@${DOMAIN}`))).status,
    ).toBe(303);
    expect(await server.store.people.listPeople(accountId)).toHaveLength(1);
  });

  it("shows the account's SSO settings to a member, read-only, never the secret; a member cannot change them or the plan", async () => {
    const browser = new Browser();
    await browser.callback(await idp.signInAs(await browser.startSso(`lin@${DOMAIN}`), `lin@${DOMAIN}`));
    const me = (await (await browser.send('/account/v1/me')).json()) as { csrfToken: string };
    const settings = await browser.send('/account/v1/sso');
    const text = await settings.text();
    expect(JSON.parse(text)).toEqual({
      sso: {
        issuer: idp.issuer,
        clientId: idp.dashboard.id,
        audience: idp.audience,
        orgClaim: null,
        orgValue: null,
        domains: [DOMAIN],
        updatedAt: expect.any(String),
      },
      redirectUri: `${server.url}/signin/sso/callback`,
    });
    expect(text).not.toContain(idp.dashboard.secret);
    const csrf = { 'x-csrf-token': me.csrfToken };
    for (const [method, path, body] of [
      ['PUT', '/account/v1/sso', { issuer: 'https://evil.example' }],
      ['DELETE', '/account/v1/sso', undefined],
      ['PUT', '/account/v1/plan', { plan: 'pro' }],
    ] as const) {
      const response = await browser.send(path, { method, body, headers: csrf });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe('forbidden');
    }
    expect((await server.store.sso.find(accountId))!.issuer).toBe(idp.issuer);
    expect((await server.store.accounts.findAccount(accountId))!.tier).toBe('enterprise');
  });

  it('refuses password sign-in and sign-up for an SSO domain with a message pointing to SSO', async () => {
    for (const path of ['/account/v1/session', '/account/v1/signup']) {
      const response = await new Browser().send(path, {
        method: 'POST',
        body: { email: `early@${DOMAIN}`, password: 'an early careful passphrase' },
      });
      const body = (await response.json()) as { code: string; detail: string };
      expect({ status: response.status, code: body.code }).toEqual({ status: 403, code: 'sso_required' });
      expect(body.detail).toContain('use "Sign in with SSO"');
    }
  });

  it('answers a domain without SSO and a malformed address with problems', async () => {
    const unknown = await new Browser().send('/account/v1/sso/start', {
      method: 'POST',
      body: { email: 'ada@example.com' },
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe('sso_not_configured');
    const malformed = await new Browser().send('/account/v1/sso/start', {
      method: 'POST',
      body: { email: 'not an address' },
    });
    expect(((await malformed.json()) as { code: string }).code).toBe('invalid_email');
    const crossSite = await new Browser().send('/account/v1/sso/start', {
      method: 'POST',
      body: { email: `x@${DOMAIN}` },
      headers: { origin: 'https://evil.example' },
    });
    expect(((await crossSite.json()) as { code: string }).code).toBe('csrf_failed');
  });

  it('refuses a forged callback and a replayed one with a clear page', async () => {
    await expectFailurePage(
      await new Browser().send('/signin/sso/callback?code=forged&state=forged'),
      /was not started in this browser, or it was already used/,
    );
    const browser = new Browser();
    const callback = await idp.signInAs(await browser.startSso(`max@${DOMAIN}`), `max@${DOMAIN}`);
    const cookie = browser.cookies.get('ussynth_sso')!;
    expect((await browser.callback(callback)).status).toBe(303);
    // Replayed with the very cookie of that sign-in: the provider takes its code once.
    browser.cookies.set('ussynth_sso', cookie);
    await expectFailurePage(await browser.callback(callback), /already used/);
  });

  it("refuses a tampered state, a code of another sign-in (PKCE), a cancelled sign-in, a foreign domain and another account's address", async () => {
    const tampered = new Browser();
    const callback = new URL(await idp.signInAs(await tampered.startSso(`sam@${DOMAIN}`), `sam@${DOMAIN}`));
    callback.searchParams.set('state', 'A'.repeat(43));
    await expectFailurePage(await tampered.callback(callback.href), /state mismatch/);

    // The victim's browser started sign-in A; the attacker's code comes from sign-in B: PKCE verifier A does not fit code B.
    const victim = new Browser();
    const stateA = new URL(await victim.startSso(`vic@${DOMAIN}`)).searchParams.get('state')!;
    const attacker = new Browser();
    const codeB = new URL(await idp.signInAs(await attacker.startSso(`mallory@${DOMAIN}`), `mallory@${DOMAIN}`));
    codeB.searchParams.set('state', stateA);
    await expectFailurePage(await victim.callback(codeB.href), /refused to complete the sign-in \(invalid_grant/);

    const cancelled = new Browser();
    await expectFailurePage(
      await cancelled.callback(
        await idp.signInAs(await cancelled.startSso(`kim@${DOMAIN}`), `kim@${DOMAIN}`, { cancel: true }),
      ),
      /did not sign you in \(End-User aborted interaction\)/,
    );

    const foreign = new Browser();
    await expectFailurePage(
      await foreign.callback(await idp.signInAs(await foreign.startSso(`eve@${DOMAIN}`), 'eve@elsewhere.example')),
      /cannot sign in to ussynth through this identity provider/,
    );

    const early = new Browser();
    await expectFailurePage(
      await early.callback(await idp.signInAs(await early.startSso(`early@${DOMAIN}`), `early@${DOMAIN}`)),
      /belongs to another ussynth account/,
    );
    expect((await server.store.people.listPeople(accountId)).map((p) => p.email)).not.toContain(
      'mallory@elsewhere.example',
    );
    for (const browser of [tampered, victim, cancelled, foreign, early])
      expect(browser.cookies.has('ussynth_session')).toBe(false);
  });
});
