import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../../../test/infra/redis-server.js';
import { AUTH_LIMITS, AuthThrottle } from '../../src/accounts/auth-throttle.js';
import { connectRedis, redisReady } from '../../src/redis/redis-connection.js';
import { redisAuthThrottle } from '../../src/redis/redis-services.js';
import { clientSecretContext, sealSecret } from '../../src/sso/secret-box.js';
import { startTestServer, type TestServer } from '../test-server.js';

const PASSWORD = 'correct horse battery staple';
const WRONG = 'wrong horse battery staple';

/**
 * POSTs JSON to the account API from a chosen loopback source address
 * (127.0.0.0/8 is all loopback on Linux, so each is its own client IP to the
 * server), with extra headers; answers the status.
 */
function post(
  url: string,
  path: string,
  body: unknown,
  from = '127.0.0.1',
  headers: Record<string, string> = {},
): Promise<number> {
  const target = new URL(`/account/v1${path}`, url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          origin: url,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** `n` wrong guesses for `email`, all sent at once, spread over `sources` client addresses and over `servers`; their statuses. */
async function concurrentGuesses(servers: TestServer[], email: string, n: number, sources: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      post(servers[i % servers.length].url, '/session', { email, password: WRONG }, `127.0.0.${2 + (i % sources)}`),
    ),
  );
}

describe('the sign-in throttle takes the attempt before the password is checked (embedded limiter)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The real budgets: 30 per IP per minute, 5 password checks per address per 15 minutes.
    server = await startTestServer({ throttle: new AuthThrottle() });
  });
  afterAll(() => server.destroy());

  it('checks at most 5 of 60 concurrent wrong guesses from 20 addresses, and then refuses the right password too', async () => {
    await server.people.signUp('target@example.com', PASSWORD, '127.0.0.200');
    const statuses = await concurrentGuesses([server], 'target@example.com', 60, 20);
    // Each non-429 answer is one argon2 check (401 invalid_credentials); the rest never reached the hash.
    expect(statuses.filter((status) => status !== 429)).toEqual(Array(AUTH_LIMITS.failedSigninsPerAddress).fill(401));
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - AUTH_LIMITS.failedSigninsPerAddress);
    expect(await post(server.url, '/session', { email: 'target@example.com', password: PASSWORD }, '127.0.0.99')).toBe(
      429,
    );
  });

  it('gives the attempt back on a good sign-in (and clears earlier failures), so the owner is not locked out by their own typos', async () => {
    await server.people.signUp('owner@example.com', PASSWORD, '127.0.0.201');
    for (let i = 0; i < AUTH_LIMITS.failedSigninsPerAddress - 1; i++)
      expect(await post(server.url, '/session', { email: 'owner@example.com', password: WRONG }, '127.0.0.50')).toBe(
        401,
      );
    expect(await post(server.url, '/session', { email: 'owner@example.com', password: PASSWORD }, '127.0.0.50')).toBe(
      200,
    );
    const after = await concurrentGuesses([server], 'owner@example.com', 10, 5);
    expect(after.filter((status) => status === 401)).toHaveLength(AUTH_LIMITS.failedSigninsPerAddress);
  });

  it('counts an unknown address like a known one: 5 checks, then 429 (the answers tell nothing about who has an account)', async () => {
    const statuses = await concurrentGuesses([server], 'nobody@example.com', 12, 4);
    expect(statuses.filter((status) => status === 401)).toHaveLength(AUTH_LIMITS.failedSigninsPerAddress);
  });
});

describe('a sign-in that checks no password gives its attempt back', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ throttle: new AuthThrottle() });
    const { id } = await server.key('enterprise');
    const accountId = (await server.store.findKey(id))!.accountId;
    await server.store.sso.setConnection(
      accountId,
      {
        issuer: 'https://idp.example',
        clientId: 'c',
        sealedClientSecret: sealSecret(server.secretKey, clientSecretContext(accountId), 's'),
        audience: 'a',
        jwksUri: 'https://idp.example/jwks',
        orgClaim: null,
        orgValue: null,
        domains: ['sso-only.example'],
      },
      Date.now(),
    );
  });
  afterAll(() => server.destroy());

  it('answers every password sign-in of an SSO domain 403 sso_required, never 429: no password was checked', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(server.url, '/session', { email: 'ada@sso-only.example', password: WRONG }, `127.0.0.${2 + (i % 4)}`),
      ),
    );
    expect(statuses).toEqual(Array(12).fill(403));
  });
});

