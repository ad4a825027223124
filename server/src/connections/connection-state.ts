import type { Socket } from 'node:net';
import type { FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** A request kept waiting, unstarted and uncharged, and how to continue it. */
export interface Waiting {
  request: FastifyRequest;
  done: HookHandlerDoneFunction;
  /** Records it asks for. */
  cost: number;
  /** When it began to wait (performance.now()): the wait is the client's, not the service's (docs/sla.md). */
  since: number;
}

/**
 * Notes that a waiting request starts now: its wait is added to `request.waitedMs`, which the SLA leaves out of the
 * service's time (the client's own reading, or its key's other responses, held it).
 * @example resumed(next); next.done();
 */
export function resumed(waiting: Waiting): void {
  waiting.request.waitedMs += performance.now() - waiting.since;
}

/** What one API key has in the making on this instance, and its requests waiting for room. */
export class KeyLoad {
  records = 0;
  readonly waiting: (Waiting & { socket: Guarded })[] = [];
  constructor(readonly id: string) {}
}

/** What the guard keeps per connection (one object per connection, set when it opens: one hidden class). */
export class ConnectionState {
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
  /**
   * Whether a response that finished is still partly in the socket's buffer, not yet taken by the kernel: Node 24
   * calls a response finished once the socket has its bytes. Until the buffer drains, no later response of the
   * connection can have reached the client.
   */
  finishedUnflushed = false;
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

/** A socket the guard watches: its state rides on it (no map lookup per request). */
export type Guarded = Socket & { [STATE]?: ConnectionState };

/**
 * Gives a new connection its state.
 * @example const state = watch(socket);
 */
export function watch(socket: Guarded): ConnectionState {
  const state = new ConnectionState();
  socket[STATE] = state;
  return state;
}

/**
 * The state of a watched connection (undefined: the guard does not watch it, e.g. an injected request).
 * @example const state = stateOf(request.raw.socket);
 */
export function stateOf(socket: Guarded): ConnectionState | undefined {
  return socket[STATE];
}

/**
 * Makes a request one of the connection's active ones.
 * @example start(state, request, 1000)
 */
export function start(state: ConnectionState, request: FastifyRequest, cost: number): void {
  state.active.push(request);
  state.activeCosts.push(cost);
  state.activeKeys.push(undefined);
  state.activeRecords += cost;
}

/**
 * Removes the active request at `at`; the key whose room it held, if any.
 * @example const key = finish(state, 0);
 */
export function finish(state: ConnectionState, at: number): KeyLoad | undefined {
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
