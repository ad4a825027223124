import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../../test/infra/postgres-server.js';
import { issueKey } from '../../src/store/issue-key.js';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import { OVERALL } from '../../src/store/sli-store.js';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import type { Store } from '../../src/store/store.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 3, 12, 0);

let pg: TestPostgres;
let dir: string;

beforeAll(async () => {
  pg = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'ussynth-sli-'));
}, 60_000);

afterAll(() => {
  pg?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

// SQLite has one server process (it owns the file's ledger); an operator's command writes beside it now and then, not
// at the same moment: its concurrent writes come from the one handle. PostgreSQL's come from two stores (instances).
const engines: [string, () => Promise<[Store, Store]>, boolean][] = [
  [
    'SQLite',
    async () => {
      const file = join(dir, `store-${Math.random().toString(36).slice(2)}.sqlite`);
      const store = await openSqliteStore(file, { ownUsage: true });
      // A second handle on the same file, as an operator's command has.
      return [store, await openSqliteStore(file)];
    },
    false,
  ],
  [
    'PostgreSQL',
    async () => {
      const url = pg.createDatabase(`sli_${Math.random().toString(36).slice(2)}`);
      return [await openPostgresStore(url, { poolSize: 4 }), await openPostgresStore(url, { poolSize: 4 })];
    },
    true,
  ],
];

describe.each(engines)('the SLA rows on %s', (_name, open, fleet) => {
  it('adds a batch once however often it is retried, and sums batches of several instances', async () => {
    const [a, b] = await open();
    try {
      const batch = {
        id: 'instance-a-1',
        minutes: [
          { accountId: OVERALL, minute: T0, good: 90, bad: 10 },
          { accountId: 7, minute: T0, good: 9, bad: 1 },
        ],
      };
      expect(await a.sli.addBatch(batch)).toBe(true);
      // The same batch again (its answer was lost), from the same or another connection: nothing added.
      expect(await b.sli.addBatch(batch)).toBe(false);
      expect(await a.sli.addBatch(batch)).toBe(false);
      // Two instances fold the same minutes at once: both counted, exactly.
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 && fleet ? b : a).sli.addBatch({
            id: `instance-${i}-1`,
            minutes: [
              { accountId: OVERALL, minute: T0, good: 10, bad: 0 },
              { accountId: OVERALL, minute: T0 + MINUTE, good: 0, bad: 5 },
            ],
          }),
        ),
      );
      expect(results.every(Boolean)).toBe(true);
      const totals = await a.sli.totals(OVERALL, T0, T0 + 2 * MINUTE);
      expect(totals.good).toBe(190);
      expect(totals.bad).toBe(60);
      // Minute 1: 10 bad of 200 (0.05); minute 2: all 50 bad (1).
      expect(totals.badMinutes).toBeCloseTo(1.05, 9);
      expect(await a.sli.totals(7, T0, T0 + MINUTE)).toEqual({ good: 9, bad: 1, badMinutes: 0.1 });
      // Outside the period, and another account: nothing.
      expect(await a.sli.totals(OVERALL, T0 + 2 * MINUTE, T0 + DAY)).toEqual({ good: 0, bad: 0, badMinutes: 0 });
      expect(await a.sli.totals(8, T0, T0 + DAY)).toEqual({ good: 0, bad: 0, badMinutes: 0 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('sums the days of the overall rows, oldest first', async () => {
    const [store, other] = await open();
    try {
      const day = T0 - (T0 % DAY);
      await store.sli.addBatch({
        id: 'days-1',
        minutes: [
          { accountId: OVERALL, minute: day - DAY, good: 5, bad: 5 },
          { accountId: OVERALL, minute: day + MINUTE, good: 3, bad: 1 },
          { accountId: 3, minute: day, good: 0, bad: 9 },
        ],
      });
      expect(await store.sli.days(day - 2 * DAY, day + DAY)).toEqual([
        { day: day - DAY, good: 5, bad: 5, badMinutes: 0.5 },
        { day, good: 3, bad: 1, badMinutes: 0.25 },
      ]);
    } finally {
      await store.close();
      await other.close();
    }
  });

  it('keeps one incident open whichever instance opens it, with notes', async () => {
    const [a, b] = await open();
    try {
      const opened = await Promise.all([
        a.sli.openIncident('errors', T0),
        (fleet ? b : a).sli.openIncident('errors', T0 + 1),
        a.sli.openIncident('errors', T0 + 2),
      ]);
      expect(opened.filter((o) => o.opened)).toHaveLength(1);
      expect(new Set(opened.map((o) => o.incident.id)).size).toBe(1);
      const note = await b.sli.addNote('investigating the store', T0 + 3, 'open');
      expect(note.incidentId).toBe(opened[0]!.incident.id);
      const closed = await Promise.all([a.sli.closeIncident(T0 + 10), (fleet ? b : a).sli.closeIncident(T0 + 11)]);
      expect(closed.filter(Boolean)).toHaveLength(1);
      const second = await a.sli.openIncident('again', T0 + 20);
      expect(second.opened).toBe(true);
      const general = await a.sli.addNote('maintenance on Sunday', T0 + 21, null);
      expect(general.incidentId).toBeNull();
      const incidents = await b.sli.incidents(T0 - DAY);
      expect(incidents.map((i) => [i.title, i.closedAt])).toEqual([
        ['again', null],
        ['errors', expect.any(Number)],
      ]);
      expect((await b.sli.notes(T0)).map((n) => n.text)).toEqual(['maintenance on Sunday', 'investigating the store']);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("keeps an Enterprise contract's objective per account", async () => {
    const [store, other] = await open();
    try {
      await issueKey(store, { name: 'big-co', tier: 'enterprise', rate: 100, monthlyQuota: 1e9 }, 'live', T0);
      const id = (await store.accounts.findAccountByName('big-co'))!.id;
      expect(await store.sli.objective(id)).toBeNull();
      await store.sli.setObjective(id, 99.95, T0);
      expect(await other.sli.objective(id)).toBe(99.95);
      await store.sli.setObjective(id, 99.99, T0 + 1);
      expect(await store.sli.objective(id)).toBe(99.99);
      await store.sli.setObjective(id, null, T0 + 2);
      expect(await store.sli.objective(id)).toBeNull();
    } finally {
      await store.close();
      await other.close();
    }
  });
});