describe('the sign-in throttle shared through Redis by two server instances', () => {
  let redis: TestRedis;
  let servers: TestServer[];
  const connections: ReturnType<typeof connectRedis>[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    servers = [];
    for (let i = 0; i < 2; i++) {
      // The service's connection, but with a 2 s command timeout instead of 250 ms: on a loaded test machine a slow
      // answer would otherwise hand the count to each instance's in-memory insurance limiter (the documented
      // fallback, at most 5 per instance), which is not what this test measures.
      const connection = connectRedis(redis.url);
      connection.options.commandTimeout = 2000;
      connections.push(connection);
      expect(await redisReady(connection)).toBe(true);
      servers.push(await startTestServer({ throttle: redisAuthThrottle(connection) }));
    }
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.destroy();
    for (const connection of connections) connection.disconnect();
    await redis?.stop();
  });

  it('checks at most 5 of 80 concurrent wrong guesses spread over both instances and 20 addresses', async () => {
    const statuses = await concurrentGuesses(servers, 'shared@example.com', 80, 20);
    expect(statuses.filter((status) => status !== 429)).toEqual(Array(AUTH_LIMITS.failedSigninsPerAddress).fill(401));
    // The budget lives in Redis: a third request on either instance is refused too.
    for (const server of servers)
      expect(await post(server.url, '/session', { email: 'shared@example.com', password: WRONG }, '127.0.0.99')).toBe(
        429,
      );
  });

  it('refunds a good sign-in in Redis: the owner signs in after 4 typos and keeps the full budget', async () => {
    // Made on one instance's store; the throttle is what is shared, so the sign-ins go to that instance.
    const [first] = servers;
    await first.people.signUp('redis-owner@example.com', PASSWORD, '127.0.0.202');
    for (let i = 0; i < AUTH_LIMITS.failedSigninsPerAddress - 1; i++)
      expect(
        await post(first.url, '/session', { email: 'redis-owner@example.com', password: WRONG }, '127.0.0.51'),
      ).toBe(401);
    expect(
      await post(first.url, '/session', { email: 'redis-owner@example.com', password: PASSWORD }, '127.0.0.51'),
    ).toBe(200);
    const after = await concurrentGuesses([first], 'redis-owner@example.com', 10, 5);
    expect(after.filter((status) => status === 401)).toHaveLength(AUTH_LIMITS.failedSigninsPerAddress);
  });
});

describe('per-IP budgets count an IPv6 client by its /64', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a proxy on loopback (as behind haproxy): the client's address is the X-Forwarded-For one.
    server = await startTestServer({ throttle: new AuthThrottle(), config: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(() => server.destroy());

  it('lets 30 of 40 requests from 40 addresses of one /64 through in a minute, while another /64 has its own budget', async () => {
    const from = (i: number, prefix = '2001:db8:1:2') => ({
      'x-forwarded-for': `${prefix}:${(i + 1).toString(16)}:0:0:${i.toString(16)}`,
    });
    const statuses: number[] = [];
    // Forgot-password answers 202 for any address and checks no password: only the per-IP budget counts here.
    for (let i = 0; i < 40; i++)
      statuses.push(await post(server.url, '/password/forgot', { email: `v6-${i}@example.com` }, '127.0.0.1', from(i)));
    expect(statuses.filter((status) => status === 202)).toHaveLength(AUTH_LIMITS.perIpPerMinute);
    expect(statuses.slice(AUTH_LIMITS.perIpPerMinute).every((status) => status === 429)).toBe(true);
    // The same /64 written another way is the same client; the next /64 is another.
    expect(
      await post(server.url, '/password/forgot', { email: 'v6-x@example.com' }, '127.0.0.1', {
        'x-forwarded-for': '2001:0DB8:0001:0002::ffff',
      }),
    ).toBe(429);
    expect(
      await post(server.url, '/password/forgot', { email: 'v6-y@example.com' }, '127.0.0.1', from(0, '2001:db8:1:3')),
    ).toBe(202);
  });
});
