import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { recordsAsked } from './access/records-asked.js';
import { refundUndelivered } from './access/refund-undelivered.js';
import { ConnectionGuard } from './connections/connection-guard.js';
import { drainRefusal } from './connections/drain.js';
import type { ServerConfig } from './config.js';
import { clientErrorHandler } from './problem/client-error-handler.js';
import { connectHandler } from './problem/connect-handler.js';
import { errorHandler } from './problem/error-handler.js';
import { notFoundHandler } from './problem/not-found-handler.js';
import { ProblemError } from './problem/problem-error.js';
import { ACCOUNT_BODY_LIMIT } from './routes/account/account-route.js';
import { sendProblem } from './problem/send-problem.js';
import { accessFields } from './observability/access-log.js';
import { bufferedLogStream } from './observability/log-stream.js';
import { DOCS_PAGE_HEADERS } from './http/page-headers.js';
import { mentionsKey } from './observability/redacted-url.js';
import { healthRoutes } from './routes/health/index.js';
import { siteRoutes } from './routes/root/index.js';
import { faviconRoutes } from './routes/favicon/index.js';
import { statusRoutes } from './routes/status/index.js';
import { STRIPE_WEBHOOK_BODY_LIMIT, STRIPE_WEBHOOK_PATH, stripeWebhookRoute } from './routes/billing/stripe-webhook.js';
import compress from '@fastify/compress';
import { docsRoutes } from './routes/v1/docs/index.js';
import { API_PATHS, apiRoutes } from './routes/v1/index.js';
import { corsPreflightRoutes } from './access/cors.js';
import { problemSchema } from './schemas/problem.js';
import { RECORD_SCHEMAS } from './schemas/records.js';
import { resolveServices, type ServiceOptions } from './resolve-services.js';
import type { AppServices } from './services.js';

/** How often Node checks open connections against the headers and request timeouts. */
const CONNECTION_CHECK_MS = 1000;

/** Options of the app plugin. */
export interface UssynthAppOptions {
  /** Validated configuration. */
  config: ServerConfig;
  /** Every service, defaults applied (resolveServices). */
  services: AppServices;
  /** The public base URL (links in e-mails, the dashboard, allowed origins). */
  publicUrl: () => string;
  /** Bounds each connection's output and drains it (buildApp makes one for its server). */
  connections: ConnectionGuard;
}

/**
 * The whole service as a Fastify plugin (not encapsulated, so its error and
 * not-found handlers apply everywhere): security headers, the docs, the
 * authenticated /v1 API and the demo at `/`.
 * @example await fastify.register(ussynthApp, { config, services, connections, publicUrl: () => 'https://api.example.com' })
 */
