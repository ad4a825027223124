import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mintKey } from '../../../src/store/api-key.js';
import { backupSqliteStore } from '../../../src/store/sqlite/backup-store.js';
import { Database } from '../../../src/store/sqlite/sqlite-driver.js';
import { openSqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import { durableDebit } from '../../../src/access/durable-debit.js';
import { StoreRefusedError, type UsageDebit } from '../../../src/store/store.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-backup-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Usage in `period` by account id, read straight from a store file. */
function usageIn(path: string, period: string): number {
  const sqlite = new Database(path, { readonly: true });
  try {
    return sqlite
      .prepare<[string], { records: number }>('SELECT coalesce(sum(records), 0) AS records FROM usage WHERE period = ?')
      .get(period)!.records;
  } finally {
    sqlite.close();
  }
}

describe('backupSqliteStore (ussynth-server store backup)', () => {
  it('holds the usage the server acknowledged but had not folded yet, in one self-contained file', async () => {
    const path = join(dir, 'live', 'store.sqlite');
    const setup = await openSqliteStore(path);
    await setup.keys.createKey({ name: 'acme', tier: 'pro', rate: 50, monthlyQuota: 1000 }, mintKey('live'), 0);
    await setup.close();
    const server = await openSqliteStore(path, { ownUsage: true });
    const accountId = 1;
    // Acknowledged: each debit's journal line is written (what a request waits for before it is answered).
    for (let i = 0; i < 3; i++) await durableDebit(server.debitUsage(accountId, '2026-11', 7, 1000) as UsageDebit);
    // Not folded yet (the server folds once a second): a copy of the file alone would miss the 21 records.
    expect(usageIn(path, '2026-11')).toBe(0);

    const backup = await backupSqliteStore(path, join(dir, 'backups', 'store.sqlite'));
    expect(backup.journalLines).toBe(3);
    expect(usageIn(backup.path, '2026-11')).toBe(21);
    expect(readdirSync(join(dir, 'backups'))).toEqual(['store.sqlite']);
    expect(statSync(backup.path).mode & 0o777).toBe(0o600);

    // Restored (journal gone, as after losing the disk), it counts on from the acknowledged 21, and replays nothing twice.
    const restored = await openSqliteStore(backup.path, { ownUsage: true });
    expect(await restored.usage(accountId, '2026-11')).toBe(21);
    await restored.close();
    // The live store keeps its own journal and counts the same.
    await server.close();
    expect(usageIn(path, '2026-11')).toBe(21);
  });

  it('refuses a missing store and a backup over the store itself, leaving nothing behind', async () => {
    await expect(backupSqliteStore(join(dir, 'none', 'store.sqlite'), join(dir, 'none-backup.sqlite'))).rejects.toThrow(
      StoreRefusedError,
    );
    expect(existsSync(join(dir, 'none-backup.sqlite'))).toBe(false);
    const path = join(dir, 'self', 'store.sqlite');
    await (await openSqliteStore(path)).close();
    await expect(backupSqliteStore(path, path)).rejects.toThrow(/would overwrite the store itself/);
  });
});
