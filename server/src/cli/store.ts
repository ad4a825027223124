import { CliError, countText, type Command } from 'ussynth/cli';
import { describeStore, storeLocation } from '../store/default-path.js';
import { StoreRefusedError } from '../store/store.js';
import { parse } from './cli-options.js';

const HELP = `Usage: ussynth-server store backup FILE

Backs up the embedded SQLite store (USSYNTH_DB, default ./.ussynth/store.sqlite)
to FILE while the server keeps serving: one consistent copy that holds every
record of usage the server had acknowledged when the backup began (the
server's usage journal included). Restore: stop the server, put FILE where the
store was (remove any old -wal, -shm and -usage.journal beside it), start.

A PostgreSQL store is backed up with pg_dump (docs/deploy.md, "Backups").

Example:
  ussynth-server store backup /backups/store-$(date +%F).sqlite
`;

/**
 * `ussynth-server store backup FILE`: an online backup of the SQLite store, usage journal included.
 * @example await storeCommand.run(['backup', '/backups/store.sqlite'], io)
 */
export const storeCommand: Command = {
  name: 'store',
  summary: 'Back up the embedded SQLite store while the server serves',
  help: HELP,
  async run(args, io) {
    const [action, ...rest] = args;
    if (action !== 'backup')
      throw new CliError(
        action === undefined ? 'store needs an action: backup' : `unknown store action "${action}"; use backup`,
      );
    const { positionals } = parse('store', rest, {}, 1, 'backup file');
    const location = storeLocation(io.env);
    if (location.engine === 'postgres')
      throw new CliError(
        `${describeStore(location)} is backed up with pg_dump (docs/deploy.md, "Backups"), not with this command`,
      );
    // The SQLite driver loads only for this command, as for the other operator commands.
    const { backupSqliteStore } = await import('../store/sqlite/backup-store.js');
    try {
      const backup = await backupSqliteStore(location.path, positionals[0]);
      io.stdout.write(
        `backed up ${location.path} to ${backup.path} (${countText(backup.journalLines, 'usage journal line')} not yet folded added)\n`,
      );
      return 0;
    } catch (error) {
      if (error instanceof StoreRefusedError) throw new CliError(error.message, 1);
      throw error;
    }
  },
};
