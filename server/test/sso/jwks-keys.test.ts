import { errors, importJWK, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JwksKeys, ProviderUnavailableError } from '../../src/sso/jwks-keys.js';
import { startOidcProvider, type TestOidcProvider } from '../oidc-test-provider.js';

// The key source against a real provider's JWKS on loopback, with short timings.
let idp: TestOidcProvider;
beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: ['http://127.0.0.1/signin/sso/callback'] });
});
afterAll(async () => {
  await idp?.stop();
});

async function tokenOfCurrentKey(): Promise<string> {
  const jwk = idp.signingKeys()[0];
  return new SignJWT({ sub: 'job' })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setIssuer(idp.issuer)
    .setExpirationTime('5m')
    .sign(await importJWK(jwk, 'RS256'));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('JwksKeys', () => {
  it('reads a stale set again in the background: a key the provider withdrew stops working', async () => {
    const keys = new JwksKeys(`${idp.issuer}/jwks`, { cooldownMs: 200, timeoutMs: 2000, maxAgeMs: 400 });
    const token = await tokenOfCurrentKey();
    await jwtVerify(token, keys.getKey, { algorithms: ['RS256'] });
    await idp.rotateKeys({ dropOld: true });
    await sleep(500);
    // Stale: this request still uses the keys at hand while the set is read again behind it.
    await jwtVerify(token, keys.getKey, { algorithms: ['RS256'] });
    await expect
      .poll(async () =>
        jwtVerify(token, keys.getKey, { algorithms: ['RS256'] }).then(
          () => 'verified',
          (error: unknown) => (error as Error).constructor.name,
        ),
      )
      .toBe(errors.JWKSNoMatchingKey.name);
    await jwtVerify(await tokenOfCurrentKey(), keys.getKey, { algorithms: ['RS256'] });
  });

  it('without the provider: no keys yet is ProviderUnavailableError, retried only after the cooldown', async () => {
    const keys = new JwksKeys('http://127.0.0.1:9/jwks', { cooldownMs: 300, timeoutMs: 1000, maxAgeMs: 60_000 });
    const token = await tokenOfCurrentKey();
    await expect(jwtVerify(token, keys.getKey, { algorithms: ['RS256'] })).rejects.toThrow(ProviderUnavailableError);
    await expect(jwtVerify(token, keys.getKey, { algorithms: ['RS256'] })).rejects.toThrow(
      /could not be read a moment ago/,
    );
    await sleep(350);
    await expect(jwtVerify(token, keys.getKey, { algorithms: ['RS256'] })).rejects.toThrow(
      /could not be read: fetch failed/,
    );
  });
});
