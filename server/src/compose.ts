import type { FastifyBaseLogger } from 'fastify';
import { AuthFailureLimit } from './access/auth-failures.js';
import { KeyCache } from './access/key-cache.js';
import { AccountKeyService } from './accounts/account-key-service.js';
import { ActivityRecorder } from './accounts/activity-recorder.js';
import { AuthThrottle } from './accounts/auth-throttle.js';
import { PeopleService } from './accounts/people-service.js';
import { signUpBrowserKey } from './accounts/sign-up-browser.js';
import { PlanService } from './accounts/plan-service.js';
import { QuotaNotices } from './accounts/quota-notices.js';
import type { Billing } from './billing/billing.js';
import { operatorBilling } from './billing/operator-billing.js';
import { StripeBilling } from './billing/stripe-billing.js';
import type { ServerConfig } from './config.js';
import { KeyAdmission } from './connections/key-admission.js';
import { LeasedMonthlyQuota } from './limits/leased-quota.js';
import { StoreMonthlyQuota } from './limits/monthly-quota.js';
import { RedisTokenBucketLimiter } from './limits/redis-token-bucket.js';
import { TokenBucketLimiter } from './limits/token-bucket.js';
import type { Mailer } from './mail/mailer.js';
import { outboxMailer } from './mail/outbox-mailer.js';
import { smtpMailer } from './mail/smtp-mailer.js';
import { ServiceMetrics } from './observability/metrics.js';
import { connectRedis, redisReady } from './redis/redis-connection.js';
import { limiterEvents, redisAuthThrottle } from './redis/redis-services.js';
import type { AppServices } from './services.js';
import { SliRecorder } from './sla/sli-recorder.js';
import { SlaService } from './sla/sla-service.js';
import { loadSecretKey } from './sso/secret-key.js';
import { SsoSignIn } from './sso/sso-sign-in.js';
import { SsoVerifier, type SsoVerifierOptions } from './sso/sso-verifier.js';
import { openStore } from './store/open-store.js';
import { PendingJournal } from './store/pending-journal.js';
import type { Store } from './store/store.js';

/**
 * What a caller gives instead of what compose would build: any service of AppServices behind its interface (a
 * benchmark's no-op SLA counting, a test's clock or store), and the parts the services are made from. What is given
 * stays the caller's to close.
 */
export interface CompositionOverrides extends Partial<AppServices> {
  /** Where account e-mail goes (default: SMTP when USSYNTH_SMTP_URL is set, else the outbox folder). */
  mailer?: Mailer;
  /** Sign-in, sign-up and e-mail throttles (default: shared through Redis when configured, else in memory). */
  throttle?: AuthThrottle;
  /** Options of the /v1 token verifier (clock tolerance, JWKS timing). */
  ssoOptions?: SsoVerifierOptions;
  /** Makes the billing engine on the store (default: Stripe when configured, else operatorBilling of the default plan). */
  makeBilling?: (deps: { store: Store; publicUrl: () => string }) => Billing;
}

/** Every service of the server, made once, and what the process around the app needs of them. */
export interface Composition {
  /** What the app and its routes use (buildApp). */
  services: AppServices;
  /** Where account e-mail goes. */
  mailer: Mailer;
  /** The key that seals SSO client secrets. */
  secretKey: Uint8Array;
  /** The public base URL: USSYNTH_PUBLIC_URL, else the listening URL once `listening` was told it. */
  publicUrl: () => string;
  /** Tells the composition the URL the server listens on (mail links and the dashboard need the port when PORT=0). */
  listening(url: string): void;
  /** Drops the rate limiter's and the failed-authentication limit's idle buckets (server.ts runs it every minute). */
  prune(now: number): void;
  /** Closes what compose built, the store last: the activity recorder, the mailer, Redis, the quota's leases. */
  close(): Promise<void>;
}

/** Options of compose. */
export interface ComposeOptions {
  /** The app's logger once there is one (compose runs before the app is built; until then errors go to stderr). */
  log?: () => FastifyBaseLogger | undefined;
  /** Services and parts given instead of built. */
  overrides?: CompositionOverrides;
}

/**
 * The server's composition root, the one place its services are made: opens the store (creating and migrating it;
 * SQLite or PostgreSQL), connects Redis when configured (the rate limit and the sign-in throttles shared by every
 * instance), makes the mailer, the billing (checking Stripe's Prices, which stops the start when one is wrong), the
 * account services on one key cache, the quota (leased blocks on PostgreSQL), and the defaults: new metrics, failed
 * authentications limited per address at the configured rate, each key's records in the making admitted up to the
 * configured bound, and the SLA's counting and figures on the store. `server.ts` and the test server both make their
 * services here; an override replaces one behind its interface.
 * @example const composition = await compose(config, { log: () => log }); const app = await buildApp(config, composition.services, { publicUrl: composition.publicUrl });
 */
