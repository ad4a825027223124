import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { tryExclusiveLock, type ExclusiveLock } from './sqlite/exclusive-lock.js';
import { StoreRefusedError } from './store.js';

/** How often a changed journal is written to its file: what a kill -9 can lose of the writes that became pending. */
export const PENDING_WRITE_MS = 1000;

/** The journal's file format version (a file of another version is refused, not misread). */
const FORMAT = 1;

/**
 * Writes an instance owes the store and could not make while it was down
 * (refunds of unserved records, the SLA's counts), by section: each owner
 * (the store's refunds, the SLA's recorder) sets its whole section whenever
 * it changes and reads what the last run left at start. With a file
 * (USSYNTH_PENDING_FILE) the sections are written to it at most once a second
 * (to a temporary file, fsynced, then renamed over it, so the file is always
 * whole), and at close; the file is locked while the instance runs, so two
 * instances never share one. Without a file they live in memory: a restart
 * during an outage loses them (docs/sla.md, docs/deploy.md).
 * @example const journal = PendingJournal.open('/var/lib/ussynth/pending.json'); journal.set('refunds', [...]);
 */
export class PendingJournal {
  private readonly sections: Record<string, unknown[]>;
  private dirty = false;
  private readonly timer: NodeJS.Timeout | undefined;

  private constructor(
    readonly path: string | null,
    left: Record<string, unknown[]>,
    private readonly lock: ExclusiveLock | undefined,
    private readonly onError: (error: unknown) => void,
  ) {
    this.sections = left;
    if (path !== null) {
      this.timer = setInterval(() => this.writeIfChanged(), PENDING_WRITE_MS);
      this.timer.unref();
    }
  }

  /**
   * Opens the journal at `path` (locked, and read: what a previous run left), or one in memory when `path` is null.
   * Throws StoreRefusedError when another running instance holds the file or it is not a journal.
   * @example const journal = PendingJournal.open(config.pendingFile, (error) => log.error(error));
   */
  static open(path: string | null, onError: (error: unknown) => void = () => {}): PendingJournal {
    if (path === null) return new PendingJournal(null, {}, undefined, onError);
    let lock: ExclusiveLock | undefined;
    try {
      lock = tryExclusiveLock(`${path}.lock`);
    } catch (error) {
      throw new StoreRefusedError(
        `USSYNTH_PENDING_FILE ${path} cannot be used (${(error as { code?: string }).code ?? String(error)}); its folder must exist and be writable by the server`,
      );
    }
    if (!lock)
      throw new StoreRefusedError(
        `USSYNTH_PENDING_FILE ${path} is used by another running instance; give each instance its own file`,
      );
    try {
      return new PendingJournal(path, readJournal(path), lock, onError);
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  /** What the section holds now (at start: what the previous run left). */
  get<T>(section: string): T[] {
    return (this.sections[section] ?? []) as T[];
  }

  /** Replaces the section (written to the file within a second). */
  set(section: string, items: readonly unknown[]): void {
    this.sections[section] = [...items];
    this.dirty = true;
  }

  /** Writes the journal now if it changed (kept for the next try when the disk refuses, and reported). */
  writeIfChanged(): void {
    if (!this.dirty || this.path === null) return;
    try {
      writeJournal(this.path, this.sections);
      this.dirty = false;
    } catch (error) {
      this.onError(error);
    }
  }

  /** Writes what is pending and gives the file up (after its owners' last tries, at shutdown). */
  close(): void {
    clearInterval(this.timer);
    this.writeIfChanged();
    this.lock?.release();
  }
}

function readJournal(path: string): Record<string, unknown[]> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return {};
    throw error;
  }
  let parsed: { format?: unknown; sections?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new StoreRefusedError(
      `USSYNTH_PENDING_FILE ${path} is not a journal of pending writes (not JSON); move it away if it is another file`,
    );
  }
  if (parsed.format !== FORMAT || typeof parsed.sections !== 'object' || parsed.sections === null) {
    throw new StoreRefusedError(
      `USSYNTH_PENDING_FILE ${path} is not a journal of pending writes of format ${FORMAT}; move it away if it is another file`,
    );
  }
  return parsed.sections as Record<string, unknown[]>;
}

function writeJournal(path: string, sections: Record<string, unknown[]>): void {
  const temporary = `${path}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, JSON.stringify({ format: FORMAT, sections }));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}
