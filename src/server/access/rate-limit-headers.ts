import type { FastifyRequest } from 'fastify';

/**
 * The IETF draft RateLimit header fields (draft-10 syntax) for an
 * authenticated request: the per-second bucket and the monthly quota.
 * @example reply.headers(await rateLimitHeaders(request)) // { 'ratelimit-policy': '"burst";q=10;w=1, "monthly";q=100000;w=2592000', ratelimit: '"burst";r=9;t=1, "monthly";r=99990;t=812345' }
 */
export async function rateLimitHeaders(request: FastifyRequest): Promise<Record<string, string>> {
  const access = request.access;
  if (!access) return {};
  const { key, rate } = access;
  const services = request.server.ussynth;
  // Requests refused before any debit still report the month's standing.
  const quota = access.quota ?? (access.quota = await services.quota.peek(key.accountId, key.monthlyQuota, services.clock()));
  return {
    'ratelimit-policy': `"burst";q=${key.rate};w=1, "monthly";q=${key.monthlyQuota};w=${quota.windowSeconds}`,
    ratelimit: `"burst";r=${rate.remaining};t=${rate.resetSeconds}, "monthly";r=${quota.remaining};t=${quota.resetSeconds}`,
  };
}
