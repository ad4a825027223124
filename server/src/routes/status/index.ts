import type { FastifyInstance } from 'fastify';
import { pageHeaders } from '../../http/page-headers.js';
import { STATUS_CSS, statusPage } from './status-page.js';
import { statusReport } from './status-report.js';

/** Browsers and proxies may keep the status a few seconds: it costs nothing under load, and is never older than that. */
const STATUS_CACHE_CONTROL = 'public, max-age=5';

/**
 * The public status page, without a key: `/status` (HTML, no script),
 * `/status.json` (the same report) and `/status.css`. Any instance answers
 * the same: the components from its readiness checks, the history from the
 * store (cached 5 s per instance).
 * @example await app.register(statusRoutes)
 */
export async function statusRoutes(app: FastifyInstance): Promise<void> {
  app.get('/status', { schema: { hide: true }, onRequest: pageHeaders }, async (_request, reply) => {
    reply.header('cache-control', STATUS_CACHE_CONTROL).type('text/html; charset=utf-8');
    return statusPage(await statusReport(app));
  });
  app.get('/status.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', STATUS_CACHE_CONTROL).header('access-control-allow-origin', '*');
    return statusReport(app);
  });
  app.get('/status.css', { schema: { hide: true }, onRequest: pageHeaders }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8');
    return STATUS_CSS;
  });
}
