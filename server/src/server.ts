import './runtime/require-supported-node.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AuthFailureLimit } from './access/auth-failures.js';
import { accountServices } from './account-services.js';
import { AuthThrottle } from './accounts/auth-throttle.js';
import { listeningUrl } from './http/listening-url.js';
import { StoreMonthlyQuota } from './limits/monthly-quota.js';
import { LeasedMonthlyQuota } from './limits/leased-quota.js';
import type { Mailer } from './mail/mailer.js';
import { outboxMailer } from './mail/outbox-mailer.js';
import { smtpMailer } from './mail/smtp-mailer.js';
import { TokenBucketLimiter } from './limits/token-bucket.js';
import { openStore } from './store/open-store.js';
import { PendingJournal } from './store/pending-journal.js';
import { ServiceMetrics } from './observability/metrics.js';
import { RedisTokenBucketLimiter } from './limits/redis-token-bucket.js';
import { connectRedis, redisReady } from './redis/redis-connection.js';
import { limiterEvents, redisAuthThrottle } from './redis/redis-services.js';
import { serveMetrics } from './routes/health/metrics-server.js';
import type { Store } from './store/store.js';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import type { AppServices } from './services.js';
import { keepTickShape } from './runtime/tick-shape.js';
import { operatorBilling } from './billing/operator-billing.js';
import { StripeBilling } from './billing/stripe-billing.js';

/** A listening server. */
export interface RunningServer {
  /** The Fastify instance. */
  app: FastifyInstance;
  /** The store it uses. */
  store: Store;
  /** Base URL, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Where account e-mail goes. */
  mailer: Mailer;
  /** The URL of /metrics when it has a port of its own (USSYNTH_METRICS_PORT). */
  metricsUrl?: string;
  /**
   * Stops accepting connections and drains: requests not yet started are answered 503, responses in the making are
   * written out, and connections close once they have taken their responses; at the drain deadline the rest are
   * closed and what they were charged and not sent is refunded. Then closes the store.
   */
  close(): Promise<void>;
}

/**
 * Opens the store (creating and migrating it; SQLite or PostgreSQL), connects
 * Redis when configured (the rate limit and the sign-in throttles shared by
 * every instance), builds the app and listens on the configured host and port
 * (and /metrics on its own port when USSYNTH_METRICS_PORT is set). `replace`
 * swaps a service for another behind its interface: a benchmark's no-op SLA
 * counting (bench/sla-request-cost.bench.ts); the server itself passes none.
 * @example const server = await startServer(loadConfig(process.env)); console.log(server.url);
 */
