import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillAndGenerate, openDemo, rowCount } from './demo-page.js';
import { useDemoSite } from './demo-site.js';

const demo = useDemoSite();

beforeAll(() => {
  mkdirSync('test-results', { recursive: true });
});

/** WCAG contrast ratio of each selected element's text against its effective background, computed in the page. */
function contrastRatios(page: Page, selectors: string[]): Promise<Record<string, number>> {
  return page.evaluate((list) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const background = (element: Element | null): number[] => {
      for (let e = element; e; e = e.parentElement) {
        const color = rgb(getComputedStyle(e).backgroundColor);
        if (color.length === 3 || (color.length === 4 && color[3] === 1)) return color.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const out: Record<string, number> = {};
    for (const selector of list) {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no element ${selector}`);
      const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background(element))];
      out[selector] = Math.round(((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)) * 100) / 100;
    }
    return out;
  }, selectors);
}

describe('accessibility', () => {
  it('every control has a label and the live regions are announced', async () => {
    const { context, page } = await openDemo(demo.browser, demo.url);
    for (const name of ['One address', 'Batch of addresses', 'EINs', 'Phone numbers', 'ZIP lookup']) {
      expect(await page.getByRole('radio', { name }).count(), name).toBe(1);
    }
    expect(await page.getByRole('group', { name: 'What to generate' }).count()).toBe(1);
    expect(await page.getByRole('spinbutton', { name: 'Count (1 to 1000)' }).count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'State' }).count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'ZIP code', includeHidden: true }).count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'Seed' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Generate' }).count()).toBe(1);
    // No control without a label: every input, select and textarea is labelled or named.
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll('input, select, textarea')]
        .filter((el) => (el as HTMLInputElement).labels?.length === 0 && !el.getAttribute('aria-label'))
        .map((el) => el.outerHTML),
    );
    expect(unlabelled).toEqual([]);
    expect(await page.locator('#status').getAttribute('role')).toBe('status');
    expect(await page.locator('#status').getAttribute('aria-live')).toBe('polite');
    expect(await page.locator('#counter').getAttribute('aria-live')).toBe('polite');
    expect(await page.locator('#alert').getAttribute('role')).toBe('alert');
    await context.close();
  });

  it('shows only the fields of the chosen kind', async () => {
    const { context, page } = await openDemo(demo.browser, demo.url);
    const expected = {
      address: ['state'],
      batch: ['count', 'state'],
      ein: ['count'],
      phone: ['count', 'state'],
      zip: ['zip'],
      company: ['count', 'state'],
      household: ['count', 'state'],
      // Employees of company i: its index in the companies stream of the state.
      employee: ['count', 'state', 'company'],
    };
    for (const [kind, fields] of Object.entries(expected)) {
      await page.locator(`input[name="kind"][value="${kind}"]`).check();
      const visible: string[] = [];
      for (const field of ['count', 'state', 'zip', 'company'])
        if (await page.locator(`#${field}`).isVisible()) visible.push(field);
      expect(visible, kind).toEqual(fields);
      // A ZIP lookup draws nothing at random: it has no seed.
      expect(await page.locator('#seed').isVisible(), kind).toBe(kind !== 'zip');
    }
    await context.close();
  });

  it('works from the keyboard alone, with a visible focus ring', async () => {
    const { context, page } = await openDemo(demo.browser, demo.url);
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { id: el.id || (el as HTMLInputElement).value, outline: `${style.outlineStyle} ${style.outlineWidth}` };
      });
    // The header's three links come first (API docs, Sign in, Sign up), each with the focus ring.
    for (const name of ['API docs', 'Sign in', 'Sign up']) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(name);
      expect((await focused()).outline).toBe('solid 3px');
    }
    await page.keyboard.press('Tab'); // into the kind radios, on the checked one
    expect(await focused()).toEqual({ id: 'batch', outline: 'solid 3px' });
    await page.keyboard.press('ArrowRight'); // arrow keys move and check: EINs
    expect((await focused()).id).toBe('ein');
    // EINs show count and seed only: the hidden state and ZIP fields take no Tab stop.
    const visited: { id: string; outline: string }[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      visited.push(await focused());
    }
    expect(visited).toEqual(['count', 'seed', 'generate'].map((id) => ({ id, outline: 'solid 3px' })));
    await page.keyboard.press('Shift+Tab');
    expect((await focused()).id).toBe('seed');
    await page.keyboard.type('keyboard');
    await page.keyboard.press('Shift+Tab');
    expect((await focused()).id).toBe('count');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('7');
    await page.keyboard.press('Enter'); // submits the form from the count field
    await expect.poll(() => rowCount(page)).toBe(7);
    expect(await page.locator('#results-table caption').textContent()).toBe('7 EINs, seed keyboard');
    // The results' buttons and the scrollable table are reachable too.
    await page.locator('#generate').focus();
    const after: { id: string; outline: string }[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      after.push(await focused());
    }
    expect(after).toEqual(
      ['reuse-seed', 'copy-json', 'download-csv', 'download-json', 'results-region', 'json-summary'].map((id) => ({
        id,
        outline: 'solid 3px',
      })),
    );
    await context.close();
  });

  it('has text contrast of at least 4.5:1 everywhere it shows text', async () => {
    const { context, page } = await openDemo(demo.browser, demo.url);
    await fillAndGenerate(page, { kind: 'batch', count: 600, seed: 'contrast' });
    // A refusal (the red alert): a count beyond the largest batch.
    await fillAndGenerate(page, { kind: 'batch', count: 1001, seed: 'contrast' });
    await expect.poll(() => page.locator('#alert').textContent()).toContain('Count must be a whole number');
    const selectors = [
      'body',
      'h1',
      'h1 .tier',
      'header p',
      'legend',
      '.choices label',
      '.field label',
      '.hint',
      '#count',
      '#seed',
      '#state',
      '#generate',
      '#counter',
      '#status',
      '#alert',
      '#seed-used',
      '#seed-used code',
      '#copy-json',
      'caption',
      'thead th',
      'tbody td',
      'td.number',
      'tbody tr:nth-child(2) td',
      'summary',
      'footer',
    ];
    const ratios = await contrastRatios(page, selectors);
    const low = Object.entries(ratios).filter(([, ratio]) => ratio < 4.5);
    expect(low).toEqual([]);
    // The trim notice, and the counter once the limit is reached (Generate is off then: WCAG exempts a disabled control).
    await fillAndGenerate(page, { kind: 'batch', count: 600, seed: 'contrast' });
    await expect.poll(() => page.locator('#alert').textContent()).toContain('Trimmed to 400');
    const atLimit = await contrastRatios(page, ['#alert', '#counter']);
    expect(Object.entries(atLimit).filter(([, ratio]) => ratio < 4.5)).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone screen without sideways scrolling of the page', async () => {
    const { context, page } = await openDemo(demo.browser, demo.url, { width: 375, height: 812 });
    await fillAndGenerate(page, { kind: 'batch', count: 25, state: 'CA', seed: 'phone-width' });
    await expect.poll(() => rowCount(page)).toBe(25);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
      overflowing: [...document.querySelectorAll('input, select, button, label, p, h1, h2, legend, .table-wrap')]
        .filter(
          (el) =>
            (el as HTMLElement).offsetParent !== null &&
            el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
        )
        .map((el) => el.id || el.tagName),
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.overflowing).toEqual([]);
    // The wide table scrolls inside its own keyboard-focusable region instead.
    expect(await page.locator('#results .table-wrap').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.screenshot({ path: 'test-results/demo-phone.png', fullPage: true });
    await context.close();
  });
});
