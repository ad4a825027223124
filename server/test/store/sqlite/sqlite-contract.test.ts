import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import { storeContract } from '../store-contract.js';

// The embedded store, as `ussynth serve` opens it (it owns the usage ledger), on a fresh file per test.
storeContract('SQLite', {
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'ussynth-contract-'));
    const store = await openSqliteStore(join(dir, 'store.sqlite'), { ownUsage: true });
    return Object.assign(store, { dir });
  },
  async dispose(store) {
    await store.close();
    rmSync((store as unknown as { dir: string }).dir, { recursive: true, force: true });
  },
});
