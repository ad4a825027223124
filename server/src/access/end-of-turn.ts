import type { WhenDurable } from '../store/store.js';

// The callbacks of this turn, run together by one setImmediate.
let queued: ((error: Error | null) => void)[] = [];

function runQueued(): void {
  const callbacks = queued;
  queued = [];
  for (const callback of callbacks) callback(null);
}

/**
 * Calls back at the end of this event-loop turn (in Node's check phase,
 * after the turn's socket reads), together with every other callback queued
 * in the turn. A `WhenDurable` for debits that are durable at once (the
 * fleet's leased blocks, an in-memory quota), so that their answers are
 * written the way the embedded store's are after its journal write: all of a
 * turn's answers one after another, after its requests were read.
 *
 * Why: answering each request the moment it is made writes to one client's
 * socket between reading the others, so the client wakes once per answer and
 * the server and the clients trade the CPU request by request; written at
 * the end of the turn, the fleet's answers cost about what the embedded
 * store's do (the figures: docs/benchmarks.md#request-path-tricks-the-5--rule,
 * the end-of-turn row). The callback never gets an error.
 * @example const whenDurable = decision.whenDurable ?? endOfTurn; whenDurable(() => reply.send(body()));
 */
export const endOfTurn: WhenDurable = (callback) => {
  if (queued.length === 0) setImmediate(runQueued);
  queued.push(callback);
};
