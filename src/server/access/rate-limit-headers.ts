import type { FastifyRequest } from 'fastify';
import { isPromise, type Awaitable } from '../../awaitable.js';
import type { QuotaDecision } from '../../limits/monthly-quota.js';

/**
 * The IETF draft RateLimit header fields (draft-10 syntax) for an
 * authenticated request: the per-second bucket and the monthly quota. At
 * once when the request was debited (or the quota answers at once).
 * @example reply.headers(await rateLimitHeaders(request)) // { 'ratelimit-policy': '"burst";q=10;w=1, "monthly";q=100000;w=2592000', ratelimit: '"burst";r=9;t=1, "monthly";r=99990;t=812345' }
 */
export function rateLimitHeaders(request: FastifyRequest): Awaitable<Record<string, string>> {
  const access = request.access;
  if (!access) return {};
  const { key, rate } = access;
  const headers = (quota: QuotaDecision) => {
    access.quota = quota;
    return {
      'ratelimit-policy': `"burst";q=${key.rate};w=1, "monthly";q=${key.monthlyQuota};w=${quota.windowSeconds}`,
      ratelimit: `"burst";r=${rate.remaining};t=${rate.resetSeconds}, "monthly";r=${quota.remaining};t=${quota.resetSeconds}`,
    };
  };
  if (access.quota) return headers(access.quota);
  // Requests refused before any debit still report the month's standing.
  const services = request.server.ussynth;
  const quota = services.quota.peek(key.accountId, key.monthlyQuota, services.clock());
  return isPromise(quota) ? quota.then(headers) : headers(quota);
}
