import type { FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ServiceMetrics } from '../observability/metrics.js';
import { ProblemError } from '../problem/problem-error.js';
import {
  finish,
  resumed,
  start,
  stateOf,
  type ConnectionState,
  type Guarded,
  type KeyLoad,
} from './connection-state.js';

/** What one connection may have in the making and waiting. */
export interface PipeliningLimits {
  /** Responses a connection may have in the making: admitted and not yet handed to the kernel. */
  maxActive: number;
  /** Pipelined requests that may wait behind them; the next one is refused and the connection closed after it. */
  maxWaiting: number;
  /** Records a connection may have in the making at once (one request asking for more still starts alone). */
  maxRecordsPerConnection: number;
  /** Records a connection's pipelined requests (in the making and waiting) may ask for together; the next is refused. */
  maxRecordsPipelined: number;
}

/** What pipelining needs from the app. */
export interface PipeliningEvents {
  /** Counters for /metrics. */
  metrics: ServiceMetrics;
  /** How many records a request asks for (its weight against the records limits), read before it starts. */
  cost(request: FastifyRequest): number;
  /** Answers a waiting request that may start now (the drain refuses it instead). */
  resume(done: HookHandlerDoneFunction): void;
  /** A response that held room of its key ended (the key's waiting requests may start). */
  release(key: KeyLoad): void;
}

/**
 * Per-connection pipelining: a connection has at most `maxActive` responses in the making (admitted, not yet written
 * to the kernel) and `maxRecordsPerConnection` records; further pipelined requests wait in order, unstarted and
 * uncharged, and past `maxWaiting` of them (or `maxRecordsPipelined` records asked for in all) the next is refused
 * (429 `too_many_pipelined_requests`, connection closed after it). A connection whose output is backed up (the client
 * does not read) starts nothing more until it drains. Node parses every request of a read at once, so without this a
 * client that pipelines and never reads made the server generate and hold every response.
 * @example if (!pipelining.admit(request, done)) return; done();
 */
export class Pipelining {
  constructor(
    private readonly limits: PipeliningLimits,
    private readonly events: PipeliningEvents,
  ) {}

  /**
   * Lets a request start now (true: the caller continues), or keeps it
   * waiting (false: it is continued later through `done`, or refused
   * through `done` when too many wait).
   * @example if (!pipelining.admit(request, done)) return; done();
   */
  admit(request: FastifyRequest, done: HookHandlerDoneFunction): boolean {
    const socket = request.raw.socket as Guarded;
    const state = stateOf(socket);
    if (state === undefined) return true;
    if (state.refusing) return false;
    const cost = this.events.cost(request);
    if (state.waiting.length === 0 && this.fits(socket, state, cost)) {
      start(state, request, cost);
      return true;
    }
    if (
      state.waiting.length < this.limits.maxWaiting &&
      state.activeRecords + state.waitingRecords + cost <= this.limits.maxRecordsPipelined
    ) {
      state.waiting.push({ request, done, cost, since: performance.now() });
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
   * A response was written to the kernel ('finish'): frees its place (and its key's room) and starts the
   * connection's waiting requests that fit. A response 'finished' by the connection's destruction is left to the
   * close, which gives its charge back.
   * @example app.addHook('onResponse', (request, _reply, done) => (pipelining.finished(request), done()))
   */
  finished(request: FastifyRequest): void {
    const socket = request.raw.socket as Guarded;
    const state = stateOf(socket);
    if (state === undefined || socket.destroyed) return;
    const active = state.active;
    // Responses of a connection finish in order: the oldest, almost always.
    const at = active[0] === request ? 0 : active.indexOf(request);
    if (at < 0) return;
    const key = finish(state, at);
    if (key) this.events.release(key);
    this.pump(socket, state);
  }

  /** Whether a request of `cost` records may start on this connection now. */
  private fits(socket: Guarded, state: ConnectionState, cost: number): boolean {
    if (socket.writableNeedDrain) return false;
    if (state.active.length === 0) return true;
    return (
      state.active.length < this.limits.maxActive && state.activeRecords + cost <= this.limits.maxRecordsPerConnection
    );
  }

  /** Starts the connection's waiting requests that fit; if its output is backed up, again once it drains. */
  private pump(socket: Guarded, state: ConnectionState): void {
    while (state.waiting.length > 0 && !socket.destroyed && this.fits(socket, state, state.waiting[0].cost)) {
      const next = state.waiting.shift()!;
      state.waitingRecords -= next.cost;
      start(state, next.request, next.cost);
      resumed(next);
      this.events.resume(next.done);
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
}
