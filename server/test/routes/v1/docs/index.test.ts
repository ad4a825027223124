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
    for (const path of ['/v1/docs', '/v1/docs/', '/v1/docs/static/swagger-initializer.js', '/v1/docs/static/oauth2-redirect.html']) {
      const response = await server.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toBe(DOCS_PAGE_HEADERS['content-security-policy']);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    }
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
