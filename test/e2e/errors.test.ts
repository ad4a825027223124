import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from '../../web/build.js';
import { fillAndGenerate, openDemo, rowCount } from './demo-page.js';
import { useDemoSite } from './demo-site.js';
import { serveStatic } from './static-server.js';

const demo = useDemoSite();

describe('bad input gets a clear message naming the problem, and counts nothing', () => {
  const cases = [
    {
      input: { kind: 'batch', count: 0 },
      field: '#count',
      message: 'Count must be a whole number from 1 to 1000, got "0".',
    },
    {
      input: { kind: 'ein', count: 1001 },
      field: '#count',
      message: 'Count must be a whole number from 1 to 1000, got "1001".',
    },
    {
      input: { kind: 'phone', count: '1e3' },
      field: '#count',
      message: 'Count must be a whole number from 1 to 1000, got "1e3".',
    },
    {
      input: { kind: 'batch', count: '' },
      field: '#count',
      message: 'Count must be a whole number from 1 to 1000, got "".',
    },
    {
      input: { kind: 'zip', zip: '123' },
      field: '#zip',
      message: 'Zip must be a string of exactly five digits, got "123".',
    },
    {
      input: { kind: 'zip', zip: '1234a' },
      field: '#zip',
      message: 'Zip must be a string of exactly five digits, got "1234a".',
    },
  ] as const;

  it.each(cases)('$input.kind with $input', async ({ input, field, message }) => {
    const { context, page } = await openDemo(demo.browser, demo.url);
    await fillAndGenerate(page, input);
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe(message);
    expect(await page.locator(field).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(field).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('#counter').textContent()).toBe(
      '0 of 1000 free records used since this page loaded; 1000 left.',
    );
    expect(await page.locator('#results').isHidden()).toBe(true);

    // Fixing the input clears the message and generates.
    await fillAndGenerate(page, input.kind === 'zip' ? { kind: 'zip', zip: '10001' } : { kind: input.kind, count: 3 });
    await expect.poll(() => alert.isHidden()).toBe(true);
    expect(await page.locator(field).getAttribute('aria-invalid')).toBeNull();
    expect(await rowCount(page)).toBeGreaterThan(0);
    await context.close();
  });
});

describe('a host without the index file', () => {
  it('says the index did not load and keeps Generate disabled', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ussynth-web-'));
    cpSync(WEB_DIST, folder, { recursive: true });
    rmSync(join(folder, 'ussynth.idx'));
    const broken = await serveStatic(folder);
    const context = await demo.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(broken.url);
      const alert = page.getByRole('alert');
      await expect
        .poll(() => alert.textContent())
        .toMatch(
          new RegExp(
            `^Could not load the data index: could not load the ussynth index from ${broken.url}ussynth\\.idx\\?v=[0-9a-f]{12}: HTTP 404\\. Reload the page to try again\\.$`,
          ),
        );
      expect(await page.locator('#generate').isDisabled()).toBe(true);
      expect(await page.locator('#status').textContent()).toBe('Not ready: the data index did not load.');
    } finally {
      await context.close();
      await broken.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
