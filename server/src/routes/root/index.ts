import { realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PAGE_HEADERS, pageHeaders } from '../../page-headers.js';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ussynth</title></head>
<body><h1>ussynth</h1>
<p>Synthetic US test data; never real. The REST API is documented at <a href="/v1/docs">/v1/docs</a> (OpenAPI: <a href="/v1/openapi.json">/v1/openapi.json</a>).</p>
<p>The browser demo is not built: run <code>npm run build:web</code> and restart.</p>
</body></html>
`;

/**
 * `/`: the browser demo from `webDir` when it is built, else a small page
 * pointing to the API docs. Static files are cacheable (index.html
 * revalidates) and carry the page security headers; dotfiles and anything
 * whose real path (symbolic links resolved) leaves `webDir` are not served
 * (404).
 * @example await app.register(rootRoutes, { webDir: 'web-dist' })
 */
export async function rootRoutes(app: FastifyInstance, options: { webDir: string | null }): Promise<void> {
  if (options.webDir === null) {
    app.get('/', { schema: { hide: true }, onRequest: pageHeaders }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      return NOT_BUILT_PAGE;
    });
    return;
  }
  const root = realpathSync(options.webDir);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: ['index.html'],
    cacheControl: false,
    dotfiles: 'ignore',
    allowedPath: (pathName) => staysInside(root, pathName),
    setHeaders(res, path) {
      // The page revalidates so a new deploy shows at once; its assets may be cached for an hour.
      res.header('cache-control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
      for (const [name, value] of Object.entries(PAGE_HEADERS)) res.header(name, value);
    },
  });
}

/**
 * Whether a requested static path may be served: no dotfile or dot-folder
 * anywhere in it, and a real path inside `root` (a symbolic link out of the
 * web folder is refused; one within it is fine). A path that does not exist
 * is left to the static server (404 either way).
 */
function staysInside(root: string, pathName: string): boolean {
  const segments = pathName.split('/');
  if (segments.some((segment) => segment.startsWith('.'))) return false;
  let real: string;
  try {
    real = realpathSync(join(root, ...segments));
  } catch {
    return true;
  }
  return real === root || real.startsWith(root + sep);
}
