import type { FastifyInstance } from 'fastify';
import { pageHeaders } from '../../http/page-headers.js';

/**
 * The product's icon, the same bytes as web/favicon.svg (a test holds them equal): kept here too so the server's own
 * pages (/status, the API reference, the page shown before the web pages are built) have an icon without the build.
 * @example reply.type('image/svg+xml').send(SITE_ICON_SVG)
 */
export const SITE_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1d4ed8"/><path d="M4 4v5a4 4 0 0 0 8 0V4h-2v5a2 2 0 0 1-4 0V4z" fill="#fff"/></svg>\n';

/**
 * The icon at `/favicon.svg`, which every page links, and at `/favicon.ico`, which browsers, feed readers and
 * bookmark tools ask for on their own whatever a page links: an SVG (every current browser draws one), with its
 * type, so neither path is ever a 404.
 * @example await app.register(faviconRoutes)
 */
export async function faviconRoutes(app: FastifyInstance): Promise<void> {
  for (const path of ['/favicon.svg', '/favicon.ico']) {
    app.get(path, { schema: { hide: true }, onRequest: pageHeaders }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600').type('image/svg+xml');
      return SITE_ICON_SVG;
    });
  }
}
