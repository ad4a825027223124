import type { FastifyInstance } from 'fastify';
import { isPromise } from '../../awaitable.js';
import { sendProblem } from '../../problem/send-problem.js';
import type { StoreHealth } from '../../store/store.js';

/** Options of the health routes. */
export interface HealthRouteOptions {
  /** Whether the server is draining (then it is not ready). */
  draining: () => boolean;
}

const STATUS_SCHEMA = { type: 'object', properties: { status: { type: 'string' } }, required: ['status'], additionalProperties: false } as const;

/**
 * Health without a key: `/livez` (the process answers), `/readyz` (the store
 * can take and keep debits and the server is not draining; else 503
 * `service_unavailable` saying why) and `/metrics` (Prometheus text: the
 * service's counters and the store's). They read the store only through
 * `Store.health()`, so another engine reports its own state here.
 * @example await app.register(healthRoutes, { draining: () => false })
 */
export async function healthRoutes(app: FastifyInstance, options: HealthRouteOptions): Promise<void> {
  const hidden = { hide: true, response: { 200: STATUS_SCHEMA } };
  app.get('/livez', { schema: hidden }, (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'live' };
  });
  app.get('/readyz', { schema: hidden }, async (request, reply) => {
    if (options.draining()) return sendProblem(request, reply, 'service_unavailable', 'the server is shutting down', { headers: { 'retry-after': '1' } });
    const health = await storeHealth(app);
    if (!health.ready) return sendProblem(request, reply, 'service_unavailable', health.detail ?? 'the store is not ready', { headers: { 'retry-after': '1' } });
    reply.header('cache-control', 'no-store');
    return { status: 'ready' };
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const health = await storeHealth(app);
    reply.header('cache-control', 'no-store').type('text/plain; version=0.0.4; charset=utf-8');
    return app.ussynth.metrics!.render(health.counters, health.ready);
  });
}

/** The store's health; a store that cannot even say is not ready (and the failure is logged). */
async function storeHealth(app: FastifyInstance): Promise<StoreHealth> {
  try {
    const health = app.ussynth.store.health();
    return isPromise(health) ? await health : health;
  } catch (error) {
    app.log.error({ err: error }, 'store health check failed');
    return { ready: false, detail: 'the store cannot report its health', counters: {} };
  }
}
