import type { FastifyRequest } from 'fastify';

/**
 * Gives back the records a request was charged when its response was never
 * handed to its connection (the client went away, a stalled connection was
 * closed, or a drain's deadline came first, before the response's writing
 * began). A response whose writing began is never given back: the client may
 * hold any part of it (issue 46; the guard decides, connection-guard.ts). The
 * access line then logs `records` 0, what was charged. Safe to call
 * twice (the charge is zeroed) and on requests that were never charged. A
 * store that fails to take the refund leaves the records charged, and says so
 * in the log. Never rejects.
 * @example socket.on('close', () => void refundUndelivered(request))
 */
export async function refundUndelivered(request: FastifyRequest): Promise<void> {
  const access = request.access;
  if (!access || access.records === 0) return;
  const { records } = access;
  access.records = 0;
  const services = request.server.ussynth;
  try {
    const done = services.quota.refund(access.key.accountId, records, access.now);
    // Counted once the store has taken the call (a store that throws at once counts nothing).
    services.metrics.count('records_refunded_total', records);
    await done;
  } catch (error) {
    request.log.error({ err: error, records }, 'could not refund the records of an undelivered response');
  }
}
