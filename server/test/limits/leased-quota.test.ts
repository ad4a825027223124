import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../../test/infra/postgres-server.js';
import {
  blockSize,
  LEASE_SHARE,
  LeasedMonthlyQuota,
  MAX_LEASE_BLOCK,
  MIN_LEASE_BLOCK,
} from '../../src/limits/leased-quota.js';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { Store } from '../../src/store/store.js';

// Three instances' quotas, each on its own connection pool, on one real PostgreSQL server on loopback.
let postgres: TestPostgres;
let databases = 0;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(() => postgres?.destroy());

const NOW = Date.UTC(2026, 10, 21, 12);
const PERIOD = '2026-11';

/** A database with one account (id 1), and `count` stores on it (one per instance). */
async function instances(
  count: number,
): Promise<{ stores: Store[]; quotas: LeasedMonthlyQuota[]; close(): Promise<void> }> {
  const url = postgres.createDatabase(`lease_${++databases}`);
  const stores = await Promise.all(Array.from({ length: count }, () => openPostgresStore(url)));
  await stores[0].keys.createKey(
    { name: 'acme', tier: 'enterprise', rate: 1000, monthlyQuota: 1 },
    { id: 'Ab3dE6gH', digest: new Uint8Array(32), environment: 'live' },
    NOW,
  );
  const quotas = stores.map((store) => new LeasedMonthlyQuota(store, () => NOW));
  return {
    stores,
    quotas,
    async close() {
      for (const quota of quotas) await quota.close();
      for (const store of stores) await store.close();
    },
  };
}

