import type { onRequestHookHandler } from 'fastify';
import type { ConnectionGuard } from '../connections/connection-guard.js';

/**
 * The onRequest hook that admits a request on its connection (connections/pipelining.ts): it starts now, or waits
 * unstarted and uncharged while its connection has too much in the making, or is refused 429 when too many wait.
 * Registered last: a request refused by the hooks before it costs nothing to answer; one admitted may generate a
 * large body.
 * @example app.addHook('onRequest', admission(connections))
 */
export function admission(connections: ConnectionGuard): onRequestHookHandler {
  return (request, _reply, done) => {
    if (!connections.admit(request, done)) return;
    done();
  };
}
