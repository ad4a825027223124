import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** What a client asks for: each has its own per-address budget, all share the per-IP one. */
export type AuthAction = 'signin' | 'signup' | 'mail';

/** The limits, as documented in docs/accounts.md. */
export const AUTH_LIMITS = {
  /** Requests of any action per client IP per minute. */
  perIpPerMinute: 30,
  /** Failed sign-ins per address per 15 minutes; the window restarts with each failure, so guessing stays slow. */
  failedSigninsPerAddress: 5,
  /** Sign-ups and e-mailed links (verification, reset) per address per hour: no one can flood a mailbox. */
  mailsPerAddressPerHour: 5,
} as const;

/** The three budgets as rate-limiter-flexible options (key prefix, points, window in seconds), in memory or in Redis alike. */
export const AUTH_BUDGETS = {
  perIp: { keyPrefix: 'auth-ip', points: AUTH_LIMITS.perIpPerMinute, duration: 60 },
  failedSignins: { keyPrefix: 'auth-fail', points: AUTH_LIMITS.failedSigninsPerAddress, duration: 15 * 60 },
  mails: { keyPrefix: 'auth-mail', points: AUTH_LIMITS.mailsPerAddressPerHour, duration: 60 * 60 },
} as const;

/** A throttling decision. */
export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Throttles sign-in, sign-up and e-mailed links per client IP and per
 * address with rate-limiter-flexible (a maintained library whose Redis
 * limiter is a drop-in for many instances). A known and an unknown address
 * are counted alike, so the throttle tells nothing about who has an
 * account, and nothing is locked forever: each budget refills with time.
 * @example const decision = await throttle.attempt('signin', request.ip, email); if (!decision.allowed) reply.header('retry-after', decision.retryAfterSeconds);
 */
export class AuthThrottle {
  private readonly perIp: RateLimiterAbstract;
  private readonly failedSignins: RateLimiterAbstract;
  private readonly mails: RateLimiterAbstract;

  /** Limiters default to AUTH_BUDGETS in memory; a shared store (Redis) passes its own. */
  constructor(limiters: Partial<Record<keyof typeof AUTH_BUDGETS, RateLimiterAbstract>> = {}) {
    this.perIp = limiters.perIp ?? new RateLimiterMemory(AUTH_BUDGETS.perIp);
    this.failedSignins = limiters.failedSignins ?? new RateLimiterMemory(AUTH_BUDGETS.failedSignins);
    this.mails = limiters.mails ?? new RateLimiterMemory(AUTH_BUDGETS.mails);
  }

  /**
   * Counts one attempt from `ip` (and, for sign-up and mail, one for
   * `address`); refuses when a budget is spent. A sign-in is refused while
   * the address's failures are at their limit, before the password is checked.
   */
  async attempt(action: AuthAction, ip: string, address: string | null): Promise<ThrottleDecision> {
    const byIp = await consume(this.perIp, ip);
    if (!byIp.allowed || address === null) return byIp;
    if (action === 'signin') {
      const failures = await this.failedSignins.get(address);
      if (failures !== null && failures.consumedPoints >= AUTH_LIMITS.failedSigninsPerAddress) return refused(failures);
      return { allowed: true };
    }
    return consume(this.mails, address);
  }

  /** Counts a failed sign-in against the address. */
  async failed(address: string): Promise<void> {
    await consume(this.failedSignins, address);
  }

  /** Clears the address's failures after a good sign-in. */
  async succeeded(address: string): Promise<void> {
    await this.failedSignins.delete(address);
  }
}

async function consume(limiter: RateLimiterAbstract, key: string): Promise<ThrottleDecision> {
  try {
    await limiter.consume(key);
    return { allowed: true };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return refused(rejection);
    throw rejection;
  }
}

function refused(result: RateLimiterRes): ThrottleDecision {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) };
}
