import type { StoreLocation } from './default-path.js';
import type { PendingJournal } from './pending-journal.js';
import type { Store, StoreLog } from './store.js';

/**
 * Opens the store at `location`: the embedded SQLite file (the server owns
 * its usage ledger; operator commands only read and write rows) or
 * PostgreSQL (any number of servers and commands at once). Each engine's
 * driver loads only when it is used. `pending`: where PostgreSQL's refunds wait
 * while it is down (the server's journal; the embedded store's ledger keeps its own).
 * @example const store = await openStore(config.store, { server: true, log });
 */
export async function openStore(
  location: StoreLocation,
  options: { server: boolean; log?: StoreLog; pending?: PendingJournal },
): Promise<Store> {
  if (location.engine === 'postgres') {
    const { openPostgresStore } = await import('./postgres/postgres-store.js');
    return openPostgresStore(location.url, {
      log: options.log,
      poolSize: options.server ? 10 : 2,
      pending: options.pending,
    });
  }
  const { openSqliteStore } = await import('./sqlite/sqlite-store.js');
  return openSqliteStore(location.path, { ownUsage: options.server, log: options.log });
}
