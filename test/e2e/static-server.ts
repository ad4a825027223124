import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.idx': 'application/octet-stream',
};

/** A running static file server and the paths it was asked for. */
export interface StaticServer {
  /** Base URL ending in `/`, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  /** Every request's method and path, in arrival order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves a folder over real HTTP on 127.0.0.1 and a free port, like any
 * static host would (no API behind it): GET and HEAD only, `/` is
 * index.html, nothing outside the folder.
 * @example const server = await serveStatic('web-dist'); await page.goto(server.url)
 */
export async function serveStatic(root: string): Promise<StaticServer> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(`${request.method} ${path}`);
    const file = normalize(join(root, path === '/' ? 'index.html' : decodeURIComponent(path)));
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !file.startsWith(normalize(root) + sep)) {
      response.writeHead(request.method === 'GET' || request.method === 'HEAD' ? 404 : 405).end();
      return;
    }
    readFile(file).then(
      (body) => {
        response.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'content-length': body.length,
        });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      () => response.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the static server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    requests,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
