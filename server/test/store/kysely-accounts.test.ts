import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../../test/infra/postgres-server.js';
import { mintKey } from '../../src/store/api-key.js';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';
import { TIER_LIMITS } from '../../src/store/tiers.js';

// The account store's caps, pages and one-transaction changes (issue 22), on both engines: the embedded SQLite
// store and a real PostgreSQL server, where concurrent calls really run on several connections at once.
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const digest = (n: number) => new Uint8Array(32).fill(n);
let postgres: TestPostgres;
let databases = 0;
const dirs: string[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await postgres?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const engines: [string, () => Promise<Store>][] = [
  [
    'SQLite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ussynth-caps-'));
      dirs.push(dir);
      return openSqliteStore(join(dir, 'store.sqlite'), { ownUsage: true });
    },
  ],
  ['PostgreSQL', () => openPostgresStore(postgres.createDatabase(`caps_${++databases}`))],
];

async function owner(store: Store, email: string) {
  const person = await store.people.createOwner(email, '$argon2id$fake', 'standard', TIER_LIMITS.standard, NOW);
  if (person === 'exists') throw new Error('unreachable');
  return person;
}

for (const [engine, open] of engines) {
  describe(`account store on ${engine}`, () => {
    it('creates at most maxWorkingKeys working keys however many creations race; revoked and expired ones do not count', async () => {
      const store = await open();
      try {
        const { accountId } = await owner(store, 'cap@example.com');
        for (let i = 0; i < 5; i++)
          expect(
            await store.keys.createAccountKey(
              accountId,
              { ...mintKey('live'), name: `k${i}`, expiresAt: null },
              NOW,
              10,
            ),
          ).toBe('created');
        const outcomes = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            store.keys.createAccountKey(accountId, { ...mintKey('live'), name: `r${i}`, expiresAt: null }, NOW, 10),
          ),
        );
        expect(outcomes.filter((o) => o === 'created')).toHaveLength(5);
        expect(outcomes.filter((o) => o === 'limit')).toHaveLength(15);
        const keys = await store.keys.listAccountKeys(accountId);
        expect(keys).toHaveLength(10);
        await store.keys.revokeAccountKey(accountId, keys[0].id, NOW);
        expect(
          await store.keys.createAccountKey(
            accountId,
            { ...mintKey('live'), name: 'expiring', expiresAt: NOW + 1000 },
            NOW,
            10,
          ),
        ).toBe('created');
        expect(
          await store.keys.createAccountKey(accountId, { ...mintKey('live'), name: 'over', expiresAt: null }, NOW, 10),
        ).toBe('limit');
        // Once the expiring key has expired, it no longer counts.
        expect(
          await store.keys.createAccountKey(
            accountId,
            { ...mintKey('live'), name: 'later', expiresAt: null },
            NOW + 2000,
            10,
          ),
        ).toBe('created');
      } finally {
        await store.close();
      }
    });

    it('pages the keys newest first by (creation time, id), every key exactly once, ties included', async () => {
      const store = await open();
      try {
        const { accountId } = await owner(store, 'pages@example.com');
        // Three keys per millisecond: a page boundary falls inside a tie.
        for (let i = 0; i < 12; i++)
          await store.keys.createAccountKey(
            accountId,
            { ...mintKey('live'), name: `k${i}`, expiresAt: null },
            NOW + Math.floor(i / 3),
          );
        const all = await store.keys.listAccountKeys(accountId);
        const paged = [];
        let after: { createdAt: number; id: string } | undefined;
        for (;;) {
          const page = await store.keys.listAccountKeys(accountId, { limit: 5, after });
          paged.push(...page);
          if (page.length < 5) break;
          after = { createdAt: page[4].createdAt, id: page[4].id };
        }
        expect(paged.map((k) => k.id)).toEqual(all.map((k) => k.id));
        expect(new Set(paged.map((k) => k.id)).size).toBe(12);
      } finally {
        await store.close();
      }
    });

    it('keeps the newest maxSessions sessions of a person, also when sign-ins race', async () => {
      const store = await open();
      try {
        const person = await owner(store, 'sessions@example.com');
        for (let i = 1; i <= 5; i++)
          await store.sessions.createSession(digest(i), person.id, 'c', NOW + i, NOW + 100_000, 3);
        expect(await store.sessions.findSession(digest(2))).toBeUndefined();
        expect(await store.sessions.findSession(digest(3))).toBeDefined();
        expect(await store.sessions.findSession(digest(5))).toBeDefined();
        await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            store.sessions.createSession(digest(100 + i), person.id, 'c', NOW + 10, NOW + 100_000, 3),
          ),
        );
        let alive = 0;
        for (let i = 0; i < 20; i++) if (await store.sessions.findSession(digest(100 + i))) alive++;
        expect(alive).toBe(3);
      } finally {
        await store.close();
      }
    });

    it('confirmEmail verifies and ends every session of the person; setPasswordHash voids outstanding reset links', async () => {
      const store = await open();
      try {
        const person = await owner(store, 'confirm@example.com');
        for (let i = 1; i <= 3; i++) await store.sessions.createSession(digest(i), person.id, 'c', NOW, NOW + 100_000);
        await store.people.confirmEmail(person.id, NOW + 1);
        expect((await store.people.findPerson(person.id))!.emailVerifiedAt).toBe(NOW + 1);
        expect(await Promise.all([1, 2, 3].map((i) => store.sessions.findSession(digest(i))))).toEqual([
          undefined,
          undefined,
          undefined,
        ]);

        await store.people.createEmailToken(digest(7), person.id, 'reset', NOW, NOW + 3_600_000);
        await store.people.createEmailToken(digest(8), person.id, 'verify', NOW, NOW + 3_600_000);
        await store.people.setPasswordHash(person.id, '$argon2id$new', NOW + 5);
        expect(await store.people.useEmailToken(digest(7), 'reset', NOW + 6)).toEqual({ status: 'expired' });
        // Only reset links: a verification link is not about the password.
        expect(await store.people.checkEmailToken(digest(8), 'verify', NOW + 6)).toEqual({
          status: 'ok',
          personId: person.id,
        });
        expect((await store.people.findPerson(person.id))!.passwordHash).toBe('$argon2id$new');
      } finally {
        await store.close();
      }
    });

    it('createOwner stores the first verification link in the same transaction', async () => {
      const store = await open();
      try {
        const person = await store.people.createOwner(
          'linked@example.com',
          'h',
          'standard',
          TIER_LIMITS.standard,
          NOW,
          { tokenDigest: digest(9), expiresAt: NOW + 1000 },
        );
        if (person === 'exists') throw new Error('unreachable');
        expect(await store.people.checkEmailToken(digest(9), 'verify', NOW)).toEqual({
          status: 'ok',
          personId: person.id,
        });
      } finally {
        await store.close();
      }
    });
  });
}
