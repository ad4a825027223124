import type { FastifyRequest } from 'fastify';
import { isPromise } from '../runtime/awaitable.js';

/**
 * Gives back the records a request was charged when its response will never
 * reach its connection (the client went away, a stalled connection was
 * closed, or a drain's deadline came first): the quota counts records
 * delivered, so the client pays only for what it could receive. Safe to call
 * twice (the charge is zeroed) and on requests that were never charged. A
 * store that fails to take the refund leaves the records charged, and says so
 * in the log.
 * @example socket.on('close', () => refundUndelivered(request))
 */
export function refundUndelivered(request: FastifyRequest): void {
  const access = request.access;
  if (!access || access.records === 0) return;
  const { records } = access;
  access.records = 0;
  const services = request.server.ussynth;
  const failed = (error: unknown) => request.log.error({ err: error, records }, 'could not refund the records of an undelivered response');
  try {
    const done = services.quota.refund(access.key.accountId, records, access.now);
    if (isPromise(done)) done.catch(failed);
  } catch (error) {
    failed(error);
    return;
  }
  services.metrics.count('records_refunded_total', records);
}