export async function ussynthApp(app: FastifyInstance, options: UssynthAppOptions): Promise<void> {
  const { config, services, connections } = options;
  app.decorate('ussynth', services);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler(API_PATHS));
  app.addSchema(problemSchema);
  for (const schema of RECORD_SCHEMAS) app.addSchema(schema);

  // Hooks on every request take a callback instead of returning a promise: no allocation and no extra tick per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff').header('x-request-id', request.id);
    if (request.url.startsWith('/v1')) {
      reply.header('cache-control', 'no-store');
      // The docs page and its files: the pages' CSP and no framing (the API's JSON needs neither).
      if (request.url.startsWith('/v1/docs')) reply.headers(DOCS_PAGE_HEADERS);
    }
    connections.noteRequest(request);
    if (connections.draining) throw drainRefusal();
    if (request.url.length > config.maxUrlLength) {
      throw new ProblemError('uri_too_long', `the request target is ${request.url.length} characters; at most ${config.maxUrlLength} are accepted`);
    }
    // On every path (a key in /v1/zip/..., in /..., in a parameter's name or a matrix parameter), not only the API's.
    if (mentionsKey(request.url)) throw keyInUrl(request.url);
    // GET bodies are never read by Fastify, so cap them by their declared length here (the account API takes small JSON bodies).
    const length = request.headers['content-length'];
    const limit = request.url.startsWith('/account/') ? ACCOUNT_BODY_LIMIT : request.url === STRIPE_WEBHOOK_PATH ? STRIPE_WEBHOOK_BODY_LIMIT : config.bodyLimit;
    if (length !== undefined && Number(length) > limit) {
      throw new ProblemError('payload_too_large', `the request body is ${length} bytes; at most ${limit} are accepted here`);
    }
    // Last: a request refused above costs nothing to answer; one admitted may generate a large body.
    if (!connections.admit(request, done)) return;
    done();
  });
  const { metrics, sli, sla } = services;
  app.addHook('onResponse', (request, reply, done) => {
    // One structured line per request, with its id; never the key, and the URL redacted.
    request.server.log.info(accessFields(request, reply), 'request');
    metrics.answered(request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    // The SLA counts the API's answers (docs/sla.md), not its documentation pages.
    if (request.url.startsWith('/v1/') && !request.url.startsWith('/v1/docs')) {
      const { access } = request;
      if (access) sli.answered(access.key.accountId, reply.statusCode, reply.elapsedTime, access.now);
      else sli.answered(null, reply.statusCode, reply.elapsedTime);
    }
    connections.finished(request);
    done();
  });

  sli.reportErrors((error) => app.log.error({ err: error }, 'SLA counts could not be folded into the store; kept for the next try'));
  sla.reportErrors((what, error) => app.log.error({ err: error }, `${what} failed`));
  // Every instance watches the last minutes for incidents; on close it folds what it counted before the store closes.
  app.addHook('onReady', (done) => (sla.watchIncidents(), done()));
  app.addHook('onClose', async () => {
    sla.close();
    await sli.close();
  });

  // Compression where the client accepts it and the body is over 1 KiB: pages, assets (pre-compressed at build time),
  // the docs, the account API and /v1/batch; the small /v1 answers opt out (it would cost more than it saves).
  await app.register(compress, { global: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(docsRoutes);
  await app.register(healthRoutes, { draining: () => connections.draining, metrics: config.metricsPort === null });
  await app.register(statusRoutes);
  await app.register(faviconRoutes);
  await app.register(apiRoutes, { prefix: '/v1', batchThreads: config.batchThreads });
  await app.register(corsPreflightRoutes, { prefix: '/v1' });
  await app.register(stripeWebhookRoute, { billing: services.billing });
  await app.register(siteRoutes, { webDir: config.webDir, services, publicUrl: options.publicUrl });
}
(ussynthApp as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

// A key in the path (a segment, a matrix parameter) is api_key_in_path; one only in the query string is api_key_in_query.
function keyInUrl(url: string): ProblemError {
  const mark = url.indexOf('?');
  const inPath = mentionsKey(mark < 0 ? url : url.slice(0, mark));
  const advice = 'send the key in the x-api-key header (and consider rotating it, the URL may have been logged on the way)';
  return inPath
    ? new ProblemError('api_key_in_path', `API keys are never accepted in the URL path; ${advice}`)
    : new ProblemError('api_key_in_query', `API keys are never accepted in the URL (path or query string); ${advice}`);
}

/**
 * A Fastify instance with the service registered and the deliberate limits
 * of the config (timeouts, size caps), not yet listening; tests call
 * `listen({ port: 0 })` on it, server.ts listens on the configured port.
 * The services' defaults are applied here, once (resolveServices).
 * Logs go to standard output, or to `options.logFd`.
 * @example const app = await buildApp(config, { ...accountServices(deps), store, rateLimiter, quota, clock: Date.now }, { publicUrl: () => 'http://127.0.0.1:3000' }); await app.listen({ port: 0 });
 */
export async function buildApp(config: ServerConfig, serviceOptions: ServiceOptions, options: { logFd?: number; publicUrl: () => string }): Promise<FastifyInstance> {
  const log = config.logLevel === 'silent' ? undefined : bufferedLogStream(options.logFd);
  const app = Fastify({
    logger: log ? { level: config.logLevel, redact: ['req.headers["x-api-key"]', 'headers["x-api-key"]'], stream: log.stream } : false,
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
    // A request arriving while the server closes is answered by the onRequest hook (503 problem+json with a request
    // id and Retry-After), not with Fastify's own JSON.
    return503OnClosing: false,
    frameworkErrors(error, request, reply) {
      const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uri_too_long' : 'bad_request';
      sendProblem(request, reply, code, code === 'uri_too_long' ? 'a path segment is too long' : 'the request URL is malformed');
    },
    // No coercion (strictQuery converts plain forms only) and no silent removal of unknown parameters.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false } },
  });
  app.server.headersTimeout = config.headersTimeoutMs;
  app.server.on('connect', connectHandler);
  if (log) app.addHook('onClose', (_instance, done) => (log.close(), done()));
  const services = resolveServices(config, serviceOptions);
  const connections = new ConnectionGuard(
    app.server,
    {
      maxActive: config.maxActivePerConnection,
      maxWaiting: config.maxWaitingPerConnection,
      stallTimeoutMs: config.stallTimeoutMs,
      maxRecordsPerConnection: config.maxRecordsPerConnection,
      maxRecordsPipelined: config.maxRecordsPipelined,
    },
    { undelivered: refundUndelivered, metrics: services.metrics, cost: recordsAsked, keyAdmission: services.keyAdmission },
  );
  app.decorate('connections', connections);
  // Before Fastify stops routing and Node closes idle connections: from now on requests are refused, not started.
  app.addHook('preClose', (done) => (connections.drain(), done()));
  await app.register(ussynthApp, { config, services, connections, publicUrl: options.publicUrl });
  return app;
}
