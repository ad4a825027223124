import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/e2e/chromium.js';
import { serve, type ServeProcess } from '../serve-process.js';

// Local development without SMTP, as a new user meets it after `npm start`: the real server writes the verification
// e-mail to its outbox folder; the sign-up page says so, the log prints the link, and the link copied from the raw
// file (no decoding) confirms the address in Chromium.
let browser: Browser;
let server: ServeProcess;
const dir = mkdtempSync(join(tmpdir(), 'ussynth-e2e-outbox-'));
const outbox = join(dir, 'outbox');

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    LOG_LEVEL: 'info',
    USSYNTH_DB: join(dir, 'store.sqlite'),
    USSYNTH_OUTBOX: outbox,
  };
  delete env.USSYNTH_SMTP_URL;
  server = await serve({ env }, '--no-dev-key');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

describe('sign-up without SMTP', () => {
  it('says where the message went, logs its link, and the link read raw from the outbox file works', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('a long and careful passphrase');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.locator('#done').textContent()).toContain(`outbox folder ${outbox}`);

    await expect.poll(() => readdirSync(outbox).filter((name) => name.endsWith('.eml')).length).toBe(1);
    const raw = readFileSync(join(outbox, readdirSync(outbox).find((name) => name.endsWith('.eml'))!), 'utf8');
    // Exactly what a person copies from `cat`: a whole line, no quoted-printable `=` breaks or `=3D`.
    const line = raw.split('\n').find((l) => l.includes('/verify-email#token='));
    expect(line).toMatch(new RegExp(`^${server.url.replace(/\./g, '\\.')}/verify-email#token=[A-Za-z0-9_-]{43}$`));
    await expect.poll(() => server.output()).toContain(line!);

    await page.goto(line!);
    await expect.poll(() => page.locator('#done').textContent()).toContain('is confirmed');
    await page.close();
  });
});
