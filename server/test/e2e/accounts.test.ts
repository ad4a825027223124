import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/e2e/chromium.js';
import { startSmtpServer, type TestSmtpServer } from '../smtp-test-server.js';
import { serve, type ServeProcess } from '../serve-process.js';
import { watchErrors } from './page-errors.js';

// The whole journey of a new customer in Debian's Chromium, against the real `ussynth-server serve` process (its
// own SQLite store, the built pages) and a real SMTP server on loopback that receives the account e-mail.
const PASSWORD = 'a long and careful passphrase';
let browser: Browser;
let smtp: TestSmtpServer;
let server: ServeProcess;
let url = '';
const dir = mkdtempSync(join(tmpdir(), 'ussynth-e2e-accounts-'));

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await serve(
    {
      env: {
        ...process.env,
        PORT: '0',
        LOG_LEVEL: 'info',
        USSYNTH_DB: join(dir, 'store.sqlite'),
        USSYNTH_SMTP_URL: smtp.url,
        USSYNTH_MAIL_FROM: 'ussynth <no-reply@ussynth.example>',
        USSYNTH_DEFAULT_PLAN: 'standard',
      },
    },
    '--no-dev-key',
  );
  url = server.url;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  await smtp?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The link of the last e-mail sent to `to` that goes to `path` (the token after `#`). */
function linkFor(to: string, path: string): string {
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(to) && m.raw.includes(path));
  if (!mail) throw new Error(`no ${path} mail to ${to}`);
  // Read raw: the mailer never folds a link, so it is whole on its line.
  return new RegExp(`^https?://[^\\s]+${path}#token=[A-Za-z0-9_-]{43}\r?$`, 'm').exec(mail.raw)![0].trimEnd();
}

