import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../../../src/store/sqlite/sqlite-driver.js';
import { afterAll, describe, expect, it } from 'vitest';
import { mintKey } from '../../../src/store/api-key.js';
import { openSqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import { UsageLedger } from '../../../src/store/sqlite/usage-ledger.js';
import { durableDebit } from '../../../src/access/durable-debit.js';
import { StoreBusyError, type UsageDebit } from '../../../src/store/store.js';
import { fillJournalDisk } from '../../full-journal.js';
import { waitFor } from '../../serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-ledger-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const account = { name: 'acme', tier: 'pro' as const, rate: 50, monthlyQuota: 100 };

async function storeWithAccount(name: string) {
  const path = join(dir, name, 'store.sqlite');
  const store = await openSqliteStore(path);
  const key = mintKey('live');
  await store.keys.createKey(account, key, 0);
  const { accountId } = (await store.findKey(key.id))!;
  await store.close();
  return { path, journal: `${path}-usage.journal`, accountId };
}

describe('usage ledger (server-owned usage with a journal)', () => {
  it('journals each granted debit before calling back, folds into the table on close, and never overruns', async () => {
    const { path, journal, accountId } = await storeWithAccount('fold');
    const store = await openSqliteStore(path, { ownUsage: true });
    // Decided at once, all in one turn: grants are not yet in the journal, and say so.
    const debits = Array.from({ length: 30 }, () => store.debitUsage(accountId, '2026-11', 7, 100) as UsageDebit);
    expect(debits.filter((d) => d.granted)).toHaveLength(14);
    expect(debits.every((d) => (d.whenDurable !== undefined) === d.granted)).toBe(true);
    expect(readFileSync(journal, 'utf8')).toBe('');
    const results = await Promise.all(debits.map(durableDebit));
    expect(results.filter((r) => r.granted)).toHaveLength(14);
    // Granted debits are in the journal, one line each with increasing sequence numbers; refusals are not.
    const lines = readFileSync(journal, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(14);
    expect(lines.map((l) => Number(l.split(' ')[0]))).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(lines[0]).toBe(`1 ${accountId} 2026-11 7`);
    expect(await store.debitUsage(accountId, '2026-11', 3, 100)).toEqual({
      granted: false,
      used: 98,
      whenDurable: undefined,
    });
    await store.close();
    expect(readFileSync(journal, 'utf8')).toBe('');
    const reader = await openSqliteStore(path);
    expect(await reader.usage(accountId, '2026-11')).toBe(98);
    await reader.close();
  });

  it('replays a journal left by a crash exactly once, ignoring a write the crash cut short; readers only add it up', async () => {
    const { path, journal, accountId } = await storeWithAccount('replay');
    // What a server killed mid-write leaves: three whole lines and a torn fourth.
    const left = `1 ${accountId} 2026-11 10\n2 ${accountId} 2026-11 5\n3 ${accountId} 2026-12 1\n4 ${accountId} 20`;
    writeFileSync(journal, left);
    // A reader (keys list) counts the unfolded lines without taking the lock or writing anything.
    const reader = await openSqliteStore(path);
    expect(await reader.usage(accountId, '2026-11')).toBe(15);
    expect((await reader.keys.listKeys('2026-12'))[0].used).toBe(1);
    await reader.close();
    expect(readFileSync(journal, 'utf8')).toBe(left);
    // The next server replays it into the table.
    const first = await openSqliteStore(path, { ownUsage: true });
    expect(await first.usage(accountId, '2026-11')).toBe(15);
    expect(await first.usage(accountId, '2026-12')).toBe(1);
    await first.close();
    // The same lines again (as if the truncation after folding had not happened) are skipped by sequence number.
    writeFileSync(journal, `1 ${accountId} 2026-11 10\n2 ${accountId} 2026-11 5\n`);
    const owner = await openSqliteStore(path, { ownUsage: true });
    expect(await owner.usage(accountId, '2026-11')).toBe(15);
    // New lines continue the sequence.
    await durableDebit(await owner.debitUsage(accountId, '2026-11', 2, 100));
    expect(readFileSync(journal, 'utf8')).toBe(`4 ${accountId} 2026-11 2\n`);
    await owner.close();
  });

  it('refuses a journal with a malformed line, naming the file and line, when a server starts or a reader lists usage', async () => {
    const { path, journal, accountId } = await storeWithAccount('malformed');
    writeFileSync(journal, `1 ${accountId} 2026-11 10\nnot a journal line\n`);
    await expect(openSqliteStore(path, { ownUsage: true })).rejects.toThrow(
      /usage journal .*usage\.journal: line 2 is not/,
    );
    const reader = await openSqliteStore(path);
    await expect(reader.keys.listKeys('2026-11')).rejects.toThrow(/usage journal .*usage\.journal: line 2 is not/);
    await reader.close();
  });

  it('lets one server own a store; key commands still open it, reading usage folded every second', async () => {
    const { path, accountId } = await storeWithAccount('busy');
    const owner = await openSqliteStore(path, { ownUsage: true });
    await expect(openSqliteStore(path, { ownUsage: true })).rejects.toBeInstanceOf(StoreBusyError);
    await durableDebit(await owner.debitUsage(accountId, '2026-11', 40, 100));
    const listed = await owner.keys.listKeys('2026-11');
    expect(listed[0].used).toBe(40);
    const reader = await openSqliteStore(path);
    expect(await reader.usage(accountId, '2026-11')).toBe(40);
    await reader.close();
    await owner.close();
    // Closed: the next server may own it.
    const next = await openSqliteStore(path, { ownUsage: true });
    expect(await next.usage(accountId, '2026-11')).toBe(40);
    await next.close();
  });

  it('refuses to replay absurd fields, naming the line: huge or signless counts, months that do not exist, sequences that go back, unknown accounts', async () => {
    const { path, journal, accountId } = await storeWithAccount('ranges');
    const cases: [string, RegExp][] = [
      [`1 ${accountId} 2026-11 100000000000000000000000`, /line 1 is not/],
      [`1 ${accountId} 2026-11 2000000`, /line 1 has 2000000 records, beyond the 1000000/],
      [`1 ${accountId} 2026-13 5`, /line 1 is not/],
      [`1 ${accountId} 2026-11 0`, /line 1 is not/],
      [`0 ${accountId} 2026-11 5`, /line 1 is not/],
      [`2 ${accountId} 2026-11 5\n2 ${accountId} 2026-11 5`, /line 2 has sequence number 2 after 2/],
      [`1 999999 2026-11 5`, /line 1 names account 999999, which does not exist/],
    ];
    for (const [lines, message] of cases) {
      writeFileSync(journal, lines + '\n');
      await expect(openSqliteStore(path, { ownUsage: true }), lines).rejects.toThrow(message);
    }
    // Nothing of them reached the table.
    writeFileSync(journal, '');
    const store = await openSqliteStore(path, { ownUsage: true });
    expect(await store.usage(accountId, '2026-11')).toBe(0);
    await store.close();
  });

  it('a failed journal write undoes its debits without leaving their totals dirty', async () => {
    const { path, journal, accountId } = await storeWithAccount('undone');
    const sqlite = new Database(path);
    const ledger = UsageLedger.open(sqlite, journal);
    const restore = fillJournalDisk(journal);
    let failure: unknown;
    try {
      failure = await durableDebit(ledger.debit(accountId, '2026-11', 5, 100) as UsageDebit).catch(
        (error: unknown) => error,
      );
    } finally {
      restore();
    }
    expect(failure).toBeInstanceOf(Error);
    expect(ledger.usage(accountId, '2026-11')).toBe(0);
    // Nothing is left to fold: with the store refusing writes, the fold has nothing to write and succeeds.
    sqlite.pragma('query_only = ON');
    expect(() => ledger.fold()).not.toThrow();
    sqlite.pragma('query_only = OFF');
    ledger.close();
    sqlite.close();
  });

  it('a fold that fails is retried and reported, never thrown from the timer, and loses no debit', async () => {
    const { path, journal, accountId } = await storeWithAccount('fold-fails');
    const sqlite = new Database(path);
    const ledger = UsageLedger.open(sqlite, journal);
    await durableDebit(ledger.debit(accountId, '2026-11', 3, 100) as UsageDebit);
    // The store refuses writes (as a full disk or a read-only file would): the fold fails, the debit stays journaled.
    sqlite.pragma('query_only = ON');
    expect(() => ledger.tick()).not.toThrow();
    expect(ledger.report()).toMatchObject({ ready: false, counters: { usage_fold_failures_total: 1 } });
    expect(readFileSync(journal, 'utf8')).toMatch(/ 3\n$/);
    sqlite.pragma('query_only = OFF');
    ledger.tick();
    expect(ledger.report()).toMatchObject({ ready: true, counters: { usage_fold_failures_total: 1 } });
    expect(readFileSync(journal, 'utf8')).toBe('');
    expect(sqlite.prepare('SELECT records FROM usage WHERE account_id = ?').get(accountId)).toEqual({ records: 3 });
    ledger.close();
    sqlite.close();
  });

  it("stays ready through two folds that meet another connection's write lock, and says so at the third", async () => {
    const { path, journal, accountId } = await storeWithAccount('fold-busy');
    const sqlite = new Database(path);
    // The server's wait for a lock (SERVING_BUSY_TIMEOUT_MS): an operator's command holding it longer fails the fold.
    sqlite.pragma('busy_timeout = 10');
    const ledger = UsageLedger.open(sqlite, journal);
    await durableDebit(ledger.debit(accountId, '2026-11', 3, 100) as UsageDebit);
    const operator = new Database(path);
    operator.exec('BEGIN IMMEDIATE');
    for (const folds of [1, 2]) {
      ledger.tick();
      expect(ledger.report()).toMatchObject({ ready: true, counters: { usage_fold_failures_total: folds } });
    }
    ledger.tick();
    expect(ledger.report()).toMatchObject({
      ready: false,
      detail: expect.stringMatching(/usage totals cannot be written to the store/),
      counters: { usage_fold_failures_total: 3 },
    });
    expect(readFileSync(journal, 'utf8')).toMatch(/ 3\n$/);
    operator.exec('ROLLBACK');
    ledger.tick();
    expect(ledger.report()).toMatchObject({ ready: true, counters: { usage_fold_failures_total: 3 } });
    expect(sqlite.prepare('SELECT records FROM usage WHERE account_id = ?').get(accountId)).toEqual({ records: 3 });
    // Another failure than the lock is reported at once, even after a lock's: the count starts again on success.
    operator.exec('BEGIN IMMEDIATE');
    await durableDebit(ledger.debit(accountId, '2026-11', 2, 100) as UsageDebit);
    ledger.tick();
    expect(ledger.report().ready).toBe(true);
    operator.exec('ROLLBACK');
    sqlite.pragma('query_only = ON');
    ledger.tick();
    expect(ledger.report().ready).toBe(false);
    sqlite.pragma('query_only = OFF');
    ledger.close();
    operator.close();
    sqlite.close();
  });

  it('recreates a journal deleted under it once its lines are folded, and says so', async () => {
    const { path, journal, accountId } = await storeWithAccount('deleted');
    const messages: string[] = [];
    const store = await openSqliteStore(path, { ownUsage: true, log: (_level, message) => messages.push(message) });
    await durableDebit(await store.debitUsage(accountId, '2026-11', 4, 100));
    unlinkSync(journal);
    await durableDebit(await store.debitUsage(accountId, '2026-11', 5, 100));
    await waitFor('the journal to be recreated', () => existsSync(journal));
    expect(messages.some((m) => m.includes('was deleted or replaced'))).toBe(true);
    expect(await store.health()).toMatchObject({ ready: true, counters: { usage_journal_recreated_total: 1 } });
    // New debits go to the new journal.
    await durableDebit(await store.debitUsage(accountId, '2026-11', 6, 100));
    expect(readFileSync(journal, 'utf8')).toMatch(/ 6\n$/);
    await store.close();
    const reader = await openSqliteStore(path);
    expect(await reader.usage(accountId, '2026-11')).toBe(15);
    await reader.close();
  });
});
