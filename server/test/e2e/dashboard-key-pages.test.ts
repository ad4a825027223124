import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/e2e/chromium.js';
import { linkToken, outboxMails } from '../accounts/outbox.js';
import { serve, type ServeProcess } from '../serve-process.js';

// The dashboard on the paginated GET /account/v1/keys (100 keys a page): an account with more keys than one page
// holds, in Debian's Chromium against the real `ussynth-server serve` process.
const PASSWORD = 'a long and careful passphrase';
const EMAIL = 'many-keys@example.com';
let browser: Browser;
let server: ServeProcess;
const dir = mkdtempSync(join(tmpdir(), 'ussynth-e2e-key-pages-'));

function call(
  method: string,
  path: string,
  body?: unknown,
  session?: { cookie: string; csrf?: string },
): Promise<Response> {
  return fetch(`${server.url}/account/v1${path}`, {
    method,
    headers: {
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(session ? { cookie: session.cookie, ...(session.csrf ? { 'x-csrf-token': session.csrf } : {}) } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  server = await serve(
    { env: { ...process.env, PORT: '0', USSYNTH_DB: join(dir, 'store.sqlite'), USSYNTH_OUTBOX: join(dir, 'outbox') } },
    '--no-dev-key',
  );
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

describe('the dashboard with more keys than one page', () => {
  it('lists all 105 keys (100 working, 5 revoked), newest first', async () => {
    expect((await call('POST', '/signup', { email: EMAIL, password: PASSWORD })).status).toBe(202);
    await expect.poll(() => outboxMails(join(dir, 'outbox')).length).toBe(1);
    expect(
      (
        await call('POST', '/verification/confirm', {
          token: linkToken(outboxMails(join(dir, 'outbox'))[0], '/verify-email'),
        })
      ).status,
    ).toBe(200);
    const signIn = await call('POST', '/session', { email: EMAIL, password: PASSWORD });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0];
    const { csrfToken } = (await (await call('GET', '/me', undefined, { cookie })).json()) as { csrfToken: string };
    const session = { cookie, csrf: csrfToken };
    const ids: string[] = [];
    for (let i = 0; i < 100; i++)
      ids.push(((await (await call('POST', '/keys', { name: `key ${i}` }, session)).json()) as { id: string }).id);
    for (const id of ids.slice(0, 5))
      expect((await call('POST', `/keys/${id}/revoke`, undefined, session)).status).toBe(204);
    for (let i = 100; i < 105; i++)
      expect((await call('POST', '/keys', { name: `key ${i}` }, session)).status).toBe(201);
    const firstPage = (await (await call('GET', '/keys', undefined, session)).json()) as {
      keys: unknown[];
      nextCursor: string | null;
    };
    expect(firstPage.keys).toHaveLength(100);
    expect(firstPage.nextCursor).not.toBeNull();

    const context = await browser.newContext();
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.locator('#keys-body tr').count(), { timeout: 10_000 }).toBe(105);
    const names = await page.locator('#keys-body tr td:first-child').allTextContents();
    // Newest first (keys made in the same millisecond are ordered by id, so the newest five as a set).
    expect(new Set(names.slice(0, 5))).toEqual(new Set(['key 100', 'key 101', 'key 102', 'key 103', 'key 104']));
    expect(new Set(names).size).toBe(105);
    expect(await page.locator('#keys-body td', { hasText: /^revoked$/ }).count()).toBe(5);
    await context.close();
  });
});
