import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPromise, type Awaitable } from '../runtime/awaitable.js';
import type { QuotaDecision } from '../limits/monthly-quota.js';

/**
 * Sets the IETF draft RateLimit header fields (draft-10 syntax) of an
 * authenticated request: the per-second bucket and the monthly quota. At
 * once when the request was debited (or the quota answers at once); a
 * request without authentication gets none. Never fails: when the usage
 * store cannot say what is left (it is down or damaged), the fields are left
 * out and the failure logged, since every error answer comes through here
 * and must still be sent.
 * @example setRateLimitHeaders(request, reply) // ratelimit-policy: "burst";q=10;w=1, "monthly";q=100000;w=2592000
 * //                                              ratelimit: "burst";r=9;t=1, "monthly";r=99990;t=812345
 */
export function setRateLimitHeaders(request: FastifyRequest, reply: FastifyReply): Awaitable<void> {
  const access = request.access;
  if (!access) return;
  const { key, rate } = access;
  const set = (quota: QuotaDecision) => {
    access.quota = quota;
    reply.header('ratelimit-policy', `"burst";q=${key.rate};w=1, "monthly";q=${key.monthlyQuota};w=${quota.windowSeconds}`);
    reply.header('ratelimit', `"burst";r=${rate.remaining};t=${rate.resetSeconds}, "monthly";r=${quota.remaining};t=${quota.resetSeconds}`);
  };
  if (access.quota) return set(access.quota);
  // Requests refused before any debit still report the month's standing (as of their authentication).
  let quota;
  try {
    quota = request.server.ussynth.quota.peek(key.accountId, key.monthlyQuota, access.now);
  } catch (error) {
    return leftOut(request, error);
  }
  return isPromise(quota) ? quota.then(set, (error: unknown) => leftOut(request, error)) : set(quota);
}

function leftOut(request: FastifyRequest, error: unknown): void {
  request.log.error({ err: error }, 'usage store unavailable; RateLimit fields left out');
}
