import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { recordsAsked } from './access/records-asked.js';
import { refundUndelivered } from './access/refund-undelivered.js';
import { ConnectionGuard } from './connections/connection-guard.js';
import type { ServerConfig } from './config.js';
import { clientErrorHandler } from './problem/client-error-handler.js';
import { connectHandler } from './problem/connect-handler.js';
import { errorHandler } from './problem/error-handler.js';
import { notFoundHandler } from './problem/not-found-handler.js';
import { sendProblem } from './problem/send-problem.js';
import { accessFields } from './observability/access-log.js';
import { bufferedLogStream } from './observability/log-stream.js';
import { healthRoutes } from './routes/health/index.js';
import { siteRoutes } from './routes/root/index.js';
import { accountApi } from './routes/account/index.js';
import { admission } from './hooks/admission.js';
import { refuseWhileDraining } from './hooks/drain-refusal.js';
import { requestLimits } from './hooks/request-limits.js';
import { securityHeaders } from './hooks/security-headers.js';
import { faviconRoutes } from './routes/favicon/index.js';
import { statusRoutes } from './routes/status/index.js';
import { stripeWebhookRoute } from './routes/billing/stripe-webhook.js';
import compress from '@fastify/compress';
import { docsRoutes } from './routes/v1/docs/index.js';
import { API_PATHS, apiRoutes } from './routes/v1/index.js';
import { corsPreflightRoutes } from './access/cors.js';
import { problemSchema } from './schemas/problem.js';
import { RECORD_SCHEMAS } from './schemas/records.js';
import { serviceMs } from './sla/service-time.js';
import type { AppServices } from './services.js';

/** How often Node checks open connections against the headers and request timeouts. */
const CONNECTION_CHECK_MS = 1000;

/** Options of the app plugin. */
export interface UssynthAppOptions {
  /** Validated configuration. */
  config: ServerConfig;
  /** Every service (compose). */
  services: AppServices;
  /** The public base URL (links in e-mails, the dashboard, allowed origins). */
  publicUrl: () => string;
  /** Bounds each connection's output and drains it (buildApp makes one for its server). */
  connections: ConnectionGuard;
}

/**
 * The whole service as a Fastify plugin (not encapsulated, so its error and
 * not-found handlers and its hooks apply everywhere): the hooks every request
 * passes (security headers, the drain's refusal, the request limits, the
 * connection's admission; the access log and the SLA's counting), the docs,
 * health, the status page, the authenticated /v1 API, the Stripe webhook,
 * the account API at /account/v1 and the site at `/`.
 * @example await fastify.register(ussynthApp, { config, services, connections, publicUrl: () => 'https://api.example.com' })
 */
