import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ServiceMetrics } from '../metrics.js';
import { ProblemError } from '../problem/problem-error.js';

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
  /** Records a connection may have in the making at once (one request asking for more still starts alone). */
  maxRecordsPerConnection: number;
  /** Records a connection's pipelined requests (in the making and waiting) may ask for together; the next is refused. */
  maxRecordsPipelined: number;
  /** Records one API key may have in the making at once on this instance, over all its connections (idem). */
  maxRecordsPerKey: number;
}

/** What the guard tells the app. */
export interface ConnectionEvents {
  /** A request whose response will never reach its connection (closed first): give back what it was charged. */
  undelivered(request: FastifyRequest): void;
  /** Counters for /metrics. */
  metrics: ServiceMetrics;
  /** How many records a request asks for (its weight against the records limits), read before it starts. */
  cost(request: FastifyRequest): number;
}

interface Waiting {
  request: FastifyRequest;
  done: HookHandlerDoneFunction;
  cost: number;
}

/** What one API key has in the making on this instance, and its requests waiting for room. */
class KeyLoad {
  records = 0;
  readonly waiting: (Waiting & { socket: Guarded })[] = [];
  constructor(readonly id: string) {}
}

/** What the guard keeps per connection (one object per connection, set when it opens: one hidden class). */
class ConnectionState {
  /** Requests admitted whose response is not yet written to the kernel, oldest first. */
  readonly active: FastifyRequest[] = [];
  /** What each of them asks for (records), and the key whose room it holds (parallel to `active`: no object per request). */
  readonly activeCosts: number[] = [];
  readonly activeKeys: (KeyLoad | undefined)[] = [];
  /** The sum of `activeCosts`, and the records the waiting requests ask for. */
  activeRecords = 0;
  waitingRecords = 0;
  /** Keys this connection has requests waiting on (their lists are cleaned when it closes). */
  readonly queuedOn: KeyLoad[] = [];
  /** Whether a 'drain' listener will start the waiting requests once the output is taken. */
  awaitingDrain = false;
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
 *   in order, unstarted and uncharged, and past `maxWaiting` of them (or past
 *   `maxRecordsPipelined` records asked for in all) the next is refused
 *   (429 `too_many_pipelined_requests`, connection closed after it). Node parses every request of a read at once, so without this a
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
 * - Unread output: a connection whose output is backed up (more than the
 *   socket's high-water mark not yet taken by the kernel, because the client
 *   does not read) starts nothing more until it drains; a connection has at
 *   most `maxRecordsPerConnection` records in the making (one large batch at
 *   a time; up to `maxActive` small answers), and a key at most
 *   `maxRecordsPerKey` over all its connections. What waits is neither
 *   started nor charged, so a client that pipelines and never reads costs at
 *   most `maxRecordsPipelined` records per connection, made in turn with the
 *   other keys' requests, and pays only for what the kernel took (the server
 *   cannot see past it: what the kernel takes counts as delivered).
 *
 * Per request this costs a few property reads, array pushes and shifts.
 * @example const guard = new ConnectionGuard(app.server, limits, { undelivered: refundUndelivered, metrics, cost: recordsAsked }); // then guard.admit / guard.finished from the hooks
 */
