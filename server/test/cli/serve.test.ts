import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real binary, built by `npm test` (npm run build) before vitest runs.
const BIN = new URL('../../dist/cli/main.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ussynth-serve-'));
const db = join(dir, 'store.sqlite');
const env = { ...process.env, USSYNTH_DB: db, PORT: '0', LOG_LEVEL: 'info' };
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function serve(...args: string[]): Promise<{ child: ChildProcess; url: string; banner: string; output: () => string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let banner = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      banner += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner);
      if (match && (args.includes('--no-dev-key') || banner.includes('curl'))) resolve({ child, url: match[1], banner, output: () => banner, exited });
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${banner}`)));
  });
}

function keysCreate(account: string, rate: number, quota: number): string {
  const result = spawnSync(process.execPath, [BIN, 'keys', 'create', '--account', account, '--tier', 'enterprise', '--rate', String(rate), '--monthly-quota', String(quota), '--json'], { env, encoding: 'utf8' });
  return (JSON.parse(result.stdout) as { key: string }).key;
}

function usedBy(account: string): number {
  const result = spawnSync(process.execPath, [BIN, 'keys', 'list', '--json'], { env, encoding: 'utf8' });
  return (JSON.parse(result.stdout) as { account: string; used: number }[]).find((k) => k.account === account)!.used;
}

describe('ussynth serve', () => {
  it('creates the store on first start, prints a working development key and curl lines, logs with request ids', async () => {
    const server = await serve();
    const key = /(uss_test_[0-9A-Za-z]{38})/.exec(server.banner)![1];
    expect(server.banner).toContain(`curl -H 'x-api-key: ${key}' '${server.url}/v1/address?state=CA'`);
    const response = await fetch(server.url + '/v1/zip/10001', { headers: { 'x-api-key': key } });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id')!;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The log line is JSON with the request id, and never the key.
    const logLines = server.output().split('\n').filter((line) => line.startsWith('{'));
    expect(logLines.some((line) => line.includes(`"reqId":"${requestId}"`) && line.includes('"status":200'))).toBe(true);
    expect(logLines.some((line) => line.includes(key))).toBe(false);
  });

  it('refuses a second server on the same store, naming the reason, while the first keeps serving', async () => {
    const first = await serve('--no-dev-key');
    const second = spawnSync(process.execPath, [BIN, 'serve', '--no-dev-key'], { env, encoding: 'utf8' });
    expect(second.status).toBe(2);
    expect(second.stderr).toMatch(/^ussynth-server: .*store\.sqlite is in use by another ussynth server/);
    expect(second.stderr).not.toContain('internal error');
    expect((await fetch(first.url + '/v1/docs')).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('refuses bad configuration naming the variable', () => {
    const result = spawnSync(process.execPath, [BIN, 'serve'], { env: { ...env, PORT: 'eighty' }, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^ussynth-server: invalid configuration: PORT must be/);
  });

  it('SIGTERM drains in-flight requests before exiting', async () => {
    const key = keysCreate('drain', 100_000, 1e12);
    const server = await serve('--no-dev-key');
    // Connect first (8 keep-alive sockets in fetch's pool), so the batch requests reach the server at once
    // instead of racing the SIGTERM with their TCP handshakes.
    const warm = await Promise.all(Array.from({ length: 8 }, () => fetch(server.url + '/v1/ein', { headers: { 'x-api-key': key } })));
    await Promise.all(warm.map((r) => r.arrayBuffer()));
    const inFlight = Array.from({ length: 8 }, () => fetch(server.url + '/v1/batch?count=1000', { headers: { 'x-api-key': key } }));
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
    let completed = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          const response = await fetch(server.url + '/v1/ein', { headers: { 'x-api-key': key } });
          await response.arrayBuffer();
          if (response.status === 200) completed++;
        } catch {
          return; // the server died under us: this request was in flight
        }
      }
    };
    const workers = Array.from({ length: CONCURRENCY }, worker);
    while (completed < 300) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGKILL');
    await server.exited;
    stop = true;
    await Promise.all(workers);
    // `keys list` replays the journal the dead server left (nobody holds the store now).
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
