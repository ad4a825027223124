import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type UssynthClient } from '../../src/client/index.js';
import { createGenerator } from '../../src/index.js';
import { apiFailure } from './api-failure.js';
import { spawnServer, type SpawnedServer } from './spawned-server.js';

let server: SpawnedServer;
let client: UssynthClient;

beforeAll(async () => {
  server = await spawnServer();
  client = createClient({
    baseUrl: server.url,
    apiKey: server.createKey('pages', { tier: 'enterprise', rate: 5000, monthlyQuota: 100_000_000 }),
  });
});
afterAll(() => server?.stop());

describe('addresses, against a real server', () => {
  it("equals the library's addresses for any start, count, page size and state", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.oneof(fc.stringMatching(/^[!-~]{1,20}$/), fc.integer({ min: 0, max: 1e9 })),
          start: fc.oneof(
            fc.integer({ min: 0, max: 3000 }),
            fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER - 5000 }),
          ),
          count: fc.integer({ min: 0, max: 2500 }),
          pageSize: fc.integer({ min: 20, max: 1000 }),
          state: fc.constantFrom(undefined, 'CA', 'wy', 'PR'),
        }),
        async ({ seed, start, count, pageSize, state }) => {
          const records = await client.addresses({ seed, start, count, pageSize, state });
          expect(records).toEqual(createGenerator({ seed }).addresses({ start, count, state }));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('any split of a range into calls gives the same records as one call', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: 4999 }), { maxLength: 6 }), async (cuts) => {
        const bounds = [0, ...cuts.sort((a, b) => a - b), 5000];
        const pieces = await Promise.all(
          bounds
            .slice(1)
            .map((end, i) => client.addresses({ seed: 'split', start: bounds[i], count: end - bounds[i] })),
        );
        expect(pieces.flat()).toEqual(createGenerator({ seed: 'split' }).addresses({ count: 5000 }));
      }),
      { numRuns: 8 },
    );
  });

  it('addressPages yields the pages in order, each at its start', async () => {
    const pages = [];
    for await (const page of client.addressPages({ seed: 'order', start: 7, count: 2500, pageSize: 300 }))
      pages.push(page);
    expect(pages.map((page) => [page.start, page.addresses.length])).toEqual([
      [7, 300],
      [307, 300],
      [607, 300],
      [907, 300],
      [1207, 300],
      [1507, 300],
      [1807, 300],
      [2107, 300],
      [2407, 100],
    ]);
    expect(pages.flatMap((page) => page.addresses)).toEqual(
      createGenerator({ seed: 'order' }).addresses({ start: 7, count: 2500 }),
    );
  });

  it('fetches only a few pages ahead: breaking out after the first page leaves the rest unfetched', async () => {
    const few = createClient({
      baseUrl: server.url,
      apiKey: server.createKey('look-ahead', { tier: 'enterprise', rate: 5000, monthlyQuota: 1_000_000 }),
      concurrency: 2,
    });
    for await (const page of few.addressPages({ seed: 'ahead', count: 500_000 })) {
      expect(page.start).toBe(0);
      break;
    }
    // Page 0, page 1 (in flight with it) and page 2 (launched as page 0 was handed over) at most.
    const used = await server.usedBy('look-ahead');
    expect(used).toBeGreaterThanOrEqual(1000);
    expect(used).toBeLessThanOrEqual(3000);
  });

  it('a count of 0 is an empty list, sent nowhere', async () => {
    const none = createClient({ baseUrl: server.url, apiKey: server.createKey('none', { tier: 'standard' }) });
    expect(await none.addresses({ seed: 'none', count: 0 })).toEqual([]);
    await none.ein({ seed: 'x' });
    expect(await server.usedBy('none')).toBe(1);
  });

  it('an AbortSignal cancels a long range', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const running = client.addresses({ seed: 'cancel', count: 10_000_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled by the test')), 100);
    await expect(running).rejects.toThrow('cancelled by the test');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses bad ranges before sending anything, naming the option', async () => {
    for (const [range, param] of [
      [{ seed: '', count: 1 }, 'seed'],
      [{ seed: Number.NaN, count: 1 }, 'seed'],
      [{ seed: 's', count: -1 }, 'count'],
      [{ seed: 's', count: 1.5 }, 'count'],
      [{ seed: 's', start: -1, count: 1 }, 'start'],
      [{ seed: 's', start: Number.MAX_SAFE_INTEGER, count: 2 }, 'count'],
      [{ seed: 's', count: 10, pageSize: 1001 }, 'pageSize'],
    ] as const) {
      expect(await apiFailure(client.addresses(range)), JSON.stringify(range)).toMatchObject({
        code: 'invalid_option',
        param,
        status: 0,
      });
    }
  });

  it("the server's refusal of a page is the error of the whole range", async () => {
    expect(await apiFailure(client.addresses({ seed: 's', count: 10, state: 'AE' }))).toMatchObject({
      code: 'state_not_generatable',
      status: 400,
      param: 'state',
    });
  });
});

describe('eins, phones and fictional addresses, against a real server', () => {
  it("equal the library's records for any start, count, page size, state and fictional choice", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.oneof(fc.stringMatching(/^[!-~]{1,20}$/), fc.integer({ min: 0, max: 1e9 })),
          start: fc.integer({ min: 0, max: 100_000 }),
          count: fc.integer({ min: 0, max: 1500 }),
          pageSize: fc.integer({ min: 50, max: 1000 }),
          state: fc.constantFrom(undefined, 'NY', 'ak', 'GU'),
          fictional: fc.boolean(),
        }),
        async ({ seed, start, count, pageSize, state, fictional }) => {
          const generator = createGenerator({ seed, fictionalPhones: fictional });
          const indexes = Array.from({ length: count }, (_, i) => start + i);
          expect(await client.eins({ seed, start, count, pageSize })).toEqual(indexes.map((i) => generator.einAt(i)));
          expect(await client.phones({ seed, start, count, pageSize, state, fictional })).toEqual(
            indexes.map((i) => generator.phoneAt(i, { state })),
          );
          expect(
            await client.addresses({ seed, start, count: Math.min(count, 300), pageSize, state, fictional }),
          ).toEqual(generator.addresses({ start, count: Math.min(count, 300), state }));
        },
      ),
      { numRuns: 10 },
    );
  });

  it('page in order, each page at its start', async () => {
    const starts: number[] = [];
    for await (const page of client.einPages({ seed: 'order', start: 7, count: 2500, pageSize: 1000 })) {
      starts.push(page.start);
      expect(page.eins).toHaveLength(page.start === 2007 ? 500 : 1000);
    }
    expect(starts).toEqual([7, 1007, 2007]);
  });
});
