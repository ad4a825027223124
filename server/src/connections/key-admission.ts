import type { FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { KeyLoad, resumed, stateOf, type ConnectionState, type Guarded } from './connection-state.js';

/**
 * Per-key record admission: one API key has at most `maxRecordsPerKey` records in the making on this instance, over
 * all its connections (one request asking for more still starts alone). A request past it waits, unstarted and
 * uncharged, until the key's responses leave room; the other keys' requests go on meanwhile. Reached by
 * authentication through AppServices; the connection guard tells it when responses end and connections close.
 * @example if (services.keyAdmission.admit(request, key.id, done)) done();
 */
export class KeyAdmission {
  private readonly keys = new Map<string, KeyLoad>();

  constructor(private readonly maxRecordsPerKey: number) {}

  /**
   * Lets an authenticated request of key `keyId` start now (true), or keeps
   * it waiting, uncharged, until the key's records in the making leave room
   * (false: it is continued later through `done`). Call it after the key is
   * known and before anything is charged.
   * @example if (keyAdmission.admit(request, key.id, done)) done();
   */
  admit(request: FastifyRequest, keyId: string, done: HookHandlerDoneFunction): boolean {
    const socket = request.raw.socket as Guarded;
    const state = stateOf(socket);
    const at = state === undefined ? -1 : state.active.lastIndexOf(request);
    if (state === undefined || at < 0) return true;
    let key = this.keys.get(keyId);
    if (key === undefined) {
      key = new KeyLoad(keyId);
      this.keys.set(keyId, key);
    }
    const cost = state.activeCosts[at];
    if (key.waiting.length === 0 && (key.records === 0 || key.records + cost <= this.maxRecordsPerKey)) {
      key.records += cost;
      state.activeKeys[at] = key;
      return true;
    }
    key.waiting.push({ request, done, cost, socket, since: performance.now() });
    state.queuedOn.push(key);
    return false;
  }

  /**
   * A response of `key` ended (or its connection closed): starts the key's waiting requests that now fit.
   * @example keyAdmission.release(key)
   */
  release(key: KeyLoad): void {
    while (
      key.waiting.length > 0 &&
      (key.records === 0 || key.records + key.waiting[0].cost <= this.maxRecordsPerKey)
    ) {
      const next = key.waiting.shift()!;
      const state = stateOf(next.socket);
      const at = state === undefined ? -1 : state.active.lastIndexOf(next.request);
      if (state === undefined || at < 0 || next.socket.destroyed) continue;
      key.records += next.cost;
      state.activeKeys[at] = key;
      resumed(next);
      next.done();
    }
    if (key.records === 0 && key.waiting.length === 0) this.keys.delete(key.id);
  }

  /**
   * A connection closed: its requests waiting for a key's room leave the queue, and the room its active ones held is
   * given back (the keys' next requests start).
   * @example keyAdmission.closed(socket, state)
   */
  closed(socket: Guarded, state: ConnectionState): void {
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
    state.activeKeys.length = 0;
    state.queuedOn.length = 0;
    for (const key of touched) this.release(key);
  }

  /**
   * The drain: every request waiting for its key's room is answered with `refusal` (it holds none).
   * @example keyAdmission.refuseWaiting(drainRefusal)
   */
  refuseWaiting(refusal: () => Error): void {
    for (const key of this.keys.values()) for (const { done } of key.waiting.splice(0)) done(refusal());
  }
}
