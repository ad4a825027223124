import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendProblem } from '../../problem/send-problem.js';
import type { StoreHealth } from '../../store/store.js';

/** Options of the health routes. */
export interface HealthRouteOptions {
  /** Whether the server is draining (then it is not ready). */
  draining: () => boolean;
  /** Whether /metrics is served here (false when it has a port of its own, USSYNTH_METRICS_PORT). */
  metrics: boolean;
}

const STATUS_SCHEMA = {
  type: 'object',
  properties: { status: { type: 'string' } },
  required: ['status'],
  additionalProperties: false,
} as const;

/**
 * Health without a key: `/healthz` and `/livez` (the process answers), `/readyz` (the store
 * can take and keep debits, and Redis answers when configured and the server is not draining; else 503
 * `service_unavailable` saying why) and `/metrics` (Prometheus text: the
 * service's counters and the store's). They read the store only through
 * `Store.health()`, so another engine reports its own state here.
 * @example await app.register(healthRoutes, { draining: () => false })
 */
export async function healthRoutes(app: FastifyInstance, options: HealthRouteOptions): Promise<void> {
  const hidden = { hide: true, response: { 200: STATUS_SCHEMA } };
  // /healthz is the name load balancers and the deployment docs use; /livez the Kubernetes one.
  for (const path of ['/healthz', '/livez']) {
    app.get(path, { schema: hidden }, (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'live' };
    });
  }
  app.get('/readyz', { schema: hidden }, async (request, reply) => {
    if (options.draining())
      return sendProblem(request, reply, 'service_unavailable', 'the server is shutting down', {
        headers: { 'retry-after': '1' },
      });
    const health = await storeHealth(app);
    if (!health.ready)
      return sendProblem(request, reply, 'service_unavailable', health.detail ?? 'the store is not ready', {
        headers: { 'retry-after': '1' },
      });
    if (app.ussynth.redis !== null && !app.ussynth.redis.ready()) {
      return sendProblem(
        request,
        reply,
        'service_unavailable',
        'Redis does not answer: rate limits run on each instance alone until it does',
        { headers: { 'retry-after': '1' } },
      );
    }
    reply.header('cache-control', 'no-store');
    return { status: 'ready' };
  });
  if (options.metrics) app.get('/metrics', { schema: { hide: true } }, (_request, reply) => metricsAnswer(app, reply));
}

/**
 * Answers a /metrics request with the app's metrics (for the main port, or
 * the metrics port's own small server).
 * @example metricsServer.get('/metrics', (_request, reply) => metricsAnswer(app, reply));
 */
export async function metricsAnswer(app: FastifyInstance, reply: FastifyReply): Promise<string> {
  const health = await storeHealth(app);
  const { metrics } = app.ussynth;
  reply.header('cache-control', 'no-store').type(metrics.contentType);
  return metrics.render(health.counters, health.ready);
}

/** The store's health; a store that cannot even say is not ready (and the failure is logged). */
async function storeHealth(app: FastifyInstance): Promise<StoreHealth> {
  try {
    return await app.ussynth.store.health();
  } catch (error) {
    app.log.error({ err: error }, 'store health check failed');
    return { ready: false, detail: 'the store cannot report its health', counters: {} };
  }
}
