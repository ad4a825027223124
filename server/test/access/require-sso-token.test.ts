import { createHmac, createPublicKey, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSecretContext, sealSecret } from '../../src/sso/secret-box.js';
import type { NewSsoConnection } from '../../src/store/sso-store.js';
import { startOidcProvider, type TestOidcProvider } from '../oidc-test-provider.js';
import { startTestServer, type TestServer } from '../test-server.js';

// /v1 of Enterprise accounts with SSO against real OpenID Providers on loopback: good tokens come from the
// provider's token endpoint (client credentials); attack tokens are made here, signed with the provider's own
// private key where the attack needs a valid signature.
const COOLDOWN_MS = 1000;
let server: TestServer;
let idp: TestOidcProvider;
let otherIdp: TestOidcProvider;
const keys = { bigco: '', other: '', plain: '', standard: '' };
const accountIds = { bigco: 0, other: 0 };

async function connect(
  accountKeyId: string,
  provider: TestOidcProvider,
  extra: Partial<NewSsoConnection> = {},
): Promise<number> {
  const record = await server.store.findKey(accountKeyId);
  const accountId = record!.accountId;
  await server.store.sso.setConnection(
    accountId,
    {
      issuer: provider.issuer,
      clientId: provider.dashboard.id,
      sealedClientSecret: sealSecret(randomBytes(32), clientSecretContext(accountId), provider.dashboard.secret),
      audience: provider.audience,
      jwksUri: `${provider.issuer}/jwks`,
      orgClaim: null,
      orgValue: null,
      domains: [],
      ...extra,
    },
    Date.now(),
  );
  return accountId;
}

beforeAll(async () => {
  idp = await startOidcProvider({
    redirectUris: ['http://127.0.0.1/signin/sso/callback'],
    tokenClaims: { org_id: 'bigco' },
  });
  otherIdp = await startOidcProvider({
    redirectUris: ['http://127.0.0.1/signin/sso/callback'],
    audience: 'api://other',
  });
  server = await startTestServer({ sso: { jwks: { cooldownMs: COOLDOWN_MS, timeoutMs: 2000, maxAgeMs: 60_000 } } });
  const bigco = await server.key('enterprise');
  const other = await server.key('enterprise');
  keys.bigco = bigco.key;
  keys.other = other.key;
  keys.plain = (await server.key('enterprise')).key;
  keys.standard = (await server.key('standard')).key;
  accountIds.bigco = await connect(bigco.id, idp, { orgClaim: 'org_id', orgValue: 'bigco' });
  accountIds.other = await connect(other.id, otherIdp);
});

afterAll(async () => {
  await server?.destroy();
  await idp?.stop();
  await otherIdp?.stop();
});

const zip = (key: string, authorization?: string) =>
  server.get('/v1/zip/10001', key, authorization === undefined ? {} : { authorization });

/** A token signed with the provider's current private key, with the usual claims unless overridden. */
async function signed(
  provider: TestOidcProvider,
  claims: JWTPayload,
  options: { key?: JWK; alg?: string } = {},
): Promise<string> {
  const jwk = options.key ?? provider.signingKeys()[0];
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: provider.issuer,
    aud: provider.audience,
    sub: 'attacker',
    iat: now,
    exp: now + 300,
    org_id: 'bigco',
    ...claims,
  })
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .sign(await importJWK(jwk, 'RS256'));
}

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

async function expectProblem(
  response: Response,
  status: number,
  code: string,
  wwwAuthenticate?: string,
): Promise<{ detail: string }> {
  const body = (await response.json()) as { code: string; detail: string };
  expect({ status: response.status, code: body.code }, body.detail).toEqual({ status, code });
  expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  if (wwwAuthenticate !== undefined) expect(response.headers.get('www-authenticate')).toBe(wwwAuthenticate);
  return body;
}

