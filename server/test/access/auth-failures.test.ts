import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/access/auth-failures.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
const now = Date.now();
beforeAll(async () => {
  // The clock stands still: no token comes back during the test, however slow the machine.
  server = await startTestServer({ clock: () => now });
});
afterAll(() => server.destroy());

describe('failed authentications per client address', () => {
  it('answers 10 failures a second with 401, then 429 too_many_auth_failures with Retry-After; a valid key still passes', async () => {
    const { key } = await server.key();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const bad = [undefined, 'not-a-key', key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a')][i % 3];
      const response = await server.get('/v1/ein', bad);
      statuses.push(response.status);
      if (response.status === 429) {
        const body = (await response.json()) as { code: string };
        expect(body.code).toBe('too_many_auth_failures');
        expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      } else {
        await response.arrayBuffer();
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    expect((await server.get('/v1/ein', key)).status).toBe(200);
    expect(await server.app.ussynth.metrics.value('auth_failures_throttled_total')).toBe(20);
  });

  it('counts IPv6 clients by their /64 and IPv4-mapped ones as IPv4', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('2001:db8:1:2:aa:bb:cc:dd')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:0db8:0001:0002::5')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
  });
});
