import { closeSync, openSync, readdirSync, readlinkSync } from 'node:fs';

/**
 * Puts /dev/full (every write fails with ENOSPC, a full disk) in place of
 * this process's open usage journal, under the same descriptor number, and
 * returns a function that puts the journal back.
 * @example const restore = fillJournalDisk(`${dbPath}-usage.journal`); try { ... } finally { restore(); }
 */
export function fillJournalDisk(journal: string): () => void {
  const fd = readdirSync('/proc/self/fd')
    .map(Number)
    .find((n) => {
      try {
        return readlinkSync(`/proc/self/fd/${n}`) === journal;
      } catch {
        return false;
      }
    });
  if (fd === undefined) throw new Error(`the journal ${journal} is not open in this process`);
  const reopen = (path: string, flags: string) => {
    closeSync(fd);
    // The lowest free descriptor is the one just closed.
    const again = openSync(path, flags);
    if (again !== fd) throw new Error(`expected descriptor ${fd}, got ${again}`);
  };
  reopen('/dev/full', 'w');
  return () => reopen(journal, 'a');
}
