import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The service's own time for a request in ms, what the SLA's slow threshold measures (docs/sla.md): from its arrival
 * to its answer being ready to write (status, headers and body made), less the time it waited, unstarted, for the
 * client to read its earlier answers on the connection or for its key's other responses. Never the time the client
 * takes to read the answer (issue 46: a slow reader made its own requests bad). An answer never sent (the connection
 * closed first) counts to its end.
 * @example sli.answered(access.key.accountId, reply.statusCode, serviceMs(request, reply), access.now)
 */
export function serviceMs(request: FastifyRequest, reply: FastifyReply): number {
  return (request.readyMs ?? reply.elapsedTime) - request.waitedMs;
}
