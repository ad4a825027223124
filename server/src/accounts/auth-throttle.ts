import { clientAddress } from '../access/client-address.js';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * What a client asks for: each has its own per-address budget, all share the
 * per-IP one. `sso` is the start of an SSO sign-in: no password is checked,
 * so it takes nothing from the address's sign-in budget but is refused while
 * that budget is spent.
 */
export type AuthAction = 'signin' | 'signup' | 'mail' | 'sso';

/** The limits, as documented in docs/accounts.md. */
export const AUTH_LIMITS = {
  /** Requests of any action per client IP per minute. */
  perIpPerMinute: 30,
  /** Password checks per address per 15 minutes, taken before each check and given back when it succeeds (so: failed sign-ins). */
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
   * Takes one attempt from `ip`'s budget (by its /64 for IPv6, see
   * clientAddress) and, except for `sso`, one from the address's: for a
   * sign-in that is a password check, taken atomically *before* the check
   * (consume first), so however many guesses arrive at once, on however many
   * instances sharing the limiter, at most the budget is ever checked per
   * window. `succeeded` gives it back; `refund` returns it when no password
   * was checked after all.
   */
  async attempt(action: AuthAction, ip: string, address: string | null): Promise<ThrottleDecision> {
    const byIp = await consume(this.perIp, clientAddress(ip));
    if (!byIp.allowed || address === null) return byIp;
    if (action === 'sso') {
      const checks = await this.failedSignins.get(address);
      return checks !== null && checks.consumedPoints >= AUTH_LIMITS.failedSigninsPerAddress
        ? refused(checks)
        : { allowed: true };
    }
    return consume(action === 'signin' ? this.failedSignins : this.mails, address);
  }

  /** Gives back a sign-in attempt that checked no password (refused for another reason, or the store failed). */
  async refund(address: string): Promise<void> {
    await this.failedSignins.reward(address, 1);
  }

  /** A good sign-in: gives its attempt back and clears the address's earlier failures. */
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
