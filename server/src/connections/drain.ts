import type { Server } from 'node:http';
import { ProblemError } from '../problem/problem-error.js';
import { start, stateOf, type Guarded } from './connection-state.js';
import type { KeyAdmission } from './key-admission.js';

/**
 * The drain at shutdown. Node's `server.close()` destroys "idle" connections, including pipelined ones whose response
 * was finished but not yet flushed (the client lost charged bodies); here a connection is closed only when nothing is
 * left to write, after its last write (`destroySoon`), and no request is on its way in. Requests waiting are answered
 * 503 uncharged, and so are requests arriving late.
 * @example const drain = new Drain(server, sockets, keyAdmission); app.addHook('preClose', (done) => (drain.start(), done()));
 */
export class Drain {
  /** True once the server drains: requests are answered 503 and not started. */
  draining = false;
  private onAllClosed: (() => void) | undefined;

  constructor(
    server: Server,
    private readonly sockets: ReadonlySet<Guarded>,
    private readonly keyAdmission: KeyAdmission,
  ) {
    // Node's server.close() calls this (and the drain, every 25 ms): close only connections with nothing left to write
    // and no request on its way in (one arriving is answered, 503 during a drain).
    server.closeIdleConnections = () => {
      for (const socket of this.sockets) {
        const state = stateOf(socket)!;
        if (
          state.active.length === 0 &&
          state.waiting.length === 0 &&
          socket.writableLength === 0 &&
          socket.bytesRead === state.readAtRequest
        ) {
          socket.destroySoon();
        }
      }
    };
  }

  /**
   * Starts the drain: requests waiting on any connection or for their key's room are answered 503 (uncharged,
   * connection closed after), and so is every later request.
   * @example drain.start()
   */
  start(): void {
    this.draining = true;
    // Requests waiting for their key's room are refused too (they hold none).
    this.keyAdmission.refuseWaiting(drainRefusal);
    for (const socket of this.sockets) {
      const state = stateOf(socket)!;
      for (const { request, done } of state.waiting.splice(0)) {
        start(state, request, 0);
        done(drainRefusal());
      }
      state.waitingRecords = 0;
    }
  }

  /**
   * At the drain's deadline: closes every connection still open (responses not yet written to the kernel are given
   * back by the close). Returns how many connections were closed.
   * @example setTimeout(() => drain.closeAll(), drainTimeoutMs)
   */
  closeAll(): number {
    const open = this.sockets.size;
    for (const socket of this.sockets) socket.destroy();
    return open;
  }

  /**
   * Resolves once every connection has closed and its accounting is done (see `ConnectionGuard.allClosed`).
   * @example await drain.allClosed();
   */
  allClosed(): Promise<void> {
    if (this.sockets.size === 0) return Promise.resolve();
    return new Promise((resolve) => (this.onAllClosed = resolve));
  }

  /** A connection's close is accounted for: resolves `allClosed` when it was the last. */
  closed(): void {
    if (this.sockets.size === 0) this.onAllClosed?.();
  }
}

/**
 * The answer to a request the server will not start because it is shutting down: 503 with Retry-After, and the
 * connection closed after it.
 * @example throw drainRefusal()
 */
export function drainRefusal(): ProblemError {
  return new ProblemError(
    'service_unavailable',
    'the server is shutting down; retry shortly (another instance may answer)',
    {
      headers: { 'retry-after': '1', connection: 'close' },
    },
  );
}
