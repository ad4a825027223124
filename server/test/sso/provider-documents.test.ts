import { createServer, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JwksKeys, ProviderUnavailableError } from '../../src/sso/jwks-keys.js';
import {
  cappedFetch,
  JWKS_MAX_KEYS,
  PROVIDER_DOCUMENT_MAX_BYTES,
  ProviderDocumentTooLargeError,
  readCapped,
} from '../../src/sso/provider-documents.js';
import { clientSecretContext, sealSecret } from '../../src/sso/secret-box.js';
import { startTestServer, type TestServer } from '../test-server.js';

// A hostile (or broken) customer identity provider: a real HTTP server on loopback whose key sets and discovery
// documents are far larger than any real provider's (issue 22 item 10: 200,000 keys pushed RSS 162 -> 732 MB).
let idp: Server;
let base = '';
let signingKey: CryptoKey;
let publicJwk: Record<string, unknown>;
const FAKE_KEY = { kty: 'RSA', kid: 'k', use: 'sig', alg: 'RS256', n: 'AQAB'.repeat(8), e: 'AQAB' };

function json(res: ServerResponse, body: string, headers: Record<string, string | number> = {}): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'real', alg: 'RS256', use: 'sig' };
  // 64 MiB of spaces inside the JSON, about 64 KiB on the wire.
  const bomb = gzipSync(
    Buffer.concat([Buffer.from('{"keys":[], "pad":"'), Buffer.alloc(64 * 1024 * 1024, 0x20), Buffer.from('"}')]),
  );
  const hugeSet = JSON.stringify({
    keys: [publicJwk, ...Array.from({ length: 200_000 }, (_, i) => ({ ...FAKE_KEY, kid: `k${i}` }))],
  });
  idp = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/huge/jwks') return json(res, hugeSet);
    if (path === '/many/jwks')
      return json(
        res,
        JSON.stringify({
          keys: [publicJwk, ...Array.from({ length: JWKS_MAX_KEYS }, (_, i) => ({ ...FAKE_KEY, kid: `k${i}` }))],
        }),
      );
    if (path === '/fine/jwks')
      return json(
        res,
        JSON.stringify({
          keys: [publicJwk, ...Array.from({ length: JWKS_MAX_KEYS - 1 }, (_, i) => ({ ...FAKE_KEY, kid: `k${i}` }))],
        }),
      );
    if (path === '/chunked/jwks') {
      // No Content-Length: the size shows only while reading.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"keys":[');
      let sent = 0;
      const more = () => {
        while (sent < 40_000) {
          if (!res.write(`${sent++ ? ',' : ''}${JSON.stringify({ ...FAKE_KEY, kid: `c${sent}` })}`))
            return void res.once('drain', more);
        }
        res.end(']}');
      };
      res.on('error', () => {});
      return more();
    }
    if (path === '/gzip/jwks') {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': bomb.length,
      });
      return res.end(bomb);
    }
    if (path === '/bigdisco/.well-known/openid-configuration') {
      const issuer = `${base}/bigdisco`;
      return json(
        res,
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          pad: 'x'.repeat(PROVIDER_DOCUMENT_MAX_BYTES),
        }),
      );
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const address = idp.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => idp.close(() => resolve())));

async function tokenFor(issuer: string, audience = 'api://ussynth'): Promise<string> {
  return new SignJWT({ sub: 'job' })
    .setProtectedHeader({ alg: 'RS256', kid: 'real' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setExpirationTime('5m')
    .sign(signingKey);
}

describe('provider documents are read up to 256 KiB and 100 keys', () => {
  it('refuses a key set of 200,000 keys (about 16 MB) by its Content-Length, without reading it', async () => {
    const keys = new JwksKeys(`${base}/huge/jwks`, { cooldownMs: 0, timeoutMs: 5000, maxAgeMs: 60_000 });
    const error = await jwtVerify(await tokenFor(base), keys.getKey).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as Error).message).toMatch(/bytes, over the 256 KiB the service reads/);
  });

  it('stops reading a body without Content-Length once it passes the cap', async () => {
    const error = await readCapped(await fetch(`${base}/chunked/jwks`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderDocumentTooLargeError);
    expect((error as Error).message).toMatch(/more than 262144 bytes/);
  });

  it('counts the decompressed bytes: a gzip bomb of 64 MiB is refused at 256 KiB', async () => {
    const response = await fetch(`${base}/gzip/jwks`);
    expect(Number(response.headers.get('content-length'))).toBeLessThan(PROVIDER_DOCUMENT_MAX_BYTES);
    await expect(readCapped(response)).rejects.toThrow(/more than 262144 bytes/);
  });

  it(`refuses a key set of more than ${JWKS_MAX_KEYS} keys even when small, and accepts ${JWKS_MAX_KEYS}`, async () => {
    const many = new JwksKeys(`${base}/many/jwks`, { cooldownMs: 0, timeoutMs: 5000, maxAgeMs: 60_000 });
    await expect(jwtVerify(await tokenFor(base), many.getKey)).rejects.toThrow(
      /publishes 101 keys, over the 100 the service reads/,
    );
    const fine = new JwksKeys(`${base}/fine/jwks`, { cooldownMs: 0, timeoutMs: 5000, maxAgeMs: 60_000 });
    expect((await jwtVerify(await tokenFor(base), fine.getKey)).payload.sub).toBe('job');
  });

  it('gives openid-client the same answer when it is small enough', async () => {
    const response = await cappedFetch()(`${base}/fine/jwks`, {
      method: 'GET',
      headers: {},
      redirect: 'manual',
    } as never);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${base}/fine/jwks`);
    expect(((await response.json()) as { keys: unknown[] }).keys).toHaveLength(JWKS_MAX_KEYS);
  });
});

describe('over HTTP: an oversize provider answers idp_unavailable', () => {
  let server: TestServer;
  let apiKey = '';
  beforeAll(async () => {
    server = await startTestServer({ sso: { jwks: { cooldownMs: 0, timeoutMs: 5000, maxAgeMs: 60_000 } } });
    const { id, key } = await server.key('enterprise');
    apiKey = key;
    const accountId = (await server.store.findKey(id))!.accountId;
    await server.store.sso.setConnection(
      accountId,
      {
        issuer: `${base}/bigdisco`,
        clientId: 'ussynth',
        sealedClientSecret: sealSecret(server.secretKey, clientSecretContext(accountId), 'secret'),
        audience: 'api://ussynth',
        jwksUri: `${base}/huge/jwks`,
        orgClaim: null,
        orgValue: null,
        domains: ['hostile.example'],
      },
      Date.now(),
    );
  });
  afterAll(() => server?.destroy());

  it('a /v1 request whose token needs the 200,000-key set: 503 idp_unavailable with Retry-After', async () => {
    const response = await server.get('/v1/ein', apiKey, {
      authorization: `Bearer ${await tokenFor(`${base}/bigdisco`)}`,
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await response.json()) as { code: string; detail: string };
    expect(body.code).toBe('idp_unavailable');
    expect(body.detail).toMatch(/over the 256 KiB/);
  });

  it('"Sign in with SSO" against a discovery document over 256 KiB: 503 idp_unavailable', async () => {
    const response = await fetch(`${server.url}/account/v1/sso/start`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@hostile.example' }),
    });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { code: string; detail: string };
    expect(body.code).toBe('idp_unavailable');
    expect(body.detail, body.detail).toMatch(/256 KiB/);
  });
});
