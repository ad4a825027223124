import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ServiceMetrics } from './metrics.js';
import { ProblemError } from './problem/problem-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The guard of the server's connections (set by buildApp). */
    connections: ConnectionGuard;
  }
}

/** How often connections are checked for output that makes no progress. */
const SWEEP_MS = 1000;

/** What one connection may hold, and how long its output may stand still. */
export interface ConnectionLimits {
  /** Responses a connection may have in the making: admitted and not yet handed to the kernel. */
  maxActive: number;
  /** Pipelined requests that may wait behind them; the next one is refused and the connection closed after it. */
  maxWaiting: number;
  /** A connection whose unsent output makes no progress for this long is closed. */
  stallTimeoutMs: number;
}

/** What the guard tells the app. */
export interface ConnectionEvents {
  /** A request whose response will never reach its connection (closed first): give back what it was charged. */
  undelivered(request: FastifyRequest): void;
  /** Counters for /metrics. */
  metrics: ServiceMetrics;
}

interface Waiting {
  request: FastifyRequest;
  done: HookHandlerDoneFunction;
}

/** What the guard keeps per connection (one object per connection, set when it opens: one hidden class). */
class ConnectionState {
  /** Requests admitted whose response is not yet written to the kernel, oldest first. */
  readonly active: FastifyRequest[] = [];
  /** Pipelined requests waiting for room among the active ones, oldest first. */
  readonly waiting: Waiting[] = [];
  /** Set once a pipelined request was refused: later ones on this connection are dropped (it closes after the refusal). */
  refusing = false;
  /** Bytes read from the connection when its last request started: more since means a request is on its way in. */
  readAtRequest = 0;
  /** Output progress seen at the last sweep: bytes whose write completed, and the part libuv still holds. */
  written = 0;
  queued = 0;
  /** How long the output has made no progress. */
  stalledMs = 0;
}

const STATE = Symbol('ussynth.connection');
type Guarded = Socket & { [STATE]?: ConnectionState; _handle?: { writeQueueSize?: number } | null };

/**
 * Keeps each connection's output bounded and every charged response
 * delivered or given back:
 *
 * - Pipelining: a connection has at most `maxActive` responses in the making
 *   (admitted, not yet written to the kernel); further pipelined requests wait
 *   in order, unstarted and uncharged, and past `maxWaiting` of them the next
 *   is refused (429 `too_many_pipelined_requests`, connection closed after
 *   it). Node parses every request of a read at once, so without this a
 *   client that pipelines and never reads made the server generate and hold
 *   every response.
 * - Stalls: once a second, a connection whose unsent output has made no
 *   progress for `stallTimeoutMs` is closed (progress as Node's own socket
 *   timeout measures it: completed writes, and libuv's queue of the current
 *   one).
 * - Delivery: when a connection closes with responses admitted but not
 *   written to the kernel, `undelivered` gives back what they were charged.
 * - Drain: Node's `server.close()` destroys "idle" connections, including
 *   pipelined ones whose response was finished but not yet flushed (the
 *   client lost charged bodies). Here a connection is closed only when
 *   nothing is left to write, after its last write (`destroySoon`); requests
 *   waiting are answered 503 uncharged, and so are requests arriving late.
 *
 * Per request this costs a property read, an array push and a shift.
 * @example const guard = new ConnectionGuard(app.server, limits, { undelivered: refundUndelivered, metrics }); // then guard.admit / guard.finished from the hooks
 */
export class ConnectionGuard {
  /** True once the server drains: requests are answered 503 and not started. */
  draining = false;
  private readonly sockets = new Set<Guarded>();
  private readonly sweeper: NodeJS.Timeout;
  private onAllClosed: (() => void) | undefined;

  constructor(
    server: Server,
    private readonly limits: ConnectionLimits,
    private readonly events: ConnectionEvents,
  ) {
    server.on('connection', (socket: Guarded) => {
      const state = new ConnectionState();
      socket[STATE] = state;
      this.sockets.add(socket);
      socket.on('close', () => this.closed(socket, state));
    });
    // Node's server.close() calls this (and the drain, every 25 ms): close only connections with nothing left to write
    // and no request on its way in (one arriving is answered, 503 during a drain).
    server.closeIdleConnections = () => {
      for (const socket of this.sockets) {
        const state = socket[STATE]!;
        if (state.active.length === 0 && state.waiting.length === 0 && socket.writableLength === 0 && socket.bytesRead === state.readAtRequest) {
          socket.destroySoon();
        }
      }
    };
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
    server.once('close', () => clearInterval(this.sweeper));
  }

  /**
   * Notes that a request has arrived on its connection (call it first, for
   * every request): the drain then knows nothing more is on its way in.
   * @example guard.noteRequest(request)
   */
  noteRequest(request: FastifyRequest): void {
    const socket = request.raw.socket as Guarded;
    const state = socket[STATE];
    if (state !== undefined) state.readAtRequest = socket.bytesRead;
  }

