import { describe, expect, it } from 'vitest';
import { mintKey } from '../../src/store/api-key.js';
import type { Store } from '../../src/store/store.js';
import { durableDebit } from '../../src/access/durable-debit.js';
import { TIER_LIMITS } from '../../src/store/tiers.js';

/** Opens a fresh, empty store of one engine, and disposes of it. */
export interface StoreFactory {
  open(): Promise<Store>;
  dispose(store: Store): Promise<void>;
}

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const digest = (n: number) => new Uint8Array(32).fill(n);
let names = 0;

async function account(
  store: Store,
  tier: 'standard' | 'pro' = 'pro',
): Promise<{ id: string; accountId: number; name: string }> {
  const name = `acct-${++names}`;
  const key = mintKey('live');
  await store.keys.createKey({ name, tier, ...TIER_LIMITS[tier] }, key, NOW);
  const record = await store.findKey(key.id);
  return { id: key.id, accountId: record!.accountId, name };
}

async function debit(store: Store, accountId: number, records: number, limit: number) {
  return durableDebit(await store.debitUsage(accountId, '2026-11', records, limit));
}

/**
 * The behaviour every `Store` must have, whatever its engine: the routes rely
 * on nothing else. Run against the embedded SQLite store and PostgreSQL.
 * @example storeContract('SQLite', { open: () => openSqliteStore(path, { ownUsage: true }), dispose: (s) => s.close() })
 */
