import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../../src/store/sqlite/sqlite-driver.js';
import { afterAll, describe, expect, it } from 'vitest';
import { keysCreate, killServers, serve, serverEnv } from '../serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-error-handler-'));
afterAll(() => {
  killServers();
  rmSync(dir, { recursive: true, force: true });
});

/** Overwrites the first page of a table with garbage, as a damaged disk or a stray write would. */
function corruptTable(db: string, table: string): void {
  const sqlite = new Database(db, { readonly: true });
  const { rootpage } = sqlite
    .prepare<[string], { rootpage: number }>('SELECT rootpage FROM sqlite_master WHERE name = ?')
    .get(table)!;
  const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
  sqlite.close();
  const fd = openSync(db, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootpage - 1) * pageSize);
  closeSync(fd);
}

describe('a store that fails inside an error path', () => {
  it("a corrupt usage table gives catalogue problem+json on every path, never the engine's error", async () => {
    const db = join(dir, 'store.sqlite');
    const env = serverEnv(db);
    const key = keysCreate({ env }, 'acme', 1000, 1_000_000);
    const slow = keysCreate({ env }, 'slow', 1, 1_000_000);
    const first = await serve({ env }, '--no-dev-key');
    expect((await fetch(`${first.url}/v1/batch?count=5`, { headers: { 'x-api-key': key } })).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    corruptTable(db, 'usage');
    const server = await serve({ env }, '--no-dev-key');
    const get = (path: string, apiKey?: string) =>
      fetch(server.url + path, { headers: apiKey ? { 'x-api-key': apiKey } : {} });
    // The debit fails (503), and so would the RateLimit fields every authenticated problem reads.
    const cases: [Promise<Response>, number, string][] = [
      [get('/v1/ein', key), 503, 'store_unavailable'],
      [get('/v1/batch?count=10', key), 503, 'store_unavailable'],
      [get('/v1/zip/00000', key), 404, 'zip_not_found'],
      [get('/v1/batch?count=abc', key), 400, 'invalid_count'],
      [get('/v1/ein', slow).then(() => get('/v1/ein', slow)), 429, 'rate_limited'],
      [get('/v1/ein'), 401, 'missing_api_key'],
    ];
    for (const [pending, status, code] of cases) {
      const response = await pending;
      const text = await response.text();
      expect(response.status, text).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const body = JSON.parse(text) as { code: string; request_id: string; type: string };
      expect(body.code).toBe(code);
      expect(body.type).toBe(`urn:ussynth:problem:${code}`);
      expect(body.request_id).toBe(response.headers.get('x-request-id'));
      expect(text).not.toMatch(/SQLITE|malformed|statusCode/);
      if (status === 503) expect(response.headers.get('retry-after')).toBe('1');
    }
    // The failures are in the log, with the engine's message, for the operator.
    server.child.kill('SIGTERM');
    await server.exited;
    expect(server.output()).toContain('database disk image is malformed');
  });
});
