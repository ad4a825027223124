import { realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { PAGE_HEADERS, pageHeaders } from '../../http/page-headers.js';
import { accountPages } from '../pages/index.js';
import { ssoCallbackPage } from '../pages/sso-callback.js';
import type { AppServices } from '../../services.js';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ussynth</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head>
<body><h1>ussynth</h1>
<p>Synthetic US test data; never real. The REST API is documented at <a href="/v1/docs">/v1/docs</a> (OpenAPI: <a href="/v1/openapi.json">/v1/openapi.json</a>).</p>
<p>The web pages are not built: run <code>npm run build:web</code> and restart.</p>
</body></html>
`;

/** Options of the site: the built pages, and the services of the account pages. */
export interface SiteOptions {
  /** Folder of the built pages, or null when not built. */
  webDir: string | null;
  /** Sessions (the dashboard's redirect) and dashboard sign-in through Enterprise accounts' SSO. */
  services: Pick<AppServices, 'people' | 'ssoSignIn'>;
  /** The public base URL. */
  publicUrl: () => string;
}

/**
 * Everything outside `/v1`: the front page with the free demo and the static
 * assets of `webDir` (cacheable; pages revalidate; pre-compressed .br/.gz
 * variants served when the client accepts them; dotfiles and anything whose
 * real path, symbolic links resolved, leaves `webDir` are not served: 404),
 * the account pages and the SSO sign-in callback (the account API they call
 * is registered beside it, in app.ts). Every file carries the page security
 * headers of page-headers.ts.
 * @example await app.register(siteRoutes, { webDir: 'server/web-dist', services: app.ussynth, publicUrl })
 */
export async function siteRoutes(app: FastifyInstance, options: SiteOptions): Promise<void> {
  const { webDir, services, publicUrl } = options;
  const { people, ssoSignIn } = services;
  await app.register(fastifyCookie);
  // The callback answers with its own page, so it works without the built pages too.
  await app.register(ssoCallbackPage, { signIn: ssoSignIn, publicUrl });
  if (webDir === null) {
    app.get('/', { schema: { hide: true }, onRequest: pageHeaders }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      return NOT_BUILT_PAGE;
    });
    return;
  }
  const root = realpathSync(webDir);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: ['index.html'],
    cacheControl: false,
    preCompressed: true,
    dotfiles: 'ignore',
    allowedPath: (pathName) => staysInside(root, pathName),
    setHeaders(reply, path) {
      // A page revalidates so a new deploy shows at once; its assets may be cached for an hour. The account
      // pages set no-store before sending (a signed-out visitor must never get the dashboard from a cache).
      if (!reply.hasHeader('cache-control'))
        reply.header('cache-control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
      for (const [name, value] of Object.entries(PAGE_HEADERS)) reply.header(name, value);
    },
  });
  await app.register(accountPages, { people, publicUrl, webDir: root });
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
