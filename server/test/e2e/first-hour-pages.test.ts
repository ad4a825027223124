import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { GENERATOR_VERSION } from 'ussynth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/e2e/chromium.js';
import { API_VERSION, SERVER_PACKAGE_VERSION } from '../../src/openapi/versions.js';
import { serve, type ServeProcess } from '../serve-process.js';
import { seriousViolations } from '../../../test/e2e/axe.js';

// Every page a new user meets, in Chromium against the real `ussynth-server serve` (built pages, SQLite store, outbox
// mail): the API reference is the product's, its links work, and axe-core finds no serious or critical violation.
const PASSWORD = 'a long and careful passphrase';
let browser: Browser;
let context: BrowserContext;
let server: ServeProcess;
const dir = mkdtempSync(join(tmpdir(), 'ussynth-e2e-pages-'));
const outbox = join(dir, 'outbox');

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    LOG_LEVEL: 'warn',
    USSYNTH_DB: join(dir, 'store.sqlite'),
    USSYNTH_OUTBOX: outbox,
  };
  delete env.USSYNTH_SMTP_URL;
  server = await serve({ env }, '--no-dev-key');
  browser = await launchChromium();
  // axe is injected as a script tag; the pages' CSP (same-origin scripts only) would refuse it.
  context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

async function audited(path: string, ready: (page: Page) => Promise<unknown>): Promise<Page> {
  const page = await context.newPage();
  await page.goto(server.url + path);
  await ready(page);
  expect(await seriousViolations(page), path).toEqual([]);
  return page;
}

