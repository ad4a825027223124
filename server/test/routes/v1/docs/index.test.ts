import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PAGE_HEADERS } from '../../../../src/http/page-headers.js';
import { startTestServer, type TestServer } from '../../../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

describe('/v1/docs', () => {
  it('is served with a Content-Security-Policy that forbids framing, on the page and its files', async () => {
    for (const path of [
      '/v1/docs',
      '/v1/docs/',
      '/v1/docs/static/swagger-initializer.js',
      '/v1/docs/static/oauth2-redirect.html',
    ]) {
      const response = await server.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toBe(DOCS_PAGE_HEADERS['content-security-policy']);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it("every theme file the page and its header script load answers, the header's logo included", async () => {
    const page = await (await server.get('/v1/docs/')).text();
    const script = await (await server.get('/v1/docs/static/theme/ussynth.js')).text();
    const icon = /icon\.src = '([^']+)'/.exec(script)![1];
    // Absolute: the page is at /v1/docs and /v1/docs/, where a relative URL would name two different files.
    expect(icon).toMatch(/^\//);
    const linked = [...page.matchAll(/(?:href|src)="([^"]*theme\/[^"]+)"/g)].map(
      (match) => new URL(match[1], `${server.url}/v1/docs/`).pathname,
    );
    for (const path of [icon, ...linked]) {
      const response = await server.get(path);
      expect(response.status, path).toBe(200);
    }
    expect((await server.get(icon)).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('/v1/docs/static/index.html with a query redirects to the docs page, not to itself', async () => {
    for (const path of ['/v1/docs/static/index.html?a=1', '/v1/docs/static/index.html']) {
      const response = await fetch(server.url + path, { redirect: 'manual' });
      expect(response.status, path).toBeGreaterThanOrEqual(300);
      expect(response.status, path).toBeLessThan(400);
      expect(response.headers.get('location'), path).toBe('/v1/docs/');
    }
    expect((await fetch(server.url + '/v1/docs/static/index.html?a=1')).status).toBe(200);
  });
});
