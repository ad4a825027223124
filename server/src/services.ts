import type { MonthlyQuota, QuotaDecision } from './limits/monthly-quota.js';
import type { RateDecision, RateLimiter } from './limits/rate-limiter.js';
import type { KeyRecord, Store } from './store/store.js';
import type { AuthFailureLimit } from './access/auth-failures.js';
import type { KeyCache } from './access/key-cache.js';
import type { AccountService } from './accounts/account-service.js';
import type { ActivityRecorder } from './accounts/activity-recorder.js';
import type { Billing } from './accounts/billing.js';
import type { ServiceMetrics } from './metrics.js';
import type { SsoVerifier } from './sso/sso-verifier.js';
import type { SsoSignIn } from './sso/sso-sign-in.js';

/** What the routes use, behind interfaces: swap SQLite for PostgreSQL or the bucket for Redis here only. */
export interface AppServices {
  /** Accounts, keys, usage. */
  store: Store;
  /** Keys read through a short-lived cache (revocation delay = its TTL). */
  keys?: KeyCache;
  /** Per-key request rate. */
  rateLimiter: RateLimiter;
  /** Per-account monthly records. */
  quota: MonthlyQuota;
  /** Epoch ms now; injectable so limits can be tested at month edges. */
  clock: () => number;
  /** Sign-up, sessions, keys by their owners, plans and usage; without it the dashboard and /account/v1 are off. */
  accounts?: AccountService;
  /** How plans are paid for (Stripe, or none); the webhook route is served when set. */
  billing?: Billing;
  /** Per-day records, refusals and keys' last use, for the dashboard and /v1/usage. */
  activity?: ActivityRecorder;
  /** The service's counters, shown at /metrics (default: new ones). */
  metrics?: ServiceMetrics;
  /** Failed authentications per client address (default: an in-process token bucket at the configured rate). */
  authFailures?: AuthFailureLimit;
  /** Redis, when the limits are shared through it: /readyz reports it (the service still serves on the fallbacks). */
  redis?: { ready(): boolean };
  /** Enterprise SSO on /v1: the provider's access token next to the key; without it keys work alone. */
  sso?: SsoVerifier;
  /** Dashboard sign-in through Enterprise accounts' OpenID Providers; without it "Sign in with SSO" is off. */
  ssoSignIn?: SsoSignIn;
}

/** What authentication established for a request. */
export interface RequestAccess {
  /** The authenticated key and its account's limits. */
  key: KeyRecord;
  /** The rate-limit decision of this request. */
  rate: RateDecision;
  /** The quota decision, once records were debited (or peeked for headers). */
  quota: QuotaDecision | undefined;
  /** Records debited by this request. */
  records: number;
  /** The clock's time when the request was authenticated (epoch ms); its quota month too. */
  now: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services. */
    ussynth: AppServices;
  }
  interface FastifyRequest {
    /** Set by authentication on /v1 API routes. */
    access: RequestAccess | null;
    /** The `sub` of the request's verified SSO access token (/v1 of an account with SSO), for the access log. */
    ssoSubject: string | null;
  }
}