export async function startServer(config: ServerConfig, replace: Partial<Pick<AppServices, 'sli'>> = {}): Promise<RunningServer> {
  keepTickShape();
  // The store reports a failing fold or a recreated journal; the logger exists once the app is built.
  let log: FastifyBaseLogger | undefined;
  const logError = (what: string, error: unknown) => (log ? log.error({ err: error }, what) : console.error(`${what}:`, error));
  // Writes the store cannot take while it is down (refunds, the SLA's counts) wait here, across a restart with a file.
  const pending = PendingJournal.open(config.pendingFile, (error) => logError('the pending journal (USSYNTH_PENDING_FILE) could not be written; kept for the next try', error));
  let store: Store;
  try {
    store = await openStore(config.store, { server: true, pending, log: (level, message, error) => log?.[level](error === undefined ? {} : { err: error }, message) });
  } catch (error) {
    pending.close();
    throw error;
  }
  const metrics = new ServiceMetrics();
  const redis = config.redisUrl === null ? undefined : connectRedis(config.redisUrl);
  if (redis && !(await redisReady(redis))) logError('Redis is not reachable at start; the limits run on this instance until it is', new Error(`no answer from ${config.redisUrl}`));
  const limiter = redis ? new RedisTokenBucketLimiter(redis, limiterEvents(metrics, () => log)) : new TokenBucketLimiter();
  const failures = new TokenBucketLimiter();
  const authFailures = new AuthFailureLimit(failures, config.authFailuresPerSecond);
  // Set once listening: mail links and the dashboard need the bound port when PORT=0.
  let url = '';
  const publicUrl = () => config.publicUrl ?? url;
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(config.outboxDir, config.mailFrom, (path, links) => log?.info({ path, links }, `e-mail written to the outbox: ${[path, ...links].join(' ')}`));
  const stripe = config.billing.stripe;
  const billing = stripe ? new StripeBilling({ settings: stripe, store, publicUrl, onError: logError }) : operatorBilling(config.billing.defaultPlan);
  if (billing instanceof StripeBilling) {
    try {
      // A Price that does not exist or does not recur monthly stops the start, naming its variable.
      await billing.verifyPrices();
    } catch (error) {
      redis?.disconnect();
      await store.close();
      pending.close();
      throw error;
    }
  }
  const account = accountServices({
    store,
    mailer,
    billing,
    throttle: redis ? redisAuthThrottle(redis) : new AuthThrottle(),
    clock: Date.now,
    publicUrl,
    storeFile: config.dbPath,
    secretKey: config.secretKey ?? undefined,
    onError: (what, error) => logError(`${what} failed`, error),
  });
  // Many instances share PostgreSQL: each serves the quota from leased blocks (docs/deploy.md); the embedded store's
  // ledger decides in memory already.
  const quota = config.store.engine === 'postgres' ? new LeasedMonthlyQuota(store) : new StoreMonthlyQuota(store);
  const { activity } = account;
  const services = { ...account, redis: redis ? { ready: () => redis.status === 'ready' } : null, store, rateLimiter: limiter, quota, clock: Date.now, authFailures, metrics, pending, ...replace };
  const app = await buildApp(config, services, { publicUrl });
  log = app.log;
  const prune = setInterval(() => {
    limiter.prune(Date.now());
    failures.prune(Date.now());
  }, 60_000);
  prune.unref();
  let metricsServer: FastifyInstance | undefined;
  const release = async () => {
    clearInterval(prune);
    await metricsServer?.close();
    await activity.close();
    await mailer.close();
    redis?.disconnect();
    // Unused blocks go back before the store closes.
    await quota.close();
    await store.close();
    // Last: what the store still refused (its refunds, the SLA's counts folded at the app's close) is written out.
    pending.close();
  };
  try {
    await app.listen({ host: config.host, port: config.port });
    if (config.metricsPort !== null) metricsServer = await serveMetrics(app, config.host, config.metricsPort);
  } catch (error) {
    await app.close();
    await release();
    throw error;
  }
  url = listeningUrl(app, config.host, config.port);
  let closing: Promise<void> | undefined;
  return {
    app,
    store,
    mailer,
    url,
    metricsUrl: metricsServer ? `${listeningUrl(metricsServer, config.host, config.metricsPort ?? 0)}/metrics` : undefined,
    close() {
      return (closing ??= (async () => {
        clearInterval(prune);
        // A keep-alive connection whose request finishes during the drain is idle afterwards; closing only the
        // connections idle at the start would leave it open until the client lets go (seconds). The guard closes a
        // connection only once nothing is left to write to it.
        const closeIdle = setInterval(() => app.server.closeIdleConnections(), 25);
        const deadline = setTimeout(() => {
          const closed = app.connections.closeAll();
          if (closed > 0) app.log.warn({ connections: closed }, 'drain deadline: closed connections that had not taken their responses; undelivered records refunded');
        }, config.drainTimeoutMs);
        try {
          await app.close();
          await app.connections.allClosed();
        } finally {
          clearInterval(closeIdle);
          clearTimeout(deadline);
        }
        await release();
      })());
    },
  };
}

/** Time given to closing the store after the drain deadline, before the process exits anyway. */
const CLOSE_GRACE_MS = 5000;

/**
 * On SIGTERM or SIGINT: drain (see RunningServer.close; connections get the
 * configured drain time to take their responses), close the store (folding
 * the usage journal into the table) and exit 0; exits with status 1 if
 * closing fails or still runs 5 s after the drain deadline (the journal
 * keeps every debit for the next start).
 * @example drainOnSignals(server, config.drainTimeoutMs)
 */
export function drainOnSignals(server: RunningServer, drainTimeoutMs: number): void {
  const onSignal = (signal: NodeJS.Signals) => {
    server.app.log.info({ signal }, 'draining in-flight requests');
    const timer = setTimeout(() => {
      server.app.log.error('closing did not finish after the drain deadline; exiting');
      process.exit(1);
    }, drainTimeoutMs + CLOSE_GRACE_MS);
    timer.unref();
    server.close().then(
      () => {
        server.app.log.info('closed');
        process.exit(0);
      },
      (error: unknown) => {
        server.app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
