import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { StoreMonthlyQuota } from './limits/monthly-quota.js';
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
  // The store reports a failing fold or a recreated journal; the logger exists once the app is built.
  let log: FastifyBaseLogger | undefined;
  const store = await openSqliteStore(config.dbPath, {
    ownUsage: true,
    log: (level, message, error) => log?.[level](error === undefined ? {} : { err: error }, message),
  });
  const limiter = new TokenBucketLimiter();
  const app = await buildApp(config, { store, rateLimiter: limiter, quota: new StoreMonthlyQuota(store), clock: Date.now });
  log = app.log;
  const prune = setInterval(() => limiter.prune(Date.now()), 60_000);
  prune.unref();
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    clearInterval(prune);
    await app.close();
    await store.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    app,
    store,
    url: `http://${host}:${port}`,
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
