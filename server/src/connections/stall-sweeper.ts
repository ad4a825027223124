import type { ServiceMetrics } from '../observability/metrics.js';
import { stateOf, type Guarded } from './connection-state.js';

/** How often connections are checked for output that makes no progress. */
const SWEEP_MS = 1000;

/**
 * Bytes of the write libuv is carrying out that the kernel has not taken yet. Node has no public figure for it: a
 * client that keeps reading one large response slowly moves only this (`writableLength` and `bytesWritten` stand
 * still until the whole write completes; measured by server/test/connections/stall-sweeper.test.ts), so without it
 * such a client would be closed as stalled. Absent (0) once the handle is gone.
 */
function libuvQueued(socket: Guarded): number {
  return (socket as Guarded & { _handle?: { writeQueueSize?: number } | null })._handle?.writeQueueSize ?? 0;
}

/**
 * Once a second, closes a connection whose unsent output has made no progress for `stallTimeoutMs` (progress as
 * Node's own socket timeout measures it: completed writes, and libuv's queue of the current one), and counts it.
 * @example const sweeper = new StallSweeper(sockets, 30_000, metrics); server.once('close', () => sweeper.stop());
 */
export class StallSweeper {
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly sockets: ReadonlySet<Guarded>,
    private readonly stallTimeoutMs: number,
    private readonly metrics: ServiceMetrics,
  ) {
    this.timer = setInterval(() => this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  /** Stops sweeping. */
  stop(): void {
    clearInterval(this.timer);
  }

  private sweep(): void {
    for (const socket of this.sockets) {
      const state = stateOf(socket)!;
      const pending = socket.writableLength;
      if (pending === 0) {
        state.stalledMs = 0;
        continue;
      }
      const written = socket.bytesWritten - pending;
      const queued = libuvQueued(socket);
      if (written !== state.written || queued !== state.queued) {
        state.written = written;
        state.queued = queued;
        state.stalledMs = 0;
        continue;
      }
      state.stalledMs += SWEEP_MS;
      if (state.stalledMs >= this.stallTimeoutMs) {
        this.metrics.count('connections_closed_stalled_total');
        socket.destroy();
      }
    }
  }
}
