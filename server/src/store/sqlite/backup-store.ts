import { chmodSync, existsSync, mkdirSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { StoreRefusedError } from '../store.js';
import { Database } from './sqlite-driver.js';
import { STORE_FILE_MODE } from './store-file.js';
import { applyJournalLines, readJournal } from './usage-journal.js';

/** What a backup holds. */
export interface StoreBackup {
  /** The backup file written. */
  path: string;
  /** Journal lines (usage acknowledged but not yet folded by the server) added to the copy. */
  journalLines: number;
}

/**
 * Copies the SQLite store at `storePath` to `backupPath` while a server keeps serving, with every record of
 * usage the server had acknowledged when the copy began. SQLite's backup API copies one consistent snapshot of
 * the file, which holds usage as of the server's last fold (the ledger folds once a second); what was
 * acknowledged since is in `<store>-usage.journal`. So the journal is read first, then the file copied, then
 * the journal's lines past the copy's folded position are added to the copy (the same replay a server does
 * after a crash, by sequence number: a line folded between the two reads is skipped, never counted twice).
 * The copy is written beside `backupPath` and renamed into place: a failed backup leaves nothing half-written.
 * Reads without the server's usage lock and writes nothing to the live store.
 * @example await backupSqliteStore('/var/lib/ussynth/.ussynth/store.sqlite', '/backups/store-2026-11-26.sqlite')
 */
export async function backupSqliteStore(storePath: string, backupPath: string): Promise<StoreBackup> {
  if (!existsSync(storePath)) throw new StoreRefusedError(`no store at ${storePath} to back up`);
  const file = realpathSync(storePath);
  const target = resolve(backupPath);
  if (target === file) throw new StoreRefusedError(`the backup ${backupPath} would overwrite the store itself`);
  mkdirSync(dirname(target), { recursive: true });
  const journalPath = `${file}-usage.journal`;
  // First the journal, then the snapshot: every line acknowledged before this read is either in the snapshot or added below.
  const lines = readJournal(journalPath);
  const partial = `${target}.partial-${process.pid}`;
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(partial);
  } catch (error) {
    removeCopy(partial);
    throw new StoreRefusedError(`cannot back up ${storePath} to ${backupPath}: ${(error as Error).message}`);
  } finally {
    source.close();
  }
  let added = 0;
  try {
    const copy = new Database(partial);
    try {
      const folded =
        copy.prepare<[], { folded_seq: number }>('SELECT folded_seq FROM usage_journal WHERE id = 1').get()
          ?.folded_seq ?? 0;
      added = lines.filter((line) => line.seq > folded).length;
      applyJournalLines(copy, lines, journalPath);
      // One self-contained file: no -wal beside the backup.
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    chmodSync(partial, STORE_FILE_MODE);
    renameSync(partial, target);
  } catch (error) {
    removeCopy(partial);
    if (error instanceof StoreRefusedError) throw error;
    throw new StoreRefusedError(`cannot complete the backup ${backupPath}: ${(error as Error).message}`);
  }
  return { path: target, journalLines: added };
}

function removeCopy(partial: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(partial + suffix, { force: true });
}
