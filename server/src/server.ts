import './runtime/require-supported-node.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { compose, type CompositionOverrides } from './compose.js';
import type { ServerConfig } from './config.js';
import { listeningUrl } from './http/listening-url.js';
import type { Mailer } from './mail/mailer.js';
import { serveMetrics } from './routes/health/metrics-server.js';
import { keepTickShape } from './runtime/tick-shape.js';
import type { Store } from './store/store.js';

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
 * Makes the services (compose: the store, Redis when configured, the mailer, billing, the account services, ...),
 * builds the app and listens on the configured host and port (and /metrics on its own port when
 * USSYNTH_METRICS_PORT is set). `replace` swaps a service for another behind its interface: a benchmark's no-op SLA
 * counting (bench/sla-request-cost.bench.ts); the server itself passes none.
 * @example const server = await startServer(loadConfig(process.env)); console.log(server.url);
 */
export async function startServer(config: ServerConfig, replace: CompositionOverrides = {}): Promise<RunningServer> {
  keepTickShape();
  // The services log through the app's logger once the app is built.
  let log: FastifyBaseLogger | undefined;
  const composition = await compose(config, { log: () => log, overrides: replace });
  const { services, mailer, publicUrl } = composition;
  const { store } = services;
  const app = await buildApp(config, services, { publicUrl }).catch(async (error: unknown) => {
    await composition.close();
    throw error;
  });
  log = app.log;
  const prune = setInterval(() => composition.prune(Date.now()), 60_000);
  prune.unref();
  let metricsServer: FastifyInstance | undefined;
  const release = async () => {
    clearInterval(prune);
    await metricsServer?.close();
    await composition.close();
  };
  try {
    await app.listen({ host: config.host, port: config.port });
    if (config.metricsPort !== null) metricsServer = await serveMetrics(app, config.host, config.metricsPort);
  } catch (error) {
    await app.close();
    await release();
    throw error;
  }
  const url = listeningUrl(app, config.host, config.port);
  composition.listening(url);
  let closing: Promise<void> | undefined;
  return {
    app,
    store,
    mailer,
    url,
    metricsUrl: metricsServer
      ? `${listeningUrl(metricsServer, config.host, config.metricsPort ?? 0)}/metrics`
      : undefined,
    close() {
      return (closing ??= (async () => {
        clearInterval(prune);
        // A keep-alive connection whose request finishes during the drain is idle afterwards; closing only the
        // connections idle at the start would leave it open until the client lets go (seconds). The guard closes a
        // connection only once nothing is left to write to it.
        const closeIdle = setInterval(() => app.server.closeIdleConnections(), 25);
        const deadline = setTimeout(() => {
          const closed = app.connections.closeAll();
          if (closed > 0)
            app.log.warn(
              { connections: closed },
              'drain deadline: closed connections that had not taken their responses; undelivered records refunded',
            );
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
