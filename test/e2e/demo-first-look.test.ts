import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillAndGenerate, openDemo } from './demo-page.js';
import { useDemoSite } from './demo-site.js';
import { seriousViolations } from './axe.js';

// What a new user sees first, at a laptop's width and a phone's, light and dark: every control shows its whole text
// (the State list was cut at "Any state (by population" and the Fields example clipped at 1280 px), the page never
// scrolls sideways, the plans promise no price the page cannot show, and axe-core finds nothing serious.
const SHOTS = join('test-results', 'demo-first-look');
const demo = useDemoSite();

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/**
 * The visible form controls whose text does not fit: each option of a select (beside its drop-down arrow), an
 * input's placeholder and value, measured with the control's own font against its content box.
 */
function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Chromium draws a select's arrow beside the text inside the padding box: about 19 px at 16 px text (a select of
    // width auto, sized by Chromium to its widest option, has that much room beside it).
    const SELECT_ARROW_PX = 20;
    const context = document.createElement('canvas').getContext('2d')!;
    const clipped: string[] = [];
    for (const control of document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      '#demo-form select, #demo-form input[type="text"], #demo-form input[type="number"]',
    )) {
      if (control.offsetParent === null) continue;
      const style = getComputedStyle(control);
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        control.clientWidth -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        (control instanceof HTMLSelectElement ? SELECT_ARROW_PX : 0);
      const texts =
        control instanceof HTMLSelectElement
          ? [...control.options].map((option) => option.text)
          : [control.placeholder, control.value].filter(Boolean);
      for (const text of texts) {
        const width = context.measureText(text).width;
        if (width > room)
          clipped.push(`#${control.id} "${text}" needs ${Math.ceil(width)} px, has ${Math.floor(room)}`);
      }
    }
    return clipped;
  });
}

describe('the demo at first look', () => {
  for (const width of [1280, 390]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`shows every control's whole text, fits the width and passes axe-core at ${width} px (${colorScheme})`, async () => {
        const { context, page } = await openDemo(demo.browser, demo.url, { width, height: 900 });
        await page.emulateMedia({ colorScheme });
        const problems: string[] = [];
        for (const kind of ['address', 'batch', 'ein', 'phone', 'zip', 'company', 'household', 'employee'] as const) {
          await page.locator(`input[name="kind"][value="${kind}"]`).check();
          problems.push(...(await clippedControls(page)).map((problem) => `${kind}: ${problem}`));
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          if (scrollWidth > width) problems.push(`${kind}: the page scrolls sideways (${scrollWidth} px)`);
        }
        expect(problems).toEqual([]);
        await page.locator('input[name="kind"][value="batch"]').check();
        await page.mouse.move(0, 0);
        await page.screenshot({ path: join(SHOTS, `form-${width}-${colorScheme}.png`) });
        expect(await seriousViolations(page), `form at ${width} px (${colorScheme})`).toEqual([]);

        // A ZIP lookup: no seed to show; the page with results passes too.
        await fillAndGenerate(page, { kind: 'zip', zip: '10001', geo: false });
        await expect.poll(() => page.locator('#status').textContent()).toBe('Looked up ZIP 10001.');
        expect(await clippedControls(page)).toEqual([]);
        expect(await seriousViolations(page), `ZIP lookup at ${width} px (${colorScheme})`).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `zip-${width}-${colorScheme}.png`), fullPage: true });
        await context.close();
      });
    }
  }

  it("states the plans' prices as what they are: set by the operator, with no link to a page that may show none", async () => {
    const { context, page } = await openDemo(demo.browser, demo.url);
    const prices = await page
      .locator('#pricing tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [row.querySelector('th')!.textContent, row.lastElementChild!.textContent]),
      );
    expect(prices).toEqual([
      ['Free', '$0'],
      ['Standard', "Monthly, set by the service's operator"],
      ['Pro', "Monthly, set by the service's operator"],
      ['Enterprise', 'Contact sales'],
    ]);
    expect(await page.locator('#pricing a').count()).toBe(0);
    await context.close();
  });
});
