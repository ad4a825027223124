import { AuthFailureLimit } from './access/auth-failures.js';
import { KeyAdmission } from './connections/key-admission.js';
import type { ServerConfig } from './config.js';
import { TokenBucketLimiter } from './limits/token-bucket.js';
import { ServiceMetrics } from './observability/metrics.js';
import type { AppServices } from './services.js';
import { SliRecorder } from './sla/sli-recorder.js';
import { SlaService } from './sla/sla-service.js';
import type { PendingJournal } from './store/pending-journal.js';

/** The services that have a default (see resolveServices). */
type DefaultedService = 'metrics' | 'authFailures' | 'redis' | 'keyAdmission' | 'sli' | 'sla';

/**
 * What buildApp is given: every service but those with a default, which a
 * caller may still pass (the server passes its own to prune or count them).
 */
export type ServiceOptions = Omit<AppServices, DefaultedService> & Partial<Pick<AppServices, DefaultedService>> & {
  /** Where the SLA's counts wait while the store is down (the server's journal); default: in memory. */
  pending?: PendingJournal;
};

/**
 * The app's services with every default applied, the only place one is:
 * new metrics, failed authentications limited per address by an in-process
 * token bucket at the configured rate, no Redis, each key's records in the
 * making admitted up to the configured bound, and the SLA's counting and
 * figures on the store with the configured terms. Only the members of
 * AppServices are kept (not, say, the SSO secret key of accountServices).
 * @example const services = resolveServices(config, { ...accountServices(deps), store, rateLimiter, quota, clock: Date.now });
 */
export function resolveServices(config: Pick<ServerConfig, 'authFailuresPerSecond' | 'maxRecordsPerKey' | 'sla'>, options: ServiceOptions): AppServices {
  const metrics = options.metrics ?? new ServiceMetrics();
  return {
    store: options.store,
    keys: options.keys,
    rateLimiter: options.rateLimiter,
    quota: options.quota,
    clock: options.clock,
    people: options.people,
    accountKeys: options.accountKeys,
    plans: options.plans,
    billing: options.billing,
    activity: options.activity,
    metrics,
    authFailures: options.authFailures ?? new AuthFailureLimit(new TokenBucketLimiter(), config.authFailuresPerSecond),
    redis: options.redis ?? null,
    sso: options.sso,
    ssoSignIn: options.ssoSignIn,
    keyAdmission: options.keyAdmission ?? new KeyAdmission(config.maxRecordsPerKey),
    sli: options.sli ?? new SliRecorder(options.store.sli, { slowMs: config.sla.slowMs, counters: metrics, clock: options.clock, findKey: (id) => options.store.findKey(id), journal: options.pending }),
    quotaNotices: options.quotaNotices,
    sla: options.sla ?? new SlaService({ store: options.store.sli, config: config.sla, clock: options.clock }),
  };
}
