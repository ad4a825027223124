import type { onRequestHookHandler } from 'fastify';
import type { ConnectionGuard } from '../connections/connection-guard.js';
import { drainRefusal } from '../connections/drain.js';

/**
 * The onRequest hook that notes each request on its connection (the drain closes a connection only once no request
 * is on its way in) and, while the server drains, answers it 503 with Retry-After instead of starting it.
 * @example app.addHook('onRequest', refuseWhileDraining(connections))
 */
export function refuseWhileDraining(connections: ConnectionGuard): onRequestHookHandler {
  return (request, reply, done) => {
    connections.noteRequest(request, reply);
    if (connections.draining) throw drainRefusal();
    done();
  };
}
