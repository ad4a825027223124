import type { FastifyInstance } from 'fastify';
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
import { SsoVerifier } from './sso/sso-verifier.js';
import { SsoSignIn } from './sso/sso-sign-in.js';
import { loadSecretKey } from './sso/secret-key.js';

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
  /** Stops accepting connections, waits for in-flight requests, then closes the store. */
  close(): Promise<void>;
}

/**
 * Opens the store (creating and migrating it), builds the app and listens on
 * the configured host and port.
 * @example const server = await startServer(loadConfig(process.env)); console.log(server.url);
 */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  keepTickShape();
  const store = await openSqliteStore(config.dbPath, { ownUsage: true });
  const limiter = new TokenBucketLimiter();
  // Set once listening: mail links and the dashboard need the bound port when PORT=0.
  let url = '';
  const publicUrl = () => config.publicUrl ?? url;
  let logError = (what: string, error: unknown) => console.error(`${what}:`, error);
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(config.outboxDir, config.mailFrom, (path) => app.log.info({ path }, 'e-mail written to the outbox'));
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
  // Made beside the store on first start when USSYNTH_SECRET_KEY is not set.
  const secretKey = loadSecretKey(config.secretKey ?? undefined, config.dbPath);
  const ssoSignIn = new SsoSignIn({ sso: store.sso, secretKey, publicUrl, startSession: (person) => accounts.startSession(person), clock: Date.now });
  const services = { store, rateLimiter: limiter, quota: new StoreMonthlyQuota(store), clock: Date.now, accounts, activity, sso: new SsoVerifier(store.sso), ssoSignIn };
  const app = await buildApp(config, services, publicUrl);
  logError = (what, error) => app.log.error({ err: error }, what);
  const prune = setInterval(() => limiter.prune(Date.now()), 60_000);
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
        // connections idle at the start would leave it open until the client lets go (seconds).
        const closeIdle = setInterval(() => app.server.closeIdleConnections(), 25);
        try {
          await app.close();
        } finally {
          clearInterval(closeIdle);
        }
        await activity.close();
        await mailer.close();
        await store.close();
      })());
    },
  };
}

/**
 * On SIGTERM or SIGINT: drain in-flight requests, close the store (folding
 * the usage journal into the table) and exit; exits
 * with status 1 if draining takes longer than the configured limit.
 * @example drainOnSignals(server, config.drainTimeoutMs)
 */
export function drainOnSignals(server: RunningServer, drainTimeoutMs: number): void {
  const onSignal = (signal: NodeJS.Signals) => {
    server.app.log.info({ signal }, 'draining in-flight requests');
    const timer = setTimeout(() => {
      server.app.log.error('drain timed out; exiting');
      process.exit(1);
    }, drainTimeoutMs);
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
