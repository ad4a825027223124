import type { Server, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ServiceMetrics } from '../observability/metrics.js';
import { stateOf, watch, type ConnectionState, type Guarded } from './connection-state.js';
import { Drain, drainRefusal } from './drain.js';
import type { KeyAdmission } from './key-admission.js';
import { Pipelining, type PipeliningLimits } from './pipelining.js';
import { StallSweeper } from './stall-sweeper.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The guard of the server's connections (set by buildApp). */
    connections: ConnectionGuard;
  }
  interface FastifyRequest {
    /** The request's own Node response (set by ConnectionGuard.noteRequest): whether it was handed to the connection. */
    rawResponse: ServerResponse | null;
    /** Milliseconds it waited, unstarted, for its connection's output or its key's other responses (the client's time). */
    waitedMs: number;
    /** Milliseconds from its arrival to its answer being ready to write (set as it is sent; the service's time with `waitedMs`). */
    readyMs: number | null;
  }
}

/** What one connection may hold, and how long its output may stand still. */
export interface ConnectionLimits extends PipeliningLimits {
  /** A connection whose unsent output makes no progress for this long is closed. */
  stallTimeoutMs: number;
}

/** What the guard tells the app, and the key admission it keeps in step. */
export interface ConnectionEvents {
  /** A request whose response was never handed to its connection (closed first): give back what it was charged. */
  undelivered(request: FastifyRequest): void;
  /** Counters for /metrics. */
  metrics: ServiceMetrics;
  /** How many records a request asks for (its weight against the records limits), read before it starts. */
  cost(request: FastifyRequest): number;
  /** Per-key record admission (authentication asks it; the guard releases a key's room when its responses end). */
  keyAdmission: KeyAdmission;
}

/**
 * Keeps each connection's output bounded and every charged response delivered or given back, from four parts:
 * pipelining per connection (pipelining.ts), records per key (key-admission.ts, which authentication reaches as a
 * service), the stall sweeper (stall-sweeper.ts) and the drain (drain.ts). Here: the connections open, and what
 * happens when one closes: responses never handed to it are given back (`undelivered`), and the room they held is
 * released. A response whose writing began is charged whole, as one that reached the kernel whole is: the client may
 * hold any part of it, and the server cannot see how much past the kernel (issue 46). A client that pipelines and
 * never reads costs at most `maxRecordsPipelined` records per connection, made in turn with the other keys' requests,
 * and pays for the responses written to it, never for those made and not handed over. Per request this costs a few
 * property reads, array pushes and shifts.
 * @example const guard = new ConnectionGuard(app.server, limits, { undelivered: refundUndelivered, metrics, cost: recordsAsked, keyAdmission }); // then guard.admit / guard.finished from the hooks
 */
export class ConnectionGuard {
  private readonly sockets = new Set<Guarded>();
  private readonly pipelining: Pipelining;
  private readonly drainer: Drain;

  constructor(
    server: Server,
    limits: ConnectionLimits,
    private readonly events: ConnectionEvents,
  ) {
    const { keyAdmission } = events;
    this.drainer = new Drain(server, this.sockets, keyAdmission);
    this.pipelining = new Pipelining(limits, {
      metrics: events.metrics,
      cost: events.cost,
      resume: (done) => (this.drainer.draining ? done(drainRefusal()) : done()),
      release: (key) => keyAdmission.release(key),
    });
    server.on('connection', (socket: Guarded) => {
      const state = watch(socket);
      this.sockets.add(socket);
      socket.on('close', () => this.closed(socket, state));
    });
    const sweeper = new StallSweeper(this.sockets, limits.stallTimeoutMs, events.metrics);
    server.once('close', () => sweeper.stop());
  }

  /** True once the server drains: requests are answered 503 and not started. */
  get draining(): boolean {
    return this.drainer.draining;
  }

  /**
   * Notes that a request has arrived on its connection (call it first, for
   * every request): the drain then knows nothing more is on its way in, and
   * a close can tell whether its response was handed to the connection.
   * @example guard.noteRequest(request, reply)
   */
  noteRequest(request: FastifyRequest, reply: FastifyReply): void {
    request.rawResponse = reply.raw;
    const socket = request.raw.socket as Guarded;
    const state = stateOf(socket);
    if (state !== undefined) state.readAtRequest = socket.bytesRead;
  }

