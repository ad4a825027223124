import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mintKey } from '../../../src/store/api-key.js';
import { openSqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import { durableDebit, StoreBusyError, type UsageDebit } from '../../../src/store/store.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-ledger-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const account = { name: 'acme', tier: 'pro' as const, rate: 50, monthlyQuota: 100 };

async function storeWithAccount(name: string) {
  const path = join(dir, name, 'store.sqlite');
  const store = await openSqliteStore(path);
  const key = mintKey('live');
  await store.createKey(account, key, 0);
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
    expect(await store.debitUsage(accountId, '2026-11', 3, 100)).toEqual({ granted: false, used: 98, whenDurable: undefined });
    await store.close();
    expect(readFileSync(journal, 'utf8')).toBe('');
    const reader = await openSqliteStore(path);
    expect(await reader.usage(accountId, '2026-11')).toBe(98);
    await reader.close();
  });

  it('replays a journal left by a crash exactly once, ignoring a write the crash cut short', async () => {
    const { path, journal, accountId } = await storeWithAccount('replay');
    // What a server killed mid-write leaves: three whole lines and a torn fourth.
    writeFileSync(journal, `1 ${accountId} 2026-11 10\n2 ${accountId} 2026-11 5\n3 ${accountId} 2026-12 1\n4 ${accountId} 20`);
    const first = await openSqliteStore(path);
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

  it('refuses a journal with a malformed line, naming the file and line', async () => {
    const { path, journal, accountId } = await storeWithAccount('malformed');
    writeFileSync(journal, `1 ${accountId} 2026-11 10\nnot a journal line\n`);
    await expect(openSqliteStore(path)).rejects.toThrow(/usage journal .*usage\.journal: line 2 is not/);
  });

  it('lets one server own a store; key commands still open it, reading usage folded every second', async () => {
    const { path, accountId } = await storeWithAccount('busy');
    const owner = await openSqliteStore(path, { ownUsage: true });
    await expect(openSqliteStore(path, { ownUsage: true })).rejects.toBeInstanceOf(StoreBusyError);
    await durableDebit(await owner.debitUsage(accountId, '2026-11', 40, 100));
    const listed = await owner.listKeys('2026-11');
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
});
