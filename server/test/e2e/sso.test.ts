import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/e2e/chromium.js';
import { startOidcProvider, type TestOidcProvider } from '../oidc-test-provider.js';
import { runServerCli, serve, type ServeProcess } from '../serve-process.js';

// An Enterprise customer's SSO end to end: the real `ussynth-server serve` process, the operator's real
// `accounts sso set` against a real OpenID Provider on loopback, Chromium through the provider's own login page
// into the dashboard, and API calls with key plus token.
const dir = mkdtempSync(join(tmpdir(), 'ussynth-e2e-sso-'));
const env = { ...process.env, USSYNTH_DB: join(dir, 'store.sqlite') };
let browser: Browser;
let idp: TestOidcProvider;
let server: ServeProcess;
let url = '';
let apiKey = '';
const ussynth = (args: string[]) => runServerCli(args, env);

beforeAll(async () => {
  server = await serve({ env: { ...env, LOG_LEVEL: 'info', PORT: '0' } }, '--no-dev-key');
  url = server.url;
  // The embedded default: serve made the key that seals client secrets beside the store, readable by its owner only.
  expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
  idp = await startOidcProvider({ redirectUris: [`${url}/signin/sso/callback`] });
  const created = await ussynth([
    'keys',
    'create',
    '--account',
    'bigco',
    '--tier',
    'enterprise',
    '--rate',
    '100',
    '--monthly-quota',
    '100000',
    '--json',
  ]);
  apiKey = (JSON.parse(created.stdout) as { key: string }).key;
  const set = await ussynth([
    'accounts',
    'sso',
    'set',
    'bigco',
    '--issuer',
    idp.issuer,
    '--client-id',
    idp.dashboard.id,
    '--client-secret',
    idp.dashboard.secret,
    '--audience',
    idp.audience,
    '--domain',
    'bigco.example',
  ]);
  expect(set.stderr).toBe('');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  await idp?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('an Enterprise customer with SSO', () => {
  it("signs in to the dashboard through the provider's login page and sees the account and its SSO settings", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // The provider's development pages are not ours to judge (they fetch web fonts, which fail offline).
      if (message.type() === 'error' && page.url().startsWith(url)) errors.push(message.text());
    });

    // Password sign-in for the SSO domain is refused with a pointer to SSO, which gets the address.
    await page.goto(url + '/signin');
    await page.getByLabel('Email', { exact: true }).fill('ada@bigco.example');
    await page.getByLabel('Password').fill('a long and careful passphrase');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.locator('#alert').textContent()).toContain('use "Sign in with SSO"');
    expect(await page.getByLabel('Work e-mail address').inputValue()).toBe('ada@bigco.example');

    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await page.waitForURL(`${idp.issuer}/interaction/**`);
    await page.getByPlaceholder('Enter any login').fill('ada@bigco.example');
    await page.getByPlaceholder('and password').fill('the provider checks this');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${url}/dashboard`);
    await expect.poll(() => page.locator('#who').textContent()).toBe('ada@bigco.example');
    expect(await page.locator('#account-name').textContent()).toBe('bigco');
    expect(await page.locator('#plan-name').textContent()).toBe('Enterprise');
    await expect.poll(() => page.locator('#sso-section').isVisible()).toBe(true);
    expect(await page.locator('#sso-issuer-url').textContent()).toBe(idp.issuer);
    expect(await page.locator('#sso-domains').textContent()).toBe('bigco.example');
    expect(await page.locator('#sso-redirect-uri').textContent()).toBe(`${url}/signin/sso/callback`);
    expect(await page.locator('#curl-line').textContent()).toContain('Authorization: Bearer $ACCESS_TOKEN');
    // A member of an account whose plan the operator set: no Subscribe or Manage billing, no password to change.
    await expect
      .poll(() => page.locator('#plan-status').textContent())
      .toBe('This service takes no payment: its operator sets plans; ask them to change yours.');
    expect(await page.locator('#plan-offers').isVisible()).toBe(false);
    expect(await page.locator('#manage-billing').isVisible()).toBe(false);
    expect(await page.locator('#password-form').isVisible()).toBe(false);
    expect(await page.locator('#delete-form').isVisible()).toBe(false);
    expect(await page.locator('#sso-account-note').isVisible()).toBe(true);
    expect(await page.content()).not.toContain(idp.dashboard.secret);
    // The refused password sign-in is an answer the page expects (a 403), not a script error.
    expect(errors.filter((text) => !text.includes('status of 403 (Forbidden)'))).toEqual([]);
    expect(errors).toHaveLength(1);
    await page.close();
  });

  it('shows a forged callback a page that says so', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${url}/signin/sso/callback?code=forged&state=forged`);
    expect(response!.status()).toBe(400);
    expect(await page.locator('h1').textContent()).toBe('Sign-in failed');
    expect(await page.locator('#alert').textContent()).toContain('was not started in this browser');
    await page.close();
  });

  it("takes API calls with key plus token, refuses the key alone, and logs the token's sub, never the token or the secret", async () => {
    const token = await idp.accessToken();
    const call = (headers: Record<string, string>) =>
      fetch(`${url}/v1/zip/10001`, { headers: { 'x-api-key': apiKey, ...headers } });
    expect((await call({ authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await call({ authorization: `Bearer ${token}` })).status).toBe(200);
    const alone = await call({});
    expect(alone.status).toBe(401);
    expect(alone.headers.get('www-authenticate')).toBe('Bearer realm="ussynth"');
    await expect.poll(() => server.output().includes(`"sub":"${idp.ci.id}"`)).toBe(true);
    const output = server.output();
    expect(output).toMatch(/"url":"\/signin\/sso\/callback\?\[redacted\]"/);
    for (const secret of [token, token.split('.')[2], idp.dashboard.secret]) expect(output).not.toContain(secret);
    const storeBytes =
      readFileSync(join(dir, 'store.sqlite')).toString('latin1') +
      readFileSync(join(dir, 'store.sqlite-wal')).toString('latin1');
    expect(storeBytes).not.toContain(idp.dashboard.secret);
    expect(storeBytes).toContain(idp.dashboard.id);
  });
});
