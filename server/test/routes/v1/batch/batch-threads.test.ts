import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGenerator, UssynthError } from 'ussynth';
import type { BatchJob } from '../../../../src/routes/v1/batch/batch-body.js';
import { keysCreate, killServers, runServerCommand, serve, serverEnv } from '../../../serve-process.js';

// The batch workers run the built files (from the TypeScript sources the pool makes bodies on the event loop, which
// the in-process route tests cover): this file starts the built server, and the built pool.
const dir = mkdtempSync(join(tmpdir(), 'ussynth-batch-threads-'));
afterAll(() => {
  killServers();
  rmSync(dir, { recursive: true, force: true });
});

type Pool = { size: number; render(job: BatchJob): Uint8Array | Promise<Uint8Array>; close(): Promise<void> };
const builtPool = async (size: number): Promise<Pool> => {
  const { BatchThreads } = (await import(
    new URL('../../../../dist/routes/v1/batch/batch-threads.js', import.meta.url).href
  )) as { BatchThreads: new (size: number) => Pool };
  return new BatchThreads(size);
};

// What the library gives for the same request, serialized as the route documents it.
function libraryBody(job: BatchJob): string {
  const generator = createGenerator({ seed: job.seed, fictionalPhones: job.fictional });
  const { start, count, state, geo, fields } = job;
  const addresses =
    fields !== undefined
      ? generator.addresses({ start, count, state, fields })
      : generator.addresses({ start, count, state, geo });
  return JSON.stringify({ count, addresses });
}

const JOBS: BatchJob[] = [
  { seed: 'threads', fictional: false, start: 0, count: 1000 },
  { seed: 'threads', fictional: true, start: 123_456, count: 17, state: 'PR' },
  { seed: '42', fictional: false, start: 9_007_199_254_740_000, count: 992, geo: true },
  { seed: 'threads', fictional: false, start: 5, count: 300, fields: 'id=uuid,full_name=name,email,zip,lat' },
];

describe('BatchThreads (built)', () => {
  it('makes, on its workers, the bytes the library gives, for concurrent jobs of every kind', async () => {
    const pool = await builtPool(2);
    expect(pool.size).toBe(2);
    try {
      const jobs = [...JOBS, ...JOBS, ...JOBS];
      const bodies = await Promise.all(jobs.map((job) => pool.render(job)));
      bodies.forEach((bytes, i) => {
        expect(Buffer.from(bytes).toString('utf8')).toBe(libraryBody(jobs[i]));
      });
    } finally {
      await pool.close();
    }
  });

  it('sends a library error back as the same UssynthError, and the worker goes on', async () => {
    const pool = await builtPool(1);
    try {
      const error = await Promise.resolve(
        pool.render({ seed: 'threads', fictional: false, start: 0, count: 3, state: 'ZZ' }),
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UssynthError);
      expect(error).toMatchObject({ code: 'invalid_state', param: 'state' });
      expect(Buffer.from(await pool.render(JOBS[1])).toString('utf8')).toBe(libraryBody(JOBS[1]));
    } finally {
      await pool.close();
    }
  });

  it('closes once the jobs in progress are done, then makes bodies on the calling thread', async () => {
    const pool = await builtPool(1);
    const inProgress = pool.render(JOBS[0]);
    await pool.close();
    expect(Buffer.from(await inProgress).toString('utf8')).toBe(libraryBody(JOBS[0]));
    const after = pool.render(JOBS[1]);
    expect(after).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(after as Uint8Array).toString('utf8')).toBe(libraryBody(JOBS[1]));
  });
});

describe('GET /v1/batch on the built server with batch workers', () => {
  it("answers the library's bytes for every parameter, replayable from its headers, plain and compressed", async () => {
    const env = { ...serverEnv(join(dir, 'threads.sqlite')), USSYNTH_BATCH_THREADS: '2' };
    const key = keysCreate({ env }, 'threads', 100_000, 1e9);
    const server = await serve({ env }, '--no-dev-key');
    // fetch asks for compressed bodies unless told otherwise.
    const get = (query: string, headers: Record<string, string> = { 'accept-encoding': 'identity' }) =>
      fetch(`${server.url}/v1/batch?${query}`, { headers: { 'x-api-key': key, ...headers } });
    const cases: Array<[string, (seed: string) => BatchJob]> = [
      ['count=1000', (seed) => ({ seed, fictional: false, start: 0, count: 1000 })],
      ['count=1000&seed=threads&start=2000', () => ({ seed: 'threads', fictional: false, start: 2000, count: 1000 })],
      [
        'count=40&seed=threads&state=WY&fictional=true',
        () => ({ seed: 'threads', fictional: true, start: 0, count: 40, state: 'WY' }),
      ],
      ['count=25&seed=threads&geo=true', () => ({ seed: 'threads', fictional: false, start: 0, count: 25, geo: true })],
      [
        'count=30&seed=threads&fields=id%3Duuid,email,phone',
        () => ({ seed: 'threads', fictional: false, start: 0, count: 30, fields: 'id=uuid,email,phone' }),
      ],
    ];
    // Concurrent, so that both workers hold jobs at once.
    const responses = await Promise.all(cases.map(([query]) => get(query)));
    for (const [i, response] of responses.entries()) {
      const text = await response.text();
      expect(response.status, cases[i][0]).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
      const seed = response.headers.get('x-ussynth-seed')!;
      expect(text, cases[i][0]).toBe(libraryBody(cases[i][1](seed)));
    }
    const gzipped = await get('count=500&seed=threads', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    // fetch decompresses: the body is the plain one.
    expect(await gzipped.text()).toBe(libraryBody({ seed: 'threads', fictional: false, start: 0, count: 500 }));
    // Refusals are made before any worker is asked, as without workers.
    const refused = await get('count=10&fields=nope');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(await refused.json()).toMatchObject({ code: 'invalid_fields' });
    const head = await fetch(`${server.url}/v1/batch?count=1000`, { method: 'HEAD', headers: { 'x-api-key': key } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses a USSYNTH_BATCH_THREADS that is not a whole number from 0 to 16, naming it', () => {
    const env = { ...serverEnv(join(dir, 'refused.sqlite')), USSYNTH_BATCH_THREADS: '17' };
    const result = runServerCommand({ env, timeoutMs: 60_000 }, 'serve', '--no-dev-key');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('USSYNTH_BATCH_THREADS must be a whole number from 0 to 16, got "17"');
  });
});
