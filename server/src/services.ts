import type { MonthlyQuota, QuotaDecision } from './limits/monthly-quota.js';
import type { RateDecision, RateLimiter } from './limits/rate-limiter.js';
import type { KeyRecord } from './store/key-store.js';
import type { Store } from './store/store.js';
import type { AuthFailureLimit } from './access/auth-failures.js';
import type { KeyCache } from './access/key-cache.js';
import type { AccountKeyService } from './accounts/account-key-service.js';
import type { ActivityRecorder } from './accounts/activity-recorder.js';
import type { PeopleService } from './accounts/people-service.js';
import type { PlanService } from './accounts/plan-service.js';
import type { Billing } from './billing/billing.js';
import type { ServiceMetrics } from './observability/metrics.js';
import type { SsoVerifier } from './sso/sso-verifier.js';
import type { SsoSignIn } from './sso/sso-sign-in.js';
import type { KeyAdmission } from './connections/key-admission.js';
import type { SliCounting } from './sla/sli-recorder.js';
import type { SlaService } from './sla/sla-service.js';
import type { QuotaNotices } from './accounts/quota-notices.js';
import type { KeyClaim } from './sla/key-claim.js';

/**
 * What the routes use, behind interfaces (swap SQLite for PostgreSQL or the bucket for Redis here only), resolved once
 * by compose (compose.ts): every member is set, so nothing downstream checks or asserts one.
 */
export interface AppServices {
  /** Accounts, keys, usage. */
  store: Store;
  /** Keys read through a short-lived cache (revocation delay = its TTL); the account services drop its entries. */
  keys: KeyCache;
  /** Per-key request rate. */
  rateLimiter: RateLimiter;
  /** Per-account monthly records. */
  quota: MonthlyQuota;
  /** Epoch ms now; injectable so limits can be tested at month edges. */
  clock: () => number;
  /** Sign-up, sign-in, sessions, passwords and the account's deletion (/account/v1 and the dashboard). */
  people: PeopleService;
  /** API keys by their owners (/account/v1/keys). */
  accountKeys: AccountKeyService;
  /** Plans, billing status and usage (/account/v1, /v1/usage). */
  plans: PlanService;
  /** How plans are paid for (Stripe, or none: the operator sets plans); the Stripe webhook route uses it. */
  billing: Billing;
  /** Per-day records, refusals and keys' last use, for the dashboard and /v1/usage. */
  activity: ActivityRecorder;
  /** The service's counters, shown at /metrics. */
  metrics: ServiceMetrics;
  /** Failed authentications per client address. */
  authFailures: AuthFailureLimit;
  /** Redis when the limits are shared through it (/readyz reports it; the service still serves on the fallbacks), else null. */
  redis: { ready(): boolean } | null;
  /** Enterprise SSO on /v1: the provider's access token next to the key, for accounts with SSO. */
  sso: SsoVerifier;
  /** Dashboard sign-in through Enterprise accounts' OpenID Providers ("Sign in with SSO"). */
  ssoSignIn: SsoSignIn;
  /** Records one key may have in the making on this instance: authentication admits each request of a key through it. */
  keyAdmission: KeyAdmission;

  /** Counts the /v1 requests that count for the SLA, per minute, and folds them into the store (docs/sla.md). */
  sli: SliCounting;
  /** The SLA's terms, an account's month, the status page's history and the incident watch. */
  sla: SlaService;
  /** E-mails owners once when the month passes 80 % and 100 % of the quota (the debit path tells it each decision). */
  quotaNotices: QuotaNotices;
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
    /** Set by authentication when the key could not be read (the store down): whose failure it is, for the SLA. */
    keyClaim: KeyClaim | null;
    /** The `sub` of the request's verified SSO access token (/v1 of an account with SSO), for the access log. */
    ssoSubject: string | null;
  }
}