describe('a customer signs up, verifies, makes a key, uses it, revokes it and signs out', () => {
  it('goes through the whole journey in the browser', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const email = 'ada@example.com';

    await page.goto(url + '/');
    await page.getByRole('link', { name: 'Sign up' }).first().click();
    await page.waitForURL(`${url}/signup`);
    // No payment is taken here (a deployment for one company, USSYNTH_DEFAULT_PLAN=standard): no price is promised.
    await expect
      .poll(() => page.locator('#plans-note').textContent())
      .toBe(
        'Your account starts on the Standard plan: 10 requests per second, 100,000 records a month. This service takes no payment; its operator sets plans.',
      );
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    // The answer waits for an argon2 hash and the SMTP send: over expect.poll's 1 s on a loaded machine (seen at a
    // load average of 29), so the page's own wait (30 s) decides when it has come.
    await page.locator('#done').waitFor();
    expect(await page.locator('#done').textContent()).toContain('a message is on its way');

    // The verification mail arrived at the SMTP server; its link confirms the address.
    await expect.poll(() => smtp.received.length).toBe(1);
    expect(smtp.received[0]).toMatchObject({ from: 'no-reply@ussynth.example', to: [email] });
    const verifyLink = linkFor(email, '/verify-email');
    expect(verifyLink.startsWith(`${url}/verify-email#token=`)).toBe(true);
    await page.goto(verifyLink);
    await expect.poll(() => page.locator('#done').textContent()).toContain('is confirmed');

    await page.goto(url + '/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${url}/dashboard`);
    await expect.poll(() => page.locator('#who').textContent()).toBe(email);
    expect(await page.locator('#plan-name').textContent()).toBe('Standard');
    await expect
      .poll(() => page.locator('#plan-status').textContent())
      .toBe('This service takes no payment: its operator sets plans; ask them to change yours.');
    expect(await page.getByRole('button', { name: /^Subscribe/ }).count()).toBe(0);
    expect(await page.locator('#base-url').textContent()).toBe(url);
    expect(await page.locator('#curl-line').textContent()).toContain(`${url}/v1/address`);

    // A key named with HTML: shown as text, never as markup.
    const name = 'CI <b id="injected">pipeline</b>';
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => page.locator('#new-key-value').textContent()).toMatch(/^uss_live_/);
    const key = (await page.locator('#new-key-value').textContent())!;
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expect.poll(() => page.locator('#keys-body tr').count()).toBe(1);
    expect(await page.locator('#keys-body td').first().textContent()).toBe(name);
    expect(await page.locator('#injected').count()).toBe(0);
    // The grace select beside Roll has a visible label, and its accessible name says which key it rolls.
    const grace = page.locator('#keys-body select');
    expect(
      await grace.evaluate((select) => {
        const label = (select as HTMLSelectElement).labels?.[0];
        return label ? { text: label.firstChild?.textContent, visible: label.checkVisibility() } : null;
      }),
    ).toEqual({ text: 'Old key works for', visible: true });
    expect(await page.getByRole('combobox', { name: /^Old key works for \(rolling key .+\)$/ }).count()).toBe(1);

    // The key works over HTTP, and the dashboard's usage moves.
    const address = await fetch(`${url}/v1/address?state=CA`, { headers: { 'x-api-key': key } });
    expect(address.status).toBe(200);
    expect(((await address.json()) as { state: string }).state).toBe('CA');
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(() => page.locator('#usage-summary').textContent()).toContain('1 of 100,000 records used');
    expect(await page.locator('#usage-chart svg rect.bar').count()).toBe(30);
    // Axes with round ticks and their names: one record on the busiest day makes the ticks 0 and 1.
    expect((await page.locator('#usage-chart svg text.label').allTextContents()).slice(0, 2)).toEqual(['0', '1']);
    expect(await page.locator('#usage-chart svg text.axis-name').allTextContents()).toEqual(['records', 'day (UTC)']);

    // Revoked: the API answers 401 within the key cache's second.
    await page.getByRole('button', { name: /^Revoke key / }).click();
    await expect.poll(() => page.locator('#keys-body td').nth(5).textContent()).toBe('revoked');
    await expect
      .poll(async () => (await fetch(`${url}/v1/address`, { headers: { 'x-api-key': key } })).status, { timeout: 5000 })
      .toBe(401);

    const sessionCookie = (await context.cookies(url)).find((c) => c.name === 'ussynth_session')!;
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${url}/signin`);
    await page.goto(url + '/dashboard');
    await page.waitForURL(`${url}/signin`);
    expect(errors, JSON.stringify(errors)).toEqual([]);

    // Nothing secret in the log or in the store in clear.
    await expect.poll(() => server.output().includes('"url":"/account/v1/session"')).toBe(true);
    for (const secret of [PASSWORD, sessionCookie.value, key, new URL(verifyLink).hash.slice('#token='.length)])
      expect(server.output()).not.toContain(secret);
    const storeBytes =
      readFileSync(join(dir, 'store.sqlite')).toString('latin1') +
      readFileSync(join(dir, 'store.sqlite-wal')).toString('latin1');
    for (const secret of [PASSWORD, sessionCookie.value, key]) expect(storeBytes).not.toContain(secret);
    expect(storeBytes).toContain('$argon2id$v=19$m=19456');
    await context.close();
  });

  it('resets a forgotten password by the e-mailed link, and refuses the link a second time with a clear message', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(url + '/forgot-password');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.locator('#done').textContent()).toContain('a message is on its way');
    await expect.poll(() => smtp.received.filter((m) => m.raw.includes('/reset-password')).length).toBe(1);
    const link = linkFor('ada@example.com', '/reset-password');
    await page.goto(link);
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.locator('#alert').textContent()).toContain('at least 12 characters');
    expect(await page.getByLabel('New password').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('New password').fill('another careful passphrase');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.locator('#done').textContent()).toContain('Your password is changed');
    await page.goto('about:blank');
    await page.goto(link);
    await page.getByLabel('New password').fill('a third careful passphrase');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.locator('#alert').textContent()).toContain('already used');
    // The refusals are answers the page expects (400s), not script errors.
    expect(
      errors.filter((text) => text !== '400 POST /account/v1/password/reset' && !text.includes('400 (Bad Request)')),
    ).toEqual([]);
    await page.close();
  });
});