describe('the API reference at /v1/docs', () => {
  it("is the product's: its title, header and versions, no Swagger logo, and every link works", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/v1/docs`);
    await page.locator('.info .description').first().waitFor();
    expect(await page.title()).toBe('ussynth API reference');
    expect(await page.locator('.topbar').isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'ussynth API reference' }).getAttribute('href')).toBe('/');
    const info = (await page.locator('.info').textContent())!;
    expect(info).toContain(`API ${API_VERSION}`);
    expect(info).toContain(`ussynth-server ${SERVER_PACKAGE_VERSION}`);
    expect(info).toContain(`generator ${GENERATOR_VERSION}`);
    expect(info).not.toContain('.md');
    const hrefs = await page
      .locator('header.ussynth-site a, .info a')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThanOrEqual(10);
    for (const href of new Set(hrefs.filter((h) => h.startsWith(server.url)))) {
      expect((await fetch(href, { redirect: 'manual' })).status, href).toBeLessThan(400);
    }
    await page.close();
  });
});

describe('axe-core: no serious or critical violation on any page', () => {
  it('the demo, before and after generating', async () => {
    const page = await audited('/', (p) => p.locator('#status', { hasText: 'Ready.' }).waitFor());
    await page.getByRole('radio', { name: 'Batch of addresses' }).check();
    await page.getByRole('spinbutton', { name: /Count/ }).fill('20');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.locator('#status', { hasText: 'Generated' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the API reference and a docs page', async () => {
    await audited('/v1/docs', (p) => p.locator('.opblock').first().waitFor());
    await audited('/docs/api.html', (p) => p.locator('h1').waitFor());
  });

  it('sign-up (form and answer), sign-in, forgot, reset, verify and the dashboard', async () => {
    const signup = await audited('/signup', (p) => p.locator('#signup-form').waitFor());
    await signup.getByLabel('Email').fill('axe@example.com');
    await signup.getByLabel('Password').fill(PASSWORD);
    await signup.getByRole('button', { name: 'Sign up' }).click();
    await signup.locator('#done').waitFor();
    expect(await seriousViolations(signup)).toEqual([]);
    await audited('/signin', (p) => p.locator('#signin-form').waitFor());
    await audited('/forgot-password', (p) => p.locator('form').first().waitFor());
    await audited('/reset-password', (p) => p.locator('h1').waitFor());

    await expect.poll(() => readdirSync(outbox).filter((n) => n.endsWith('.eml')).length).toBe(1);
    const mail = readFileSync(join(outbox, readdirSync(outbox).find((n) => n.endsWith('.eml'))!), 'utf8');
    const link = mail.split('\n').find((line) => line.includes('/verify-email#token='))!;
    await audited(link.slice(server.url.length), (p) => p.locator('#done', { hasText: 'is confirmed' }).waitFor());

    const signin = await context.newPage();
    await signin.goto(`${server.url}/signin`);
    await signin.getByLabel('Email').fill('axe@example.com');
    await signin.getByLabel('Password').fill(PASSWORD);
    await signin.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signin.waitForURL(`${server.url}/dashboard`);
    await signin.getByRole('button', { name: 'Create key' }).waitFor();
    expect(await seriousViolations(signin)).toEqual([]);
  });
});

// Every page of the service at a laptop's and a phone's width, light and dark: the page itself never scrolls
// sideways (the key list turns into cards at 390 px), axe-core finds nothing serious in the dark scheme either, and
// each is kept as a screenshot in test-results/pages/ (the CI's artefacts).
describe('every page at 1280 and 390 px, light and dark', () => {
  it('fits the width, passes axe in the dark scheme, and leaves a screenshot', async () => {
    const email = 'shots@example.com';
    const signup = await context.newPage();
    await signup.goto(`${server.url}/signup`);
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password').fill(PASSWORD);
    await signup.getByRole('button', { name: 'Sign up' }).click();
    await signup.locator('#done').waitFor();
    await expect
      .poll(
        () =>
          readdirSync(outbox).filter((n) => n.endsWith('.eml') && readFileSync(join(outbox, n), 'utf8').includes(email))
            .length,
      )
      .toBe(1);
    const mail = readdirSync(outbox)
      .filter((n) => n.endsWith('.eml'))
      .map((n) => readFileSync(join(outbox, n), 'utf8'))
      .find((text) => text.includes(email))!;
    await signup.goto(
      mail
        .split('\n')
        .find((line) => line.includes('/verify-email#token='))!
        .trim(),
    );
    await signup.locator('#done', { hasText: 'is confirmed' }).waitFor();
    await signup.goto(`${server.url}/signin`);
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password').fill(PASSWORD);
    await signup.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signup.waitForURL(`${server.url}/dashboard`);
    await signup.getByLabel('Name').fill('CI pipeline');
    await signup.getByRole('button', { name: 'Create key' }).click();
    await signup.locator('#keys-body tr').first().waitFor();
    const session = await context.storageState();
    await signup.close();

    const pages: [string, string, (page: Page) => Promise<unknown>][] = [
      ['demo', '/', (p) => p.locator('#status', { hasText: 'Ready.' }).waitFor()],
      ['signup', '/signup', (p) => p.locator('#signup-form').waitFor()],
      ['signin', '/signin', (p) => p.locator('#signin-form').waitFor()],
      ['forgot-password', '/forgot-password', (p) => p.locator('form').first().waitFor()],
      ['dashboard', '/dashboard', (p) => p.locator('#keys-body tr').first().waitFor()],
      ['docs-page', '/docs/api.html', (p) => p.locator('h1').waitFor()],
      ['api-reference', '/v1/docs', (p) => p.locator('.opblock').first().waitFor()],
    ];
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        const shots = await browser.newContext({
          bypassCSP: true,
          viewport: { width, height: 900 },
          colorScheme,
          storageState: session,
        });
        for (const [name, path, ready] of pages) {
          const page = await shots.newPage();
          await page.goto(server.url + path);
          await ready(page);
          const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(scroll, `${name} at ${width} px (${colorScheme})`).toBeLessThanOrEqual(width);
          if (colorScheme === 'dark' && width === 1280 && name !== 'api-reference')
            expect(await seriousViolations(page), `${name} (dark)`).toEqual([]);
          // The whole page, but the long references only as far as the first screen (a full one takes minutes on a loaded machine).
          const whole = name !== 'docs-page' && name !== 'api-reference';
          await page.screenshot({
            path: join('test-results', 'pages', `${name}-${width}${colorScheme === 'dark' ? '-dark' : ''}.png`),
            fullPage: whole,
            timeout: 90_000,
          });
          await page.close();
        }
        await shots.close();
      }
    }
    // At 390 px the key list is one card per key: every value shows under its column's name, inside the screen.
    const narrow = await browser.newContext({ viewport: { width: 390, height: 900 }, storageState: session });
    const dashboard = await narrow.newPage();
    await dashboard.goto(`${server.url}/dashboard`);
    await dashboard.locator('#keys-body tr').first().waitFor();
    const cells = await dashboard
      .locator('#keys-body td')
      .evaluateAll((tds) =>
        tds.map((td) => ({ label: getComputedStyle(td, '::before').content, right: td.getBoundingClientRect().right })),
      );
    expect(cells.map((c) => c.label)).toEqual([
      '"Name"',
      '"ID"',
      '"Created"',
      '"Last used"',
      '"Expires"',
      '"Status"',
      '"Actions"',
    ]);
    expect(Math.max(...cells.map((c) => c.right))).toBeLessThanOrEqual(390);
    await narrow.close();
  }, 300_000);
});