describe('an Enterprise account with SSO on /v1', () => {
  it('answers a key with a good access token of its provider, and again from the cache', async () => {
    const token = await idp.accessToken();
    const first = await zip(keys.bigco, `Bearer ${token}`);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { zip: string }).zip).toBe('10001');
    expect((await zip(keys.bigco, `bearer ${token}`)).status).toBe(200);
    expect((await zip(keys.bigco, `Bearer   ${token}`)).status).toBe(200);
    expect((await server.get('/v1/ein', keys.bigco, { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('refuses a key without a token: 401 sso_token_required with WWW-Authenticate', async () => {
    const body = await expectProblem(await zip(keys.bigco), 401, 'sso_token_required', 'Bearer realm="ussynth"');
    expect(body.detail).toContain(`send an access token of ${idp.issuer}`);
  });

  it('refuses bad tokens with 401 invalid_token (RFC 6750): expired, wrong aud, wrong iss, alg none, HS256 with the public key, tampered, malformed', async () => {
    const good = await idp.accessToken();
    const [header, payload, signature] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as JWTPayload;
    const now = Math.floor(Date.now() / 1000);
    const publicPem = createPublicKey({ key: idp.signingKeys()[0] as never, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    });
    const hsHeader = b64({ alg: 'HS256', typ: 'JWT', kid: idp.signingKeys()[0].kid });
    const hsBody = b64({ ...claims, sub: 'forged' });
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    const attacks: [string, string, RegExp][] = [
      ['expired beyond the 60 s tolerance', await signed(idp, { iat: now - 900, exp: now - 120 }), /expired/],
      ['no exp', await signed(idp, { exp: undefined }), /exp/],
      ['not valid yet', await signed(idp, { nbf: now + 600 }), /not valid yet/],
      ['another audience', await signed(idp, { aud: 'api://someone-else' }), /audience/],
      [
        'another issuer, signed with the right key',
        await signed(idp, { iss: 'http://127.0.0.1:1/evil' }),
        /issuer is not/,
      ],
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: 'forged' })}.`, /algorithm|malformed/],
      [
        "HS256 keyed with the provider's public key",
        `${hsHeader}.${hsBody}.${createHmac('sha256', publicPem).update(`${hsHeader}.${hsBody}`).digest('base64url')}`,
        /algorithm/,
      ],
      ['tampered signature', `${header}.${payload}.${flipped}`, /signature/],
      ['tampered payload', `${header}.${b64({ ...claims, sub: 'someone-else' })}.${signature}`, /signature/],
      [
        'signed by a key the provider does not publish',
        await signed(idp, {}, { key: { ...(await newKey()), kid: idp.signingKeys()[0].kid } }),
        /signature/,
      ],
      ['not a JWT', 'abc.def', /not a JWT/],
    ];
    for (const [what, token, detail] of attacks) {
      const body = await expectProblem(
        await zip(keys.bigco, `Bearer ${token}`),
        401,
        'invalid_token',
        'Bearer error="invalid_token"',
      );
      expect(body.detail, what).toMatch(detail);
    }
    for (const malformed of ['Basic dXNlcjpwYXNz', `Bearer ${good} extra`, 'Bearer', `Token ${good}`]) {
      await expectProblem(await zip(keys.bigco, malformed), 401, 'invalid_token', 'Bearer error="invalid_token"');
    }
  });

  it('refuses a valid token of another account (its provider, its audience, its org) with 403 sso_account_mismatch', async () => {
    await expectProblem(await zip(keys.bigco, `Bearer ${await otherIdp.accessToken()}`), 403, 'sso_account_mismatch');
    await expectProblem(await zip(keys.other, `Bearer ${await idp.accessToken()}`), 403, 'sso_account_mismatch');
    const body = await expectProblem(
      await zip(keys.bigco, `Bearer ${await signed(idp, { org_id: 'not-bigco' })}`),
      403,
      'sso_account_mismatch',
    );
    expect(body.detail).toContain('org_id');
    // And the other account's own token works with its own key.
    expect((await zip(keys.other, `Bearer ${await otherIdp.accessToken()}`)).status).toBe(200);
  });

  it('leaves accounts without SSO alone: Enterprise and Standard keys work without a token, and ignore one', async () => {
    expect((await zip(keys.plain)).status).toBe(200);
    expect((await zip(keys.plain, 'Bearer not-a-token')).status).toBe(200);
    expect((await zip(keys.standard)).status).toBe(200);
    // The key is still checked first: a bad key with a good token is a key problem (its last character changed,
    // whatever it was: a key that happened to end in the replacement would stay valid).
    const badKey = keys.bigco.slice(0, -1) + (keys.bigco.endsWith('x') ? 'y' : 'x');
    await expectProblem(await zip(badKey, `Bearer ${await idp.accessToken()}`), 401, 'malformed_api_key');
  });

  it('follows a key rotation at the provider, refetching its JWKS at most once per cooldown', async () => {
    // Made first: RSA key generation is slow enough on a loaded machine to outlast the cooldown.
    const forgedKey = await newKey();
    const forgedKids = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => signed(idp, { sub: `forged-${i}` }, { key: { ...forgedKey, kid: `forged-${i}` } })),
    );
    const before = await idp.accessToken();
    expect((await zip(keys.bigco, `Bearer ${before}`)).status).toBe(200);
    await idp.rotateKeys();
    await new Promise((resolve) => setTimeout(resolve, COOLDOWN_MS + 100));
    const fetches = idp.jwksRequests();
    const after = await idp.accessToken();
    expect(JSON.parse(Buffer.from(after.split('.')[0], 'base64url').toString()).kid).toBe(idp.signingKeys()[0].kid);
    expect((await zip(keys.bigco, `Bearer ${after}`)).status).toBe(200);
    expect(idp.jwksRequests()).toBe(fetches + 1);
    expect((await zip(keys.bigco, `Bearer ${before}`)).status).toBe(200);
    // Forged kids right after: refused without asking the provider again.
    for (const forged of forgedKids)
      await expectProblem(await zip(keys.bigco, `Bearer ${forged}`), 401, 'invalid_token');
    expect(idp.jwksRequests()).toBe(fetches + 1);
  });

  it('with the provider stopped: known keys keep verifying, an unknown kid is 503 idp_unavailable with Retry-After, never 500', async () => {
    const cached = await idp.accessToken();
    expect((await zip(keys.bigco, `Bearer ${cached}`)).status).toBe(200);
    const freshButKnownKey = await signed(idp, { sub: 'ci-job-2' });
    await idp.stop();
    try {
      await new Promise((resolve) => setTimeout(resolve, COOLDOWN_MS + 100));
      expect((await zip(keys.bigco, `Bearer ${cached}`)).status).toBe(200);
      expect((await zip(keys.bigco, `Bearer ${freshButKnownKey}`)).status).toBe(200);
      const unknownKid = await signed(idp, {}, { key: { ...(await newKey()), kid: 'rotated-while-down' } });
      for (let i = 0; i < 2; i++) {
        const response = await zip(keys.bigco, `Bearer ${unknownKid}`);
        const body = await expectProblem(response, 503, 'idp_unavailable');
        expect(response.headers.get('retry-after')).toBe('1');
        expect(body.detail).toContain('could not be read');
      }
    } finally {
      await idp.start();
    }
  });

  it("applies `sso remove` within the settings cache's second: the key works alone again", async () => {
    const third = await server.key('enterprise');
    const accountId = await connect(third.id, idp);
    await expectProblem(await zip(third.key), 401, 'sso_token_required');
    await server.store.sso.remove(accountId);
    await expect.poll(async () => (await zip(third.key)).status, { timeout: 3000 }).toBe(200);
  });
});

async function newKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), alg: 'RS256' };
}