export async function ussynthApp(app: FastifyInstance, options: UssynthAppOptions): Promise<void> {
  const { config, services, connections } = options;
  app.decorate('ussynth', services);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler(API_PATHS));
  app.addSchema(problemSchema);
  for (const schema of RECORD_SCHEMAS) app.addSchema(schema);

  // In this order: a refusal carries the security headers, and a request refused costs nothing before admission.
  app.addHook('onRequest', securityHeaders);
  app.addHook('onRequest', refuseWhileDraining(connections));
  app.addHook('onRequest', requestLimits(config));
  app.addHook('onRequest', admission(connections));
  // When the answer is ready to write: the SLA's slow threshold measures the service's time to here, not the
  // client's reading of what follows (sla/service-time.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    request.readyMs = reply.elapsedTime;
    done(null, payload);
  });
  const { metrics, sli, sla } = services;
  app.addHook('onResponse', (request, reply, done) => {
    // First: a response that ended with its connection and was never handed over is given back before it is logged.
    connections.settle(request);
    // One structured line per request, with its id; never the key, and the URL redacted; `records` what it was charged.
    request.server.log.info(accessFields(request, reply), 'request');
    metrics.answered(request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    // The SLA counts the API's answers (docs/sla.md), not its documentation pages.
    if (request.url.startsWith('/v1/') && !request.url.startsWith('/v1/docs')) {
      const { access } = request;
      if (access) sli.answered(access.key.accountId, reply.statusCode, serviceMs(request, reply), access.now);
      else sli.answered(null, reply.statusCode, serviceMs(request, reply), undefined, request.keyClaim);
    }
    connections.finished(request);
    done();
  });

  sli.reportErrors((error) =>
    app.log.error({ err: error }, 'SLA counts could not be folded into the store; kept for the next try'),
  );
  sla.reportErrors((what, error) => app.log.error({ err: error }, `${what} failed`));
  // Every instance watches the last minutes for incidents; on close it folds what it counted before the store closes.
  app.addHook('onReady', (done) => {
    sla.watchIncidents();
    done();
  });
  app.addHook('onClose', async () => {
    sla.close();
    await sli.close();
  });

  // Compression where the client accepts it and the body is over 1 KiB: pages, assets (pre-compressed at build time),
  // the docs, the account API and /v1/batch; the small /v1 answers opt out (it would cost more than it saves).
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  });
  await app.register(docsRoutes);
  await app.register(healthRoutes, { draining: () => connections.draining, metrics: config.metricsPort === null });
  await app.register(statusRoutes);
  await app.register(faviconRoutes);
  await app.register(apiRoutes, { prefix: '/v1', batchThreads: config.batchThreads });
  await app.register(corsPreflightRoutes, { prefix: '/v1' });
  await app.register(stripeWebhookRoute, { billing: services.billing });
  const { people, accountKeys, plans, ssoSignIn } = services;
  await app.register(accountApi, {
    prefix: '/account/v1',
    people,
    accountKeys,
    plans,
    ssoSignIn,
    sla,
    publicUrl: options.publicUrl,
  });
  await app.register(siteRoutes, { webDir: config.webDir, services, publicUrl: options.publicUrl });
}
(ussynthApp as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/**
 * A Fastify instance with the service registered and the deliberate limits
 * of the config (timeouts, size caps), not yet listening; tests call
 * `listen({ port: 0 })` on it, server.ts listens on the configured port.
 * The services come made (compose.ts).
 * Logs go to standard output, or to `options.logFd`.
 * @example const { services, publicUrl } = await compose(config); const app = await buildApp(config, services, { publicUrl }); await app.listen({ port: 0 });
 */
export async function buildApp(
  config: ServerConfig,
  services: AppServices,
  options: { logFd?: number; publicUrl: () => string },
): Promise<FastifyInstance> {
  const log = config.logLevel === 'silent' ? undefined : bufferedLogStream(options.logFd);
  const app = Fastify({
    logger: log
      ? { level: config.logLevel, redact: ['req.headers["x-api-key"]', 'headers["x-api-key"]'], stream: log.stream }
      : false,
    // The onResponse hook writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    // Behind a load balancer the client's address comes from X-Forwarded-For, believed only from these proxies.
    trustProxy: config.trustProxy ?? false,
    bodyLimit: config.bodyLimit,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // No per-socket idle timer (connectionTimeout): it is re-armed on every read and write. Node's own check,
    // run every second, closes a connection whose head or request is late (408), from its first byte or from
    // its opening; between requests the keep-alive timeout closes it.
    http: { maxHeaderSize: config.maxHeaderBytes, connectionsCheckingInterval: CONNECTION_CHECK_MS },
    // Long path parameters reach the schema (400 invalid_zip); the URL cap (414) bounds them.
    routerOptions: { maxParamLength: config.maxUrlLength },
    clientErrorHandler,
    // A request arriving while the server closes is answered by the drain refusal hook (503 problem+json with a request
    // id and Retry-After), not with Fastify's own JSON.
    return503OnClosing: false,
    frameworkErrors(error, request, reply) {
      const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uri_too_long' : 'bad_request';
      sendProblem(
        request,
        reply,
        code,
        code === 'uri_too_long' ? 'a path segment is too long' : 'the request URL is malformed',
      );
    },
    // No coercion (strictQuery converts plain forms only) and no silent removal of unknown parameters.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false } },
  });
  app.server.headersTimeout = config.headersTimeoutMs;
  app.server.on('connect', connectHandler);
  if (log) {
    app.addHook('onClose', (_instance, done) => {
      log.close();
      done();
    });
  }
  const connections = new ConnectionGuard(
    app.server,
    {
      maxActive: config.maxActivePerConnection,
      maxWaiting: config.maxWaitingPerConnection,
      stallTimeoutMs: config.stallTimeoutMs,
      maxRecordsPerConnection: config.maxRecordsPerConnection,
      maxRecordsPipelined: config.maxRecordsPipelined,
    },
    {
      undelivered: refundUndelivered,
      metrics: services.metrics,
      cost: recordsAsked,
      keyAdmission: services.keyAdmission,
    },
  );
  app.decorate('connections', connections);
  app.decorateRequest('rawResponse', null);
  app.decorateRequest('waitedMs', 0);
  app.decorateRequest('readyMs', null);
  // Before Fastify stops routing and Node closes idle connections: from now on requests are refused, not started.
  app.addHook('preClose', (done) => {
    connections.drain();
    done();
  });
  await app.register(ussynthApp, { config, services, connections, publicUrl: options.publicUrl });
  return app;
}