export function storeContract(engine: string, factory: StoreFactory): void {
  describe(`the Store contract on ${engine}`, () => {
    const withStore = (name: string, test: (store: Store) => Promise<void>, timeout?: number) =>
      it(
        name,
        async () => {
          const store = await factory.open();
          try {
            await test(store);
          } finally {
            await factory.dispose(store);
          }
        },
        timeout,
      );

    withStore(
      'keys: created by digest only, found with their account, revoked, rotated with a grace that never grows',
      async (store) => {
        const first = mintKey('live');
        await store.keys.createKey({ name: 'acme', tier: 'pro', ...TIER_LIMITS.pro }, first, NOW);
        expect(await store.findKey(first.id)).toMatchObject({
          id: first.id,
          environment: 'live',
          accountName: 'acme',
          tier: 'pro',
          rate: 50,
          monthlyQuota: 1_000_000,
          revokedAt: null,
          expiresAt: null,
        });
        expect(Buffer.from((await store.findKey(first.id))!.digest).equals(Buffer.from(first.digest))).toBe(true);
        expect(await store.findKey('NoSuchId')).toBeUndefined();
        await expect(
          store.keys.createKey({ name: 'acme', tier: 'standard', ...TIER_LIMITS.standard }, mintKey('live'), NOW),
        ).rejects.toThrow(/tier/);
        const next = mintKey('live');
        expect(await store.keys.rotateKey(first.id, next, NOW + 60_000, NOW)).toBe(true);
        expect((await store.findKey(first.id))!.expiresAt).toBe(NOW + 60_000);
        expect(await store.keys.rotateKey(first.id, mintKey('live'), NOW + 999_000, NOW)).toBe(true);
        expect((await store.findKey(first.id))!.expiresAt).toBe(NOW + 60_000);
        expect(await store.keys.revokeKey(next.id, NOW)).toBe(true);
        expect(await store.keys.revokeKey(next.id, NOW + 1)).toBe(true);
        expect((await store.findKey(next.id))!.revokedAt).toBe(NOW);
        expect(await store.keys.revokeKey('NoSuchId', NOW)).toBe(false);
        const listed = await store.keys.listKeys('2026-11');
        expect(listed.map((k) => k.account.name)).toEqual(['acme', 'acme', 'acme']);
        expect(listed.find((k) => k.id === next.id)).toMatchObject({ revokedAt: NOW });
      },
    );

    withStore('usage: debits up to the limit exactly, never past it, also when many race', async (store) => {
      const { accountId } = await account(store);
      expect(await debit(store, accountId, 600, 1000)).toMatchObject({ granted: true, used: 600 });
      expect(await debit(store, accountId, 401, 1000)).toMatchObject({ granted: false, used: 600 });
      const raced = await Promise.all(Array.from({ length: 100 }, () => debit(store, accountId, 7, 1000)));
      const granted = raced.filter((d) => d.granted).length;
      expect(granted).toBe(Math.floor(400 / 7));
      expect(await store.usage(accountId, '2026-11')).toBe(600 + granted * 7);
      expect(await store.usage(accountId, '2026-12')).toBe(0);
      expect(await debit(store, accountId, 1, 1000)).toMatchObject({ granted: true });
      await store.refundUsage(accountId, '2026-11', 5);
      expect(await store.usage(accountId, '2026-11')).toBe(600 + granted * 7 + 1 - 5);
      await store.refundUsage(accountId, '2026-11', 1_000_000);
      expect(await store.usage(accountId, '2026-11')).toBe(0);
    });

    withStore('health: ready, with counters', async (store) => {
      const health = await store.health();
      expect(health.ready).toBe(true);
      expect(typeof health.counters).toBe('object');
    });

    withStore('accounts: owners, people, sessions by digest, single-use links', async (store) => {
      const owner = await store.people.createOwner(
        'ada@example.com',
        '$argon2id$fake',
        'standard',
        TIER_LIMITS.standard,
        NOW,
      );
      expect(owner).toMatchObject({
        email: 'ada@example.com',
        role: 'owner',
        emailVerifiedAt: null,
        passwordHash: '$argon2id$fake',
      });
      if (owner === 'exists') throw new Error('unreachable');
      expect(await store.people.createOwner('ada@example.com', 'x', 'standard', TIER_LIMITS.standard, NOW)).toBe(
        'exists',
      );
      expect(await store.people.findPersonByEmail('ada@example.com')).toEqual(owner);
      expect(await store.people.listPeople(owner.accountId)).toEqual([owner]);
      await store.people.markEmailVerified(owner.id, NOW + 5);
      await store.people.markEmailVerified(owner.id, NOW + 9);
      expect((await store.people.findPerson(owner.id))!.emailVerifiedAt).toBe(NOW + 5);

      await store.sessions.createSession(digest(1), owner.id, 'csrf-1', NOW, NOW + 1000);
      await store.sessions.createSession(digest(2), owner.id, 'csrf-2', NOW, NOW + 1000);
      expect(await store.sessions.findSession(digest(1))).toMatchObject({
        csrfToken: 'csrf-1',
        lastSeenAt: NOW,
        expiresAt: NOW + 1000,
        person: { id: owner.id },
        account: { name: 'ada@example.com', tier: 'standard' },
      });
      await store.sessions.touchSession(digest(1), NOW + 60_000);
      expect((await store.sessions.findSession(digest(1)))!.lastSeenAt).toBe(NOW + 60_000);
      expect(await store.sessions.deleteSessionsOf(owner.id, digest(1))).toBe(1);
      expect(await store.sessions.findSession(digest(2))).toBeUndefined();
      await store.sessions.deleteSession(digest(1));
      expect(await store.sessions.findSession(digest(1))).toBeUndefined();

      await store.people.createEmailToken(digest(3), owner.id, 'reset', NOW, NOW + 3600_000);
      expect(await store.people.checkEmailToken(digest(3), 'reset', NOW)).toEqual({ status: 'ok', personId: owner.id });
      expect(await store.people.checkEmailToken(digest(3), 'verify', NOW)).toEqual({ status: 'unknown' });
      await store.people.createEmailToken(digest(4), owner.id, 'reset', NOW + 1, NOW + 3600_000);
      expect(await store.people.useEmailToken(digest(3), 'reset', NOW + 2)).toEqual({ status: 'expired' });
      const raced = await Promise.all([
        store.people.useEmailToken(digest(4), 'reset', NOW + 2),
        store.people.useEmailToken(digest(4), 'reset', NOW + 2),
      ]);
      expect(raced.map((r) => r.status).sort()).toEqual(['ok', 'used']);
    });

    withStore(
      'billing: a plan end read with the key, customers, each webhook event applied once, operator plans kept',
      async (store) => {
        const owner = await store.people.createOwner('pay@example.com', 'h', 'none', TIER_LIMITS.standard, NOW);
        if (owner === 'exists') throw new Error('exists');
        const key = mintKey('live');
        await store.keys.createAccountKey(owner.accountId, { ...key, name: 'ci', expiresAt: null }, NOW);
        expect(await store.findKey(key.id)).toMatchObject({ tier: 'standard', planEndsAt: NOW });
        // "No plan" is stored as itself: Standard's limits, no plan since sign-up, and no plan end.
        expect(await store.accounts.findAccount(owner.accountId)).toMatchObject({
          tier: 'standard',
          planEndsAt: null,
          noPlanSince: NOW,
        });
        const customer = {
          accountId: owner.accountId,
          customerId: 'cus_1',
          subscriptionId: 'sub_1',
          status: 'active',
          priceId: 'price_pro',
          currentPeriodEnd: NOW + 1000,
          pastDueSince: null,
        };
        const plan = {
          tier: 'pro' as const,
          limits: TIER_LIMITS.pro,
          at: NOW + 1,
          byPersonId: null,
          approvedBy: 'stripe:evt_1',
        };
        const seen: boolean[] = [];
        const apply = () =>
          store.billing.applyEvent({ id: 'evt_1', type: 'invoice.paid', at: NOW + 1 }, owner.accountId, (context) => {
            seen.push(context.operatorPlan);
            return { customer, plan, outcome: 'plan_changed' };
          });
        expect(await apply()).toEqual({ applied: true, outcome: 'plan_changed' });
        expect(await apply()).toEqual({ applied: false, outcome: 'plan_changed' });
        expect(seen).toEqual([false]);
        expect(await store.findKey(key.id)).toMatchObject({ tier: 'pro', rate: 50, planEndsAt: null });
        expect(await store.billing.findCustomer(owner.accountId)).toEqual({ ...customer, updatedAt: NOW + 1 });
        expect(await store.billing.accountOfCustomer('cus_1')).toBe(owner.accountId);
        // A failure inside leaves no trace: the event can be applied again.
        await expect(
          store.billing.applyEvent({ id: 'evt_2', type: 'invoice.paid', at: NOW + 2 }, owner.accountId, () => {
            throw new Error('midway');
          }),
        ).rejects.toThrow('midway');
        expect(
          await store.billing.applyEvent({ id: 'evt_2', type: 'invoice.paid', at: NOW + 2 }, owner.accountId, () => ({
            plan: { ...plan, tier: 'none', at: NOW + 2, approvedBy: 'stripe:evt_2' },
            outcome: 'plan_changed',
          })),
        ).toEqual({ applied: true, outcome: 'plan_changed' });
        expect(await store.findKey(key.id)).toMatchObject({ tier: 'pro', planEndsAt: NOW + 2 });
        expect(await store.accounts.findAccount(owner.accountId)).toMatchObject({
          tier: 'pro',
          planEndsAt: null,
          noPlanSince: NOW + 2,
        });
        expect(await store.billing.planSetByOperator(owner.accountId)).toBe(false);
        await store.accounts.changePlan(owner.accountId, {
          tier: 'enterprise',
          limits: { rate: 500, monthlyQuota: 5e7 },
          at: NOW + 3,
          byPersonId: null,
          approvedBy: 'operator',
        });
        expect(await store.billing.planSetByOperator(owner.accountId)).toBe(true);
        expect(await store.findKey(key.id)).toMatchObject({ tier: 'enterprise', planEndsAt: null });
        expect(await store.accounts.findAccount(owner.accountId)).toMatchObject({
          planEndsAt: null,
          noPlanSince: null,
        });
      },
    );

    withStore(
      'billing: a customer linked before the first Checkout, the first of two racing links kept',
      async (store) => {
        const owner = await store.people.createOwner('link@example.com', 'h', 'none', TIER_LIMITS.standard, NOW);
        if (owner === 'exists') throw new Error('exists');
        const linked = await Promise.all([
          store.billing.linkCustomer(owner.accountId, 'cus_a', NOW),
          store.billing.linkCustomer(owner.accountId, 'cus_b', NOW),
        ]);
        expect(linked[0]).toBe(linked[1]);
        expect(['cus_a', 'cus_b']).toContain(linked[0]);
        expect(await store.billing.findCustomer(owner.accountId)).toEqual({
          accountId: owner.accountId,
          customerId: linked[0],
          subscriptionId: null,
          status: null,
          priceId: null,
          currentPeriodEnd: null,
          pastDueSince: null,
          updatedAt: NOW,
        });
        expect(await store.billing.accountOfCustomer(linked[0])).toBe(owner.accountId);
        // Linked already: a later link keeps it.
        expect(await store.billing.linkCustomer(owner.accountId, 'cus_c', NOW + 1)).toBe(linked[0]);
      },
    );

    withStore(
      "accounts: plans, owners' keys (list, revoke, roll), last use, usage days, listing, deletion",
      async (store) => {
        const owner = await store.people.createOwner('bob@example.com', 'h', 'standard', TIER_LIMITS.standard, NOW);
        if (owner === 'exists') throw new Error('unreachable');
        await store.accounts.changePlan(owner.accountId, {
          tier: 'pro',
          limits: TIER_LIMITS.pro,
          at: NOW,
          byPersonId: owner.id,
          approvedBy: 'embedded',
        });
        expect(await store.accounts.findAccount(owner.accountId)).toMatchObject({
          tier: 'pro',
          rate: 50,
          monthlyQuota: 1_000_000,
        });
        expect(await store.accounts.findAccountByName('bob@example.com')).toMatchObject({ id: owner.accountId });

        const key = mintKey('live');
        await store.keys.createAccountKey(owner.accountId, { ...key, name: 'ci', expiresAt: NOW + 86_400_000 }, NOW);
        expect(await store.findKey(key.id)).toMatchObject({
          accountId: owner.accountId,
          tier: 'pro',
          expiresAt: NOW + 86_400_000,
        });
        const next = mintKey('live');
        expect(await store.keys.rollAccountKey(owner.accountId, key.id, next, NOW + 3_600_000, NOW + 1)).toBe(true);
        expect(await store.keys.rollAccountKey(owner.accountId + 999, key.id, mintKey('live'), NOW, NOW)).toBe(false);
        await store.keys.touchKeys(new Map([[next.id, NOW + 120_000]]));
        const keys = await store.keys.listAccountKeys(owner.accountId);
        expect(keys.map((k) => [k.id, k.name, k.expiresAt, k.lastUsedAt])).toEqual([
          [next.id, 'ci', NOW + 86_400_000, NOW + 120_000],
          [key.id, 'ci', NOW + 3_600_000, null],
        ]);
        expect(await store.keys.revokeAccountKey(owner.accountId, next.id, NOW + 2)).toBe(true);
        expect(await store.keys.revokeAccountKey(owner.accountId + 999, next.id, NOW + 2)).toBe(false);

        await store.accounts.addUsageDays([
          {
            accountId: owner.accountId,
            day: '2026-11-22',
            records: 5,
            rateLimited: 1,
            quotaExceeded: 0,
            subscriptionRequired: 2,
          },
        ]);
        await store.accounts.addUsageDays([
          {
            accountId: owner.accountId,
            day: '2026-11-22',
            records: 2,
            rateLimited: 0,
            quotaExceeded: 3,
            subscriptionRequired: 1,
          },
          {
            accountId: owner.accountId,
            day: '2026-11-23',
            records: 9,
            rateLimited: 0,
            quotaExceeded: 0,
            subscriptionRequired: 0,
          },
        ]);
        expect(await store.accounts.usageDays(owner.accountId, '2026-11-01', '2026-11-30')).toEqual([
          { day: '2026-11-22', records: 7, rateLimited: 1, quotaExceeded: 3, subscriptionRequired: 3 },
          { day: '2026-11-23', records: 9, rateLimited: 0, quotaExceeded: 0, subscriptionRequired: 0 },
        ]);
        await debit(store, owner.accountId, 42, 1_000_000);
        const listed = (await store.accounts.listAccounts('2026-11', NOW)).find((a) => a.id === owner.accountId);
        expect(listed).toMatchObject({ name: 'bob@example.com', used: 42, people: 1, activeKeys: 1 });

        await store.sessions.createSession(digest(9), owner.id, 'c', NOW, NOW + 1000);
        await store.accounts.deleteAccount(owner.accountId, NOW + 5);
        expect((await store.findKey(key.id))!.revokedAt).toBe(NOW + 5);
        expect(await store.sessions.findSession(digest(9))).toBeUndefined();
        expect(await store.people.findPersonByEmail('bob@example.com')).toBeUndefined();
        expect(await store.accounts.findAccount(owner.accountId)).toBeUndefined();
        expect(await store.people.createOwner('bob@example.com', 'h', 'standard', TIER_LIMITS.standard, NOW)).not.toBe(
          'exists',
        );
      },
    );
  });
}
