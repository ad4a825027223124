import { CliError, type CommandIo } from 'ussynth/cli';
import { storeLocation } from '../store/default-path.js';
import { openStore } from '../store/open-store.js';
import { StoreConflictError, StoreRefusedError, type Store } from '../store/store.js';

/**
 * Opens the store the server uses (USSYNTH_DB: a SQLite file or PostgreSQL), runs an operator command on
 * it and closes it; a store that cannot be used as configured, or a refused
 * change, is a clear CliError instead of an internal error.
 * @example return withStore(io, async (store) => { ... return 0; });
 */
export async function withStore<T>(io: CommandIo, run: (store: Store) => Promise<T>): Promise<T> {
  // The store's engine loads only for the operator commands, so the generating commands start light.
  const store = await openStore(storeLocation(io.env), { server: false }).catch((error: unknown) => {
    if (error instanceof StoreRefusedError) throw new CliError(error.message);
    throw error;
  });
  try {
    return await run(store);
  } catch (error) {
    if (error instanceof StoreConflictError || error instanceof StoreRefusedError) throw new CliError(error.message, 1);
    throw error;
  } finally {
    await store.close();
  }
}
