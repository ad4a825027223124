import { isSqliteBusy } from './sqlite-busy.js';
import type { SqliteDatabase } from './sqlite-driver.js';

/** How long a probe's answer is reused: /readyz and /metrics may be asked often, the probe runs once a second at most. */
const PROBE_EVERY_MS = 1000;

/**
 * Whether another process holds the store file's write lock (an outside
 * `BEGIN EXCLUSIVE` or `BEGIN IMMEDIATE`, a long operator command), for
 * readiness: a `BEGIN IMMEDIATE` and `ROLLBACK` on the server's connection,
 * which waits no longer than its short busy timeout (SERVING_BUSY_TIMEOUT_MS)
 * and writes nothing. The lock counts once two probes in a row, at least a
 * second apart, found it held: an operator's command that writes a row holds it
 * for a moment, and the public status page showed an outage for that moment.
 * While this connection is inside a transaction of its own the last answer
 * stands (it cannot nest one, and holds the lock anyway).
 * @example const probe = new WriteLockProbe(sqlite); if (probe.lockedElsewhere()) report('locked');
 */
export class WriteLockProbe {
  private checkedAt = -Infinity;
  /** Probes in a row that found the lock held. */
  private heldProbes = 0;

  constructor(
    private readonly sqlite: SqliteDatabase,
    private readonly clock: () => number = Date.now,
  ) {}

  /** True while another connection holds the write lock: found held by this probe and the one before (at most one a second). */
  lockedElsewhere(): boolean {
    const now = this.clock();
    if (now - this.checkedAt < PROBE_EVERY_MS || this.sqlite.inTransaction) return this.heldProbes >= 2;
    this.checkedAt = now;
    try {
      this.sqlite.exec('BEGIN IMMEDIATE');
      this.sqlite.exec('ROLLBACK');
      this.heldProbes = 0;
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
      this.heldProbes++;
    }
    return this.heldProbes >= 2;
  }
}