export class ConnectionGuard {
  /** True once the server drains: requests are answered 503 and not started. */
  draining = false;
  private readonly sockets = new Set<Guarded>();
  private readonly keys = new Map<string, KeyLoad>();
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
    const socket = request.raw.socket as Guarded;
    const state = socket[STATE];
    if (state === undefined) return true;
    if (state.refusing) return false;
    const cost = this.events.cost(request);
    if (state.waiting.length === 0 && this.fits(socket, state, cost)) {
      start(state, request, cost);
      return true;
    }
    if (state.waiting.length < this.limits.maxWaiting && state.activeRecords + state.waitingRecords + cost <= this.limits.maxRecordsPipelined) {
      state.waiting.push({ request, done, cost });
      state.waitingRecords += cost;
      this.awaitDrain(socket, state);
      return false;
    }
    // Answered in its turn, after the responses before it; the connection ends there and later requests are dropped.
    state.refusing = true;
    start(state, request, 0);
    this.events.metrics.count('pipelined_requests_refused_total');
    done(
      new ProblemError(
        'too_many_pipelined_requests',
        `more than ${this.limits.maxActive + this.limits.maxWaiting} requests, or more than ${this.limits.maxRecordsPipelined} records, were pipelined on this connection ahead of their answers; the connection closes after this answer: send the rest on a new connection`,
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
    const at = active[0] === request ? 0 : active.indexOf(request);
    if (at < 0) return;
    const key = finish(state, at);
    if (key) this.release(key);
    this.pump(socket, state);
  }

  /**
   * Lets an authenticated request of key `keyId` start now (true), or keeps
   * it waiting, uncharged, until the key's records in the making leave room
   * (false: the guard continues it later through `done`). Call it after the
   * key is known and before anything is charged.
   * @example if (request.server.connections.admitKey(request, key.id, done)) done();
   */
  admitKey(request: FastifyRequest, keyId: string, done: HookHandlerDoneFunction): boolean {
    const socket = request.raw.socket as Guarded;
    const state = socket[STATE];
    const at = state === undefined ? -1 : state.active.lastIndexOf(request);
    if (state === undefined || at < 0) return true;
    let key = this.keys.get(keyId);
    if (key === undefined) {
      key = new KeyLoad(keyId);
      this.keys.set(keyId, key);
    }
    const cost = state.activeCosts[at];
    if (key.waiting.length === 0 && (key.records === 0 || key.records + cost <= this.limits.maxRecordsPerKey)) {
      key.records += cost;
      state.activeKeys[at] = key;
      return true;
    }
    key.waiting.push({ request, done, cost, socket });
    state.queuedOn.push(key);
    return false;
  }

  /**
   * Starts the drain: requests waiting on any connection are answered 503
   * (uncharged, connection closed after), and so is every later request.
   * @example app.addHook('preClose', (done) => (guard.drain(), done()))
   */
  drain(): void {
    this.draining = true;
    // Requests waiting for their key's room are refused too (they hold none).
    for (const key of this.keys.values()) for (const { done } of key.waiting.splice(0)) done(drainRefusal());
    for (const socket of this.sockets) {
      const state = socket[STATE]!;
      for (const { request, done } of state.waiting.splice(0)) {
        start(state, request, 0);
        done(drainRefusal());
      }
      state.waitingRecords = 0;
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
    // Its requests waiting for a key's room leave the queue; the room its active ones held is given back.
    const touched = new Set(state.queuedOn);
    for (const key of state.queuedOn) {
      const left = key.waiting.filter((waiting) => waiting.socket !== socket);
      key.waiting.length = 0;
      key.waiting.push(...left);
    }
    for (let i = 0; i < state.activeKeys.length; i++) {
      const key = state.activeKeys[i];
      if (key === undefined) continue;
      key.records -= state.activeCosts[i];
      touched.add(key);
    }
    state.active.length = 0;
    state.activeCosts.length = 0;
    state.activeKeys.length = 0;
    state.activeRecords = 0;
    state.queuedOn.length = 0;
    state.waiting.length = 0;
    state.waitingRecords = 0;
    for (const key of touched) this.release(key);
    if (this.sockets.size === 0) this.onAllClosed?.();
  }

  /** Whether a request of `cost` records may start on this connection now. */
  private fits(socket: Guarded, state: ConnectionState, cost: number): boolean {
    if (socket.writableNeedDrain) return false;
    if (state.active.length === 0) return true;
    return state.active.length < this.limits.maxActive && state.activeRecords + cost <= this.limits.maxRecordsPerConnection;
  }

  /** Starts the connection's waiting requests that fit; if its output is backed up, again once it drains. */
  private pump(socket: Guarded, state: ConnectionState): void {
    while (state.waiting.length > 0 && !socket.destroyed && this.fits(socket, state, state.waiting[0].cost)) {
      const next = state.waiting.shift()!;
      state.waitingRecords -= next.cost;
      start(state, next.request, next.cost);
      if (this.draining) next.done(drainRefusal());
      else next.done();
    }
    if (state.waiting.length > 0) this.awaitDrain(socket, state);
  }

  private awaitDrain(socket: Guarded, state: ConnectionState): void {
    if (state.awaitingDrain || !socket.writableNeedDrain) return;
    state.awaitingDrain = true;
    socket.once('drain', () => {
      state.awaitingDrain = false;
      this.pump(socket, state);
    });
  }

  /** A response of `key` ended (or its connection closed): starts the key's waiting requests that now fit. */
  private release(key: KeyLoad): void {
    while (key.waiting.length > 0 && (key.records === 0 || key.records + key.waiting[0].cost <= this.limits.maxRecordsPerKey)) {
      const next = key.waiting.shift()!;
      const state = next.socket[STATE];
      const at = state === undefined ? -1 : state.active.lastIndexOf(next.request);
      if (state === undefined || at < 0 || next.socket.destroyed) continue;
      key.records += next.cost;
      state.activeKeys[at] = key;
      next.done();
    }
    if (key.records === 0 && key.waiting.length === 0) this.keys.delete(key.id);
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

/** Makes a request one of the connection's active ones. */
function start(state: ConnectionState, request: FastifyRequest, cost: number): void {
  state.active.push(request);
  state.activeCosts.push(cost);
  state.activeKeys.push(undefined);
  state.activeRecords += cost;
}

/** Removes the active request at `at`; the key whose room it held, if any. */
function finish(state: ConnectionState, at: number): KeyLoad | undefined {
  const cost = state.activeCosts[at];
  const key = state.activeKeys[at];
  if (at === 0) {
    state.active.shift();
    state.activeCosts.shift();
    state.activeKeys.shift();
  } else {
    state.active.splice(at, 1);
    state.activeCosts.splice(at, 1);
    state.activeKeys.splice(at, 1);
  }
  state.activeRecords -= cost;
  if (key) key.records -= cost;
  return key;
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
