import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillAndGenerate, openDemo } from './demo-page.js';
import { useDemoSite } from './demo-site.js';

// The results table never breaks a value inside a word (a ZIP "3260/5", a phone "(352) 367-/1799", "Magnol/ia",
// "America/Chica/go" were broken before): measured in Chromium's layout, at a laptop's width and a phone's.
const demo = useDemoSite();

/**
 * The cells whose text wraps inside a word: each word (a run without spaces) of every cell's text, measured as a
 * DOM Range; a word on one line has all its boxes on one line, a broken one has boxes on two.
 */
function wordsBrokenAcrossLines(page: Page): Promise<string[]> {
  return page.locator('#results-table').evaluate((table: HTMLTableElement) => {
    const broken: string[] = [];
    for (const cell of table.tBodies[0].querySelectorAll('td')) {
      const walker = table.ownerDocument.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = table.ownerDocument.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(`${cell.textContent} (word "${match[0]}")`);
        }
      }
      // A word split over text nodes would escape the measure above: a cell's words must each be one node.
      const words = (cell.textContent ?? '').match(/\S+/g) ?? [];
      const nodes: string[] = [];
      const all = table.ownerDocument.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = all.nextNode(); node; node = all.nextNode())
        nodes.push(...((node.textContent ?? '').match(/\S+/g) ?? []));
      if (nodes.length !== words.length) broken.push(`${cell.textContent} (a word split over elements)`);
    }
    return broken;
  });
}

describe('the demo results table', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`never wraps a value inside a word at ${viewport.width} px; what does not fit scrolls inside the table, not the page`, async () => {
      const { page, context } = await openDemo(demo.browser, demo.url, viewport);
      // The page's free tier is 1000 records: 800 addresses with every field, then 200 phone numbers.
      for (const [kind, count] of [
        ['batch', 800],
        ['phone', 200],
      ] as const) {
        await fillAndGenerate(page, { kind, count, state: '', seed: `layout-${kind}` });
        await page.locator('#status', { hasText: `Generated ${count}` }).waitFor();
        expect(await page.locator('#results-table tbody tr').count()).toBe(count);
        expect(await wordsBrokenAcrossLines(page), `${kind} at ${viewport.width} px`).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          'the page itself never scrolls sideways',
        ).toBeLessThanOrEqual(viewport.width);
      }
      // Every column is reachable: the table's region scrolls to its last column.
      const region = page.locator('#results-region');
      await region.evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
      const last = await page.locator('#results-table thead th').last().boundingBox();
      expect(last!.x + last!.width).toBeLessThanOrEqual(viewport.width);
      await context.close();
    }, 120_000);
  }
});
