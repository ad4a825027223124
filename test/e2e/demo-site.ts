import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { WEB_DIST } from '../../web/build.js';
import { launchChromium } from './chromium.js';
import { openDemo } from './demo-page.js';
import { serveStatic, type StaticServer } from './static-server.js';

/** The built demo served on loopback and a headless Chromium, shared by the tests of one file. */
export interface DemoSite {
  /** The Chromium the tests open pages in. */
  readonly browser: Browser;
  /** The demo's URL (`http://127.0.0.1:PORT/`). */
  readonly url: string;
  /** The static server of web/dist, with the requests it answered. */
  readonly server: StaticServer;
  /** The demo opened once before the tests: only with `{ openPage: true }`. */
  readonly page: Page;
}

/**
 * Registers the file's beforeAll (serve web/dist, launch Chromium, and with
 * `openPage` open the demo once) and afterAll (close both); the fields are
 * there from the first test on.
 * @example const demo = useDemoSite({ openPage: true }); it('...', async () => { await fillAndGenerate(demo.page, input) })
 */
export function useDemoSite(options: { openPage?: boolean } = {}): DemoSite {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    server = await serveStatic(WEB_DIST);
    browser = await launchChromium();
    if (options.openPage) ({ page } = await openDemo(browser, server.url));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(
        `the demo's ${what} is not there: use it inside a test, after useDemoSite's beforeAll${what === 'page' ? ', and pass { openPage: true }' : ''}`,
      );
    return value;
  };
  return {
    get browser() {
      return ready(browser, 'browser');
    },
    get url() {
      return ready(server, 'server').url;
    },
    get server() {
      return ready(server, 'server');
    },
    get page() {
      return ready(page, 'page');
    },
  };
}