export async function compose(config: ServerConfig, options: ComposeOptions = {}): Promise<Composition> {
  const given = options.overrides ?? {};
  const log = options.log ?? (() => undefined);
  const logError = (what: string, error: unknown) => {
    const logger = log();
    if (logger) logger.error({ err: error }, what);
    else console.error(`${what}:`, error);
  };
  // Writes the store cannot take while it is down (refunds, the SLA's counts) wait here, across a restart with a file.
  const pending = PendingJournal.open(config.pendingFile, (error) =>
    logError('the pending journal (USSYNTH_PENDING_FILE) could not be written; kept for the next try', error),
  );
  let store: Store;
  try {
    // The store reports a failing fold or a recreated journal.
    store =
      given.store ??
      (await openStore(config.store, {
        server: true,
        pending,
        log: (level, message, error) => log()?.[level](error === undefined ? {} : { err: error }, message),
      }));
  } catch (error) {
    pending.close();
    throw error;
  }
  const redis = config.redisUrl === null ? undefined : connectRedis(config.redisUrl);
  const built: { mailer?: Mailer; activity?: ActivityRecorder } = {};
  const release = async (quota?: { close(): Promise<void> }) => {
    await built.activity?.close();
    await built.mailer?.close();
    redis?.disconnect();
    // Unused blocks go back before the store closes.
    await quota?.close();
    if (given.store === undefined) await store.close();
    // Last: what the store still refused (its refunds, the SLA's counts folded at the app's close) is written out.
    pending.close();
  };
  try {
    if (redis && !(await redisReady(redis)))
      logError(
        'Redis is not reachable at start; the limits run on this instance until it is',
        new Error(`no answer from ${config.redisUrl}`),
      );
    const metrics = given.metrics ?? new ServiceMetrics();
    const limiter = redis ? new RedisTokenBucketLimiter(redis, limiterEvents(metrics, log)) : new TokenBucketLimiter();
    const failures = new TokenBucketLimiter();
    let url = '';
    const publicUrl = () => config.publicUrl ?? url;
    const clock = given.clock ?? Date.now;
    const billing =
      given.billing ??
      (given.makeBilling
        ? given.makeBilling({ store, publicUrl })
        : await configuredBilling(config, store, publicUrl, logError));
    const mailer =
      given.mailer ??
      (built.mailer = config.smtpUrl
        ? smtpMailer(config.smtpUrl, config.mailFrom)
        : outboxMailer(config.outboxDir, config.mailFrom, (path, links) =>
            log()?.info({ path, links }, `e-mail written to the outbox: ${[path, ...links].join(' ')}`),
          ));
    const onError = (what: string, error: unknown) => logError(`${what} failed`, error);
    const activity =
      given.activity ?? (built.activity = new ActivityRecorder(store, (error) => onError('activity flush', error)));
    // The key cache the app reads keys through is the one the people and key services drop entries from on
    // revocation and deletion.
    const keys = given.keys ?? new KeyCache(store);
    const throttle = given.throttle ?? (redis ? redisAuthThrottle(redis) : new AuthThrottle());
    // Made beside the store on first start when USSYNTH_SECRET_KEY is not set (a PostgreSQL store requires it).
    const secretKey = loadSecretKey(config.secretKey ?? undefined, config.dbPath);
    const browserKey = signUpBrowserKey(secretKey);
    const people =
      given.people ??
      new PeopleService({
        store,
        mailer,
        billing,
        throttle,
        clock,
        publicUrl,
        onBackgroundError: onError,
        keys,
        browserKey,
      });
    // Many instances share PostgreSQL: each serves the quota from leased blocks (docs/deploy.md); the embedded
    // store's ledger decides in memory already.
    const quota =
      given.quota ??
      (config.store.engine === 'postgres' ? new LeasedMonthlyQuota(store) : new StoreMonthlyQuota(store));
    const services: AppServices = {
      store,
      keys,
      rateLimiter: given.rateLimiter ?? limiter,
      quota,
      clock,
      people,
      accountKeys: given.accountKeys ?? new AccountKeyService({ store, activity, clock, keys }),
      plans: given.plans ?? new PlanService({ store, billing, activity, clock }),
      billing,
      activity,
      metrics,
      authFailures: given.authFailures ?? new AuthFailureLimit(failures, config.authFailuresPerSecond),
      redis: given.redis ?? (redis ? { ready: () => redis.status === 'ready' } : null),
      sso: given.sso ?? new SsoVerifier(store.sso, given.ssoOptions),
      ssoSignIn:
        given.ssoSignIn ??
        new SsoSignIn({
          sso: store.sso,
          secretKey,
          publicUrl,
          startSession: (person) => people.startSession(person),
          clock,
        }),
      keyAdmission: given.keyAdmission ?? new KeyAdmission(config.maxRecordsPerKey),
      sli:
        given.sli ??
        new SliRecorder(store.sli, {
          slowMs: config.sla.slowMs,
          counters: metrics,
          clock,
          findKey: (id) => store.findKey(id),
          journal: pending,
        }),
      quotaNotices:
        given.quotaNotices ??
        new QuotaNotices({ store, mailer, publicUrl, clock, onError: (error) => onError('quota notice', error) }),
      sla: given.sla ?? new SlaService({ store: store.sli, config: config.sla, clock }),
    };
    return {
      services,
      mailer,
      secretKey,
      publicUrl,
      listening(listeningUrl) {
        url = listeningUrl;
      },
      prune(now) {
        limiter.prune(now);
        failures.prune(now);
      },
      close: () => release(given.quota === undefined ? quota : undefined),
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** Stripe when configured (its Prices checked: one that does not exist or does not recur monthly stops the start, naming its variable), else no payment. */
async function configuredBilling(
  config: ServerConfig,
  store: Store,
  publicUrl: () => string,
  onError: (what: string, error: unknown) => void,
): Promise<Billing> {
  const stripe = config.billing.stripe;
  if (!stripe) return operatorBilling(config.billing.defaultPlan);
  const billing = new StripeBilling({ settings: stripe, store, publicUrl, onError });
  await billing.verifyPrices();
  return billing;
}