describe('LeasedMonthlyQuota on a real PostgreSQL', () => {
  it('grants from a reserved block: one reservation serves many requests, and the store counts the block', async () => {
    const fleet = await instances(1);
    try {
      const [quota] = fleet.quotas;
      const [store] = fleet.stores;
      const first = await quota.debit(1, 1, 1_000_000, NOW);
      expect(first).toMatchObject({ granted: true, remaining: 1_000_000 - 1 });
      // The first block is the smallest one: 100 records charged in PostgreSQL, 99 held here.
      expect(await store.usage(1, PERIOD)).toBe(MIN_LEASE_BLOCK);
      expect(quota.held()).toBe(MIN_LEASE_BLOCK - 1);
      for (let i = 0; i < 99; i++) expect((await quota.debit(1, 1, 1_000_000, NOW)).granted).toBe(true);
      // Served from memory: still one block in the store.
      expect(await store.usage(1, PERIOD)).toBe(MIN_LEASE_BLOCK);
      // The next block, asked for within a second of the last, is twice as big.
      await quota.debit(1, 1, 1_000_000, NOW);
      expect(await store.usage(1, PERIOD)).toBe(3 * MIN_LEASE_BLOCK);
      // A request bigger than the block gets what it needs.
      expect((await quota.debit(1, 5000, 1_000_000, NOW)).granted).toBe(true);
      expect(await store.usage(1, PERIOD)).toBeGreaterThanOrEqual(101 + 5000);
    } finally {
      await fleet.close();
    }
  });

  it('answers at once, without a promise, while the block covers the request; waits for the store only to reserve', async () => {
    const fleet = await instances(1);
    try {
      const [quota] = fleet.quotas;
      const reserving = quota.debit(1, 1, 1_000_000, NOW);
      expect(reserving).toBeInstanceOf(Promise);
      await reserving;
      const served = quota.debit(1, 1, 1_000_000, NOW);
      expect(served).not.toBeInstanceOf(Promise);
      expect(served).toMatchObject({ granted: true, remaining: 1_000_000 - 2, whenDurable: undefined });
      expect(quota.peek(1, 1_000_000, NOW)).toMatchObject({ granted: true, remaining: 1_000_000 - 2 });
      // More than the block holds: a reservation, so a promise again.
      expect(quota.debit(1, 1000, 1_000_000, NOW)).toBeInstanceOf(Promise);
    } finally {
      await fleet.close();
    }
  });

  it('sizes blocks to demand, capped at 100,000 records and at 1/16 of what is free', () => {
    expect(blockSize(10, 800, 1_000_000)).toBe(800);
    expect(blockSize(10, 10_000_000, 1e12)).toBe(MAX_LEASE_BLOCK);
    expect(blockSize(10, 10_000, 16_000)).toBe(16_000 / LEASE_SHARE);
    // Near the end the block is what the request needs, no more.
    expect(blockSize(10, 10_000, 100)).toBe(10);
    expect(blockSize(1000, 10, 1e9)).toBe(1000);
  });

  it('three instances never pass the quota together, blocks shrink near its end, and it closes within the documented margin', async () => {
    const fleet = await instances(3);
    try {
      const limit = 20_000;
      const perRequest = 10;
      let served = 0;
      let refused = 0;
      // Eight concurrent clients per instance, until every instance is refused.
      const client = async (quota: LeasedMonthlyQuota) => {
        for (;;) {
          const decision = await quota.debit(1, perRequest, limit, NOW);
          if (!decision.granted) {
            refused++;
            return;
          }
          served += perRequest;
        }
      };
      await Promise.all(fleet.quotas.flatMap((quota) => Array.from({ length: 8 }, () => client(quota))));
      expect(refused).toBe(24);
      const charged = await fleet.stores[0].usage(1, PERIOD);
      expect(charged).toBeLessThanOrEqual(limit);
      expect(served).toBeLessThanOrEqual(limit);
      // What the instances still hold is what was charged and not served; each holds less than one request.
      const held = fleet.quotas.reduce((total, quota) => total + quota.held(), 0);
      expect(charged - served).toBe(held);
      expect(held).toBeLessThan(3 * perRequest);
      expect(served).toBeGreaterThanOrEqual(limit - 3 * (perRequest - 1));
      // Unused blocks go back at shutdown: the store then counts exactly what was served.
      for (const quota of fleet.quotas) await quota.close();
      expect(await fleet.stores[0].usage(1, PERIOD)).toBe(served);
    } finally {
      await fleet.close();
    }
  });

  it("refuses an instance while the rest of the quota is in another one's block, then serves it once that block is returned", async () => {
    const fleet = await instances(2);
    try {
      const [a, b] = fleet.quotas;
      const limit = 1600;
      // A takes a block of 100 (1/16 of 1600), B drains the rest in shrinking blocks.
      expect((await a.debit(1, 1, limit, NOW)).granted).toBe(true);
      let servedByB = 0;
      while ((await b.debit(1, 1, limit, NOW)).granted) servedByB++;
      expect(servedByB).toBe(limit - MIN_LEASE_BLOCK);
      expect(a.held()).toBe(MIN_LEASE_BLOCK - 1);
      expect(await fleet.stores[0].usage(1, PERIOD)).toBe(limit);
      // A's block comes back (here at its shutdown; idle blocks likewise, next test): B serves the rest.
      await a.close();
      expect(await fleet.stores[0].usage(1, PERIOD)).toBe(limit - (MIN_LEASE_BLOCK - 1));
      let servedLater = 0;
      while ((await b.debit(1, 1, limit, NOW)).granted) servedLater++;
      expect(servedLater).toBe(MIN_LEASE_BLOCK - 1);
      expect(await fleet.stores[0].usage(1, PERIOD)).toBe(limit);
    } finally {
      await fleet.close();
    }
  });

  it('returns a block the key stopped using within about a second, without a shutdown', async () => {
    const url = postgres.createDatabase(`lease_${++databases}`);
    const store = await openPostgresStore(url);
    await store.keys.createKey(
      { name: 'acme', tier: 'enterprise', rate: 1000, monthlyQuota: 1 },
      { id: 'Ab3dE6gH', digest: new Uint8Array(32), environment: 'live' },
      NOW,
    );
    const quota = new LeasedMonthlyQuota(store);
    try {
      const now = Date.now();
      const period = `${new Date(now).toISOString().slice(0, 7)}`;
      await quota.debit(1, 3, 1_000_000, now);
      expect(await store.usage(1, period)).toBe(MIN_LEASE_BLOCK);
      const deadline = Date.now() + 4000;
      while ((await store.usage(1, period)) !== 3 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await store.usage(1, period)).toBe(3);
      expect(quota.held()).toBe(0);
    } finally {
      await quota.close();
      await store.close();
    }
  });

  it('an instance that dies without returning (kill -9) leaves at most its blocks charged, and the quota is never overrun', async () => {
    const fleet = await instances(3);
    try {
      const limit = 50_000;
      let served = 0;
      for (let round = 0; round < 300; round++) {
        for (const quota of fleet.quotas) if ((await quota.debit(1, 7, limit, NOW)).granted) served += 7;
      }
      // Instance 0 "dies": it never returns what it holds. The others shut down cleanly.
      const lost = fleet.quotas[0].held();
      expect(lost).toBeGreaterThan(0);
      for (const quota of fleet.quotas.slice(1)) await quota.close();
      const charged = await fleet.stores[0].usage(1, PERIOD);
      expect(charged - served).toBe(lost);
      // A block is never more than 1/16 of what was free when taken.
      expect(lost).toBeLessThanOrEqual(limit / LEASE_SHARE);
      expect(charged).toBeLessThanOrEqual(limit);
    } finally {
      await fleet.stores[0].close();
      for (const store of fleet.stores.slice(1)) await store.close();
    }
  });

  it('gives a refund back into the block, and peeks what is left without reserving', async () => {
    const fleet = await instances(1);
    try {
      const [quota] = fleet.quotas;
      expect((await quota.peek(1, 1000, NOW)).remaining).toBe(1000);
      await quota.debit(1, 10, 1000, NOW);
      await quota.refund(1, 10, NOW);
      expect(quota.held()).toBe(Math.floor(1000 / LEASE_SHARE));
      await quota.close();
      expect(await fleet.stores[0].usage(1, PERIOD)).toBe(0);
    } finally {
      await fleet.close();
    }
  });

  it('gives its block back and refuses when the plan is lowered below what is charged', async () => {
    const fleet = await instances(1);
    try {
      const [quota] = fleet.quotas;
      expect((await quota.debit(1, 60, 10_000, NOW)).granted).toBe(true);
      expect(await fleet.stores[0].usage(1, PERIOD)).toBe(MIN_LEASE_BLOCK);
      // The quota is now 50, below the 60 served: the 40 records held go back, and the request is refused.
      expect(await quota.debit(1, 1, 50, NOW)).toMatchObject({ granted: false, remaining: 0 });
      expect(quota.held()).toBe(0);
      expect(await fleet.stores[0].usage(1, PERIOD)).toBe(60);
    } finally {
      await fleet.close();
    }
  });
});
