import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIR } from '../../../src/config.js';
import { SITE_ICON_SVG } from '../../../src/routes/favicon/index.js';
import { startTestServer, type TestServer } from '../../test-server.js';

// Browsers ask for /favicon.ico on their own (a page without an icon link, a bookmark, a feed reader): it was a 404
// on every page. Both icon paths answer with the product's icon, with or without the built web pages, and every page
// the server sends links it.
const WEB_ICON = readFileSync(new URL('../../../../web/favicon.svg', import.meta.url), 'utf8');

let server: TestServer | undefined;
afterEach(async () => {
  await server?.destroy();
  server = undefined;
});

async function iconLinks(path: string): Promise<string[]> {
  const response = await server!.get(path);
  expect(response.status, path).toBe(200);
  return [...(await response.text()).matchAll(/<link rel="icon" href="([^"]+)"/g)].map((match) => match[1]!);
}

describe('the site icon', () => {
  it("is the same drawing as the demo's web/favicon.svg", () => {
    expect(SITE_ICON_SVG).toBe(WEB_ICON);
  });

  for (const built of [false, true]) {
    it(`answers /favicon.ico and /favicon.svg ${built ? 'beside the built pages' : 'without the built pages'}`, async () => {
      server = await startTestServer(built ? { config: { webDir: DEFAULT_WEB_DIR } } : {});
      for (const path of ['/favicon.ico', '/favicon.svg']) {
        const response = await server.get(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type'), path).toBe('image/svg+xml');
        expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(await response.text(), path).toBe(WEB_ICON);
      }
      // Every page links the icon (the demo relatively, so its folder works on any static host).
      const pages = built
        ? [
            '/',
            '/status',
            '/signup',
            '/signin',
            '/forgot-password',
            '/reset-password',
            '/verify-email',
            '/docs/api.html',
          ]
        : ['/', '/status'];
      for (const page of pages)
        expect(await iconLinks(page), page).toEqual([page === '/' && built ? './favicon.svg' : '/favicon.svg']);
    });
  }
});
