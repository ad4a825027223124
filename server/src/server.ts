import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AuthFailureLimit } from './access/auth-failures.js';
import { AccountService } from './accounts/account-service.js';
import { ActivityRecorder } from './accounts/activity-recorder.js';
import { AuthThrottle } from './accounts/auth-throttle.js';
import { embeddedBilling } from './accounts/billing.js';
import { listeningUrl } from './listening-url.js';
import { StoreMonthlyQuota } from './limits/monthly-quota.js';
import type { Mailer } from './mail/mailer.js';
import { outboxMailer } from './mail/outbox-mailer.js';
import { smtpMailer } from './mail/smtp-mailer.js';
import { TokenBucketLimiter } from './limits/token-bucket.js';
import { openSqliteStore } from './store/sqlite/sqlite-store.js';
import type { Store } from './store/store.js';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import { keepTickShape } from './tick-shape.js';

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
  /**
   * Stops accepting connections and drains: requests not yet started are answered 503, responses in the making are
   * written out, and connections close once they have taken their responses; at the drain deadline the rest are
   * closed and what they were charged and not sent is refunded. Then closes the store.
   */
  close(): Promise<void>;
}

/**
 * Opens the store (creating and migrating it), builds the app and listens on
 * the configured host and port.
 * @example const server = await startServer(loadConfig(process.env)); console.log(server.url);
 */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  keepTickShape();
  // The store reports a failing fold or a recreated journal; the logger exists once the app is built.
  let log: FastifyBaseLogger | undefined;
  const store = await openSqliteStore(config.dbPath, {
    ownUsage: true,
    log: (level, message, error) => log?.[level](error === undefined ? {} : { err: error }, message),
  });
  const limiter = new TokenBucketLimiter();
  const failures = new TokenBucketLimiter();
  const authFailures = new AuthFailureLimit(failures, config.authFailuresPerSecond);
  // Set once listening: mail links and the dashboard need the bound port when PORT=0.
  let url = '';
  const publicUrl = () => config.publicUrl ?? url;
  const logError = (what: string, error: unknown) => (log ? log.error({ err: error }, what) : console.error(`${what}:`, error));
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(config.outboxDir, config.mailFrom, (path) => log?.info({ path }, 'e-mail written to the outbox'));
  const activity = new ActivityRecorder(store.accounts, (error) => logError('activity flush failed', error));
  const accounts = new AccountService({
    store,
    mailer,
    billing: embeddedBilling(),
    throttle: new AuthThrottle(),
    activity,
    clock: Date.now,
    publicUrl,
    onBackgroundError: (what, error) => logError(`${what} failed`, error),
  });
  const app = await buildApp(config, { store, rateLimiter: limiter, quota: new StoreMonthlyQuota(store), clock: Date.now, authFailures, accounts, activity }, { publicUrl });
  log = app.log;
  const prune = setInterval(() => {
    limiter.prune(Date.now());
    failures.prune(Date.now());
  }, 60_000);
  prune.unref();
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    clearInterval(prune);
    await app.close();
    await activity.close();
    await mailer.close();
    await store.close();
    throw error;
  }
  url = listeningUrl(app, config.host, config.port);
  let closing: Promise<void> | undefined;
  return {
    app,
    store,
    mailer,
    url,
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
        await activity.close();
        await mailer.close();
        await store.close();
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
