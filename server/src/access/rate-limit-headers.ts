import type { FastifyReply, FastifyRequest } from 'fastify';
import type { QuotaDecision } from '../limits/monthly-quota.js';

/**
 * Sets the IETF draft RateLimit header fields (draft-10 syntax) of an
 * authenticated request: the per-second bucket and the monthly quota. At
 * once when the request was debited, else after a peek at the quota; a
 * request without authentication gets none. Never fails: when the usage
 * store cannot say what is left (it is down or damaged), the fields are left
 * out and the failure logged, since every error answer comes through here
 * and must still be sent.
 * @example await setRateLimitHeaders(request, reply) // ratelimit-policy: "burst";q=10;w=1, "monthly";q=100000;w=2592000
 * //                                                    ratelimit: "burst";r=9;t=1, "monthly";r=99990;t=812345
 */
export async function setRateLimitHeaders(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const access = request.access;
  if (!access) return;
  const { key, rate } = access;
  let quota: QuotaDecision | undefined = access.quota;
  if (!quota) {
    // Requests refused before any debit still report the month's standing (as of their authentication).
    try {
      quota = await request.server.ussynth.quota.peek(key.accountId, key.monthlyQuota, access.now);
    } catch (error) {
      request.log.error({ err: error }, 'usage store unavailable; RateLimit fields left out');
      return;
    }
    access.quota = quota;
  }
  reply.header(
    'ratelimit-policy',
    `"burst";q=${key.rate};w=1, "monthly";q=${key.monthlyQuota};w=${quota.windowSeconds}`,
  );
  reply.header(
    'ratelimit',
    `"burst";r=${rate.remaining};t=${rate.resetSeconds}, "monthly";r=${quota.remaining};t=${quota.resetSeconds}`,
  );
}
