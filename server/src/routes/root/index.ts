import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ussynth</title></head>
<body><h1>ussynth</h1>
<p>Synthetic US test data; never real. The REST API is documented at <a href="/v1/docs">/v1/docs</a> (OpenAPI: <a href="/v1/openapi.json">/v1/openapi.json</a>).</p>
<p>The browser demo is not built: run <code>npm run build:web</code> and restart.</p>
</body></html>
`;

/**
 * `/`: the browser demo from `webDir` when it is built, else a small page
 * pointing to the API docs. Static files are cacheable (index.html revalidates).
 * @example await app.register(rootRoutes, { webDir: 'web-dist' })
 */
export async function rootRoutes(app: FastifyInstance, options: { webDir: string | null }): Promise<void> {
  if (options.webDir === null) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      return NOT_BUILT_PAGE;
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: options.webDir,
    prefix: '/',
    index: ['index.html'],
    cacheControl: false,
    setHeaders(res, path) {
      // The page revalidates so a new deploy shows at once; its assets may be cached for an hour.
      res.header('cache-control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
      res.header('x-content-type-options', 'nosniff');
    },
  });
}
