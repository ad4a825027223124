import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from '../limits/rate-limiter.js';
import { ProblemError } from '../problem/problem-error.js';
import { clientAddress } from './client-address.js';

/** Moved to client-address.ts (every per-client limit uses it); kept here for existing importers. */
export { clientAddress };

/**
 * Failed authentications allowed per client address: each 401 takes one
 * token from the address's bucket (this many per second, a burst of as many);
 * past that, failures are answered 429 `too_many_auth_failures` and the
 * connection closed. A valid key is never refused by it, so a bad client
 * behind a shared address (a NAT, a proxy) cannot lock out the others; what it
 * limits is a guesser's rate of answers and the server's work for them. The
 * limiter is the RateLimiter interface, so a shared (Redis) one can take over.
 * @example const failures = new AuthFailureLimit(new TokenBucketLimiter(), 10); done(await failures.refusal(request, problem));
 */
export class AuthFailureLimit {
  constructor(
    private readonly limiter: RateLimiter,
    readonly perSecond: number,
  ) {}

  /**
   * The answer to a failed authentication: `problem` (the 401), or a 429 once
   * the address is over its limit.
   * @example await limit.refusal(request, new ProblemError('invalid_api_key', 'no API key matches'))
   */
  async refusal(request: FastifyRequest, problem: ProblemError): Promise<ProblemError> {
    const decision = await this.limiter.take(clientAddress(request.ip), this.perSecond, request.server.ussynth.clock());
    if (decision.allowed) return problem;
    request.server.ussynth.metrics.count('auth_failures_throttled_total');
    return new ProblemError(
      'too_many_auth_failures',
      `more than ${this.perSecond} failed authentications per second from this address; retry after ${decision.retryAfterSeconds} s with a valid key`,
      { headers: { 'retry-after': String(decision.retryAfterSeconds), connection: 'close' } },
    );
  }
}