  /**
   * Lets a request start now (true: the caller continues), or keeps it
   * waiting (false: the guard continues it later through `done`, or refuses
   * it through `done` when too many wait).
   * @example if (!guard.admit(request, done)) return; done();
   */
  admit(request: FastifyRequest, done: HookHandlerDoneFunction): boolean {
    const state = (request.raw.socket as Guarded)[STATE];
    if (state === undefined) return true;
    if (state.refusing) return false;
    if (state.waiting.length === 0 && state.active.length < this.limits.maxActive) {
      state.active.push(request);
      return true;
    }
    if (state.waiting.length < this.limits.maxWaiting) {
      state.waiting.push({ request, done });
      return false;
    }
    // Answered in its turn, after the responses before it; the connection ends there and later requests are dropped.
    state.refusing = true;
    state.active.push(request);
    this.events.metrics.count('pipelined_requests_refused_total');
    done(
      new ProblemError(
        'too_many_pipelined_requests',
        `more than ${this.limits.maxActive + this.limits.maxWaiting} requests were pipelined on this connection without reading the responses; the connection closes after this answer: send the rest on a new connection`,
        { headers: { 'retry-after': '1', connection: 'close' } },
      ),
    );
    return false;
  }

  /**
   * A response was written to the kernel ('finish'): frees its place and
   * starts waiting requests. A response 'finished' by the connection's
   * destruction is left to the close, which gives its charge back.
   * @example app.addHook('onResponse', (request, _reply, done) => (guard.finished(request), done()))
   */
  finished(request: FastifyRequest): void {
    const socket = request.raw.socket as Guarded;
    const state = socket[STATE];
    if (state === undefined || socket.destroyed) return;
    const active = state.active;
    // Responses of a connection finish in order: the oldest, almost always.
    if (active[0] === request) active.shift();
    else {
      const at = active.indexOf(request);
      if (at < 0) return;
      active.splice(at, 1);
    }
    while (state.waiting.length > 0 && active.length < this.limits.maxActive) {
      const next = state.waiting.shift()!;
      active.push(next.request);
      if (this.draining) next.done(drainRefusal());
      else next.done();
    }
  }

  /**
   * Starts the drain: requests waiting on any connection are answered 503
   * (uncharged, connection closed after), and so is every later request.
   * @example app.addHook('preClose', (done) => (guard.drain(), done()))
   */
  drain(): void {
    this.draining = true;
    for (const socket of this.sockets) {
      const state = socket[STATE]!;
      for (const { request, done } of state.waiting.splice(0)) {
        state.active.push(request);
        done(drainRefusal());
      }
    }
  }

  /**
   * At the drain's deadline: closes every connection still open; responses
   * not yet written to the kernel are given back (see `undelivered`).
   * Returns how many connections were closed.
   * @example setTimeout(() => guard.closeAll(), drainTimeoutMs)
   */
  closeAll(): number {
    const open = this.sockets.size;
    for (const socket of this.sockets) socket.destroy();
    return open;
  }

  /**
   * Resolves once every connection has closed and its accounting is done.
   * Node's server emits 'close' before its sockets do, so whoever closes the
   * store after the server must wait for this, or refunds would find it closed.
   * @example await app.close(); await app.connections.allClosed(); await store.close();
   */
  allClosed(): Promise<void> {
    if (this.sockets.size === 0) return Promise.resolve();
    return new Promise((resolve) => (this.onAllClosed = resolve));
  }

  private closed(socket: Guarded, state: ConnectionState): void {
    this.sockets.delete(socket);
    for (const request of state.active) this.events.undelivered(request);
    state.active.length = 0;
    state.waiting.length = 0;
    if (this.sockets.size === 0) this.onAllClosed?.();
  }

  private sweep(): void {
    for (const socket of this.sockets) {
      const state = socket[STATE]!;
      const pending = socket.writableLength;
      if (pending === 0) {
        state.stalledMs = 0;
        continue;
      }
      const written = socket.bytesWritten - pending;
      const queued = socket._handle?.writeQueueSize ?? 0;
      if (written !== state.written || queued !== state.queued) {
        state.written = written;
        state.queued = queued;
        state.stalledMs = 0;
        continue;
      }
      state.stalledMs += SWEEP_MS;
      if (state.stalledMs >= this.limits.stallTimeoutMs) {
        this.events.metrics.count('connections_closed_stalled_total');
        socket.destroy();
      }
    }
  }
}

/**
 * The answer to a request the server will not start because it is shutting down: 503 with Retry-After, and the
 * connection closed after it.
 * @example throw drainRefusal()
 */
export function drainRefusal(): ProblemError {
  return new ProblemError('service_unavailable', 'the server is shutting down; retry shortly (another instance may answer)', {
    headers: { 'retry-after': '1', connection: 'close' },
  });
}
