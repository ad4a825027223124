import Fastify, { type FastifyInstance } from 'fastify';
import { metricsAnswer } from './index.js';

/**
 * Serves the app's /metrics on a port of its own (USSYNTH_METRICS_PORT), so
 * scrapes stay off the public port; nothing else is answered there.
 * @example const metricsServer = await serveMetrics(app, '127.0.0.1', 9464);
 */
export async function serveMetrics(app: FastifyInstance, host: string, port: number): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get('/metrics', (_request, reply) => metricsAnswer(app, reply));
  await server.listen({ host, port });
  return server;
}
