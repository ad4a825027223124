import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  keysCreate as createKey,
  killServers,
  runServerCommand,
  serve as serveProcess,
  serverEnv,
  startLoad,
  usedBy as used,
} from '../serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-serve-'));
const db = join(dir, 'store.sqlite');
const env = serverEnv(db, 'info');
afterAll(() => {
  killServers();
  rmSync(dir, { recursive: true, force: true });
});

const serve = (...args: string[]) => serveProcess({ env }, ...args);
const keysCreate = (account: string, rate: number, quota: number) => createKey({ env }, account, rate, quota);
const usedBy = (account: string) => used({ env }, account);

describe('ussynth serve', () => {
  it('creates the store on first start, prints a working development key and curl lines, logs with request ids', async () => {
    const server = await serve();
    const key = /(uss_test_[0-9A-Za-z]{38})/.exec(server.banner)![1];
    expect(server.banner).toContain(`curl -H 'x-api-key: ${key}' '${server.url}/v1/address?state=CA'`);
    // The development key's account has nobody to sign in as: the banner says so instead of sending its user to a sign-in that cannot work.
    expect(server.banner).toContain(
      `has no person to sign in as: the dashboard is for accounts made at ${server.url}/signup; see its usage with \`ussynth-server keys list\``,
    );
    // The pages a new user looks for, each a working URL (the built pages are served: npm run build:web ran).
    for (const [label, path] of [
      ['demo', '/'],
      ['docs', '/v1/docs'],
      ['sign up', '/signup'],
      ['dashboard', '/dashboard'],
    ]) {
      expect(server.banner).toMatch(new RegExp(`^  ${label}: ${server.url}${path}( |$)`, 'm'));
      const page = await fetch(server.url + path, { redirect: 'manual' });
      expect(page.status, path).toBeLessThan(400);
    }
    const response = await fetch(server.url + '/v1/zip/10001', { headers: { 'x-api-key': key } });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id')!;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The log line is JSON with the request id, and never the key.
    const logLines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(logLines.some((line) => line.includes(`"reqId":"${requestId}"`) && line.includes('"status":200'))).toBe(
      true,
    );
    expect(logLines.some((line) => line.includes(key))).toBe(false);
  });

  it('keeps the development key across starts on the same store, so saved curl lines keep working', async () => {
    const keyOf = (banner: string): string => /(uss_test_[0-9A-Za-z]{38})/.exec(banner)![1];
    const first = await serve();
    const key = keyOf(first.banner);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = await serve();
    expect(keyOf(second.banner)).toBe(key);
    expect(second.banner).toContain(
      `the same as at the last start, kept for the next starts in ${join(dir, 'dev-key')}`,
    );
    // Shown once per start: in the key line and the three curl lines, nowhere else.
    expect(second.banner.split(key).length - 1).toBe(4);
    expect((await fetch(second.url + '/v1/zip/10001', { headers: { 'x-api-key': key } })).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('refuses a second server on the same store, naming the reason, while the first keeps serving', async () => {
    const first = await serve('--no-dev-key');
    const second = runServerCommand({ env }, 'serve', '--no-dev-key');
    expect(second.status).toBe(2);
    expect(second.stderr).toMatch(/^ussynth-server: .*store\.sqlite is in use by another ussynth server/);
    expect(second.stderr).not.toContain('internal error');
    expect((await fetch(first.url + '/v1/docs')).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('refuses bad configuration naming the variable', () => {
    const result = runServerCommand({ env: { ...env, PORT: 'eighty' } }, 'serve');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^ussynth-server: invalid configuration: PORT must be/);
  });

  it('SIGTERM drains in-flight requests before exiting', async () => {
    const key = keysCreate('drain', 100_000, 1e12);
    const server = await serve('--no-dev-key');
    // Connect first (8 keep-alive sockets in fetch's pool), so the batch requests reach the server at once
    // instead of racing the SIGTERM with their TCP handshakes.
    const warm = await Promise.all(
      Array.from({ length: 8 }, () => fetch(server.url + '/v1/ein', { headers: { 'x-api-key': key } })),
    );
    await Promise.all(warm.map((r) => r.arrayBuffer()));
    const inFlight = Array.from({ length: 8 }, () =>
      fetch(server.url + '/v1/batch?count=1000', { headers: { 'x-api-key': key } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    const responses = await Promise.allSettled(inFlight);
    expect(await server.exited).toBe(0);
    // The drain closes keep-alive connections as their last request finishes instead of waiting
    // for the client to drop them (undici keeps an idle socket about 4 s).
    expect(performance.now() - signalled).toBeLessThan(2500);
    const served = responses.filter((r) => r.status === 'fulfilled' && r.value.status === 200).length;
    expect(served).toBeGreaterThan(0);
    expect(usedBy('drain')).toBe(8 + served * 1000);
  });

  it('kill -9 mid-load loses at most the usage of requests in flight', async () => {
    const key = keysCreate('crash', 100_000, 1e12);
    const server = await serve('--no-dev-key');
    const CONCURRENCY = 8;
    const load = startLoad(server.url, key, '/v1/ein', CONCURRENCY);
    while (load.count(200) < 300) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGKILL');
    await server.exited;
    await load.stop();
    const completed = load.count(200);
    // `keys list` adds up the journal the dead server left (nobody holds the store now).
    const used = usedBy('crash');
    // Every served response was debited and journaled first; at most the in-flight ones were debited without a response.
    expect(used).toBeGreaterThanOrEqual(completed);
    expect(used).toBeLessThanOrEqual(completed + CONCURRENCY);
    // A restart replays nothing twice.
    const restarted = await serve('--no-dev-key');
    restarted.child.kill('SIGTERM');
    await restarted.exited;
    expect(usedBy('crash')).toBe(used);
  });
});