  /**
   * Lets a request start now (true: the caller continues), or keeps it waiting (false: continued or refused later
   * through `done`); see Pipelining.admit.
   * @example if (!guard.admit(request, done)) return; done();
   */
  admit(request: FastifyRequest, done: HookHandlerDoneFunction): boolean {
    return this.pipelining.admit(request, done);
  }

  /**
   * A response was written to the kernel ('finish'): frees its place and starts waiting requests; see
   * Pipelining.finished.
   * @example app.addHook('onResponse', (request, _reply, done) => (guard.finished(request), done()))
   */
  finished(request: FastifyRequest): void {
    const socket = request.raw.socket as Guarded | null;
    const state = socket ? stateOf(socket) : undefined;
    if (socket && state && !state.finishedUnflushed && socket.writableNeedDrain) {
      state.finishedUnflushed = true;
      socket.once('drain', () => {
        state.finishedUnflushed = false;
      });
    }
    this.pipelining.finished(request);
  }

  /**
   * A response ended ('finish' or 'error'): if its connection was destroyed first, gives back now the charge of every
   * response of the connection never handed over (Node may call such a response finished), so that what the caller
   * logs next is what it was charged (the close would give it back only later). Call it before logging the request.
   * @example app.addHook('onResponse', (request, reply, done) => (guard.settle(request), log(request), guard.finished(request), done()))
   */
  settle(request: FastifyRequest): void {
    const socket = request.raw.socket as Guarded | null;
    if (!socket?.destroyed) return;
    const state = stateOf(socket);
    if (state === undefined) return;
    // Every response of the connection is decided now, while `active` still lists them in order: Node 24 ends the
    // first response before the socket's 'close', and once it has left `active` the next one, whose head Node holds
    // unwritten, would look handed over. Giving back twice is a no-op (`undelivered` zeroes the charge).
    for (const active of state.active) if (!handedOver(state, active)) this.events.undelivered(active);
  }

  /**
   * Starts the drain: requests waiting on any connection are answered 503
   * (uncharged, connection closed after), and so is every later request.
   * @example app.addHook('preClose', (done) => (guard.drain(), done()))
   */
  drain(): void {
    this.drainer.start();
  }

  /**
   * At the drain's deadline: closes every connection still open; responses
   * not yet written to the kernel are given back (see `undelivered`).
   * Returns how many connections were closed.
   * @example setTimeout(() => guard.closeAll(), drainTimeoutMs)
   */
  closeAll(): number {
    return this.drainer.closeAll();
  }

  /**
   * Resolves once every connection has closed and its accounting is done.
   * Node's server emits 'close' before its sockets do, so whoever closes the
   * store after the server must wait for this, or refunds would find it closed.
   * @example await app.close(); await app.connections.allClosed(); await store.close();
   */
  allClosed(): Promise<void> {
    return this.drainer.allClosed();
  }

  private closed(socket: Guarded, state: ConnectionState): void {
    this.sockets.delete(socket);
    for (const request of state.active) if (!handedOver(state, request)) this.events.undelivered(request);
    // Its requests waiting for a key's room leave the queue; the room its active ones held is given back.
    this.events.keyAdmission.closed(socket, state);
    state.active.length = 0;
    state.activeCosts.length = 0;
    state.activeRecords = 0;
    state.waiting.length = 0;
    state.waitingRecords = 0;
    this.drainer.closed();
  }
}

/**
 * Whether an active request's response was handed to its connection. Those that finished while the connection was
 * open have left `active`. Node writes a connection's responses in order and holds each later one until those before
 * it are written whole (and may call them finished when the connection is destroyed): so only the first can have
 * been handed over, which it was once its head was written (its body goes with it). It is then charged whole: the
 * client may hold any part of it, and the server cannot see past the kernel how much (issue 46). Node 24 calls a
 * response finished once the socket has its bytes, before the kernel takes them: while an earlier response's bytes
 * wait in the socket's buffer (`finishedUnflushed`), the first active one has reached nobody either.
 */
function handedOver(state: ConnectionState, request: FastifyRequest): boolean {
  return state.active[0] === request && request.rawResponse?.headersSent === true && !state.finishedUnflushed;
}
