import type { FastifyRequest } from 'fastify';
import { ProblemError } from './problem-error.js';

/**
 * The answer when a store cannot be reached or refuses (PostgreSQL down, a
 * journal that cannot be written): logged with its cause, counted as
 * `store_errors_total`, and a retryable 503 `store_unavailable` (Retry-After: 1)
 * naming which store (`store`, `key store`, `usage store`).
 * @example throw storeUnavailableProblem(request, error, 'key store');
 */
export function storeUnavailableProblem(
  request: FastifyRequest,
  error: unknown,
  store: 'store' | 'key store' | 'usage store',
): ProblemError {
  request.log.error({ err: error }, `${store} unavailable`);
  request.server.ussynth?.metrics?.count('store_errors_total');
  return new ProblemError('store_unavailable', `the ${store} is unavailable; retry shortly`, {
    headers: { 'retry-after': '1' },
  });
}
