import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Options of one generation, as a user sets them in the form. */
export interface FormInput {
  kind: 'address' | 'batch' | 'ein' | 'phone' | 'zip' | 'company' | 'household' | 'employee';
  count?: number | string;
  state?: string;
  seed?: string;
  zip?: string;
  /** The "With coordinates" box. */
  geo?: boolean;
  /** The fields box (address and batch; empty when not given). */
  fields?: string;
  /** The company index box (employees). */
  company?: number | string;
}

/** An open demo page with every URL the browser requested for it. */
export interface OpenDemo {
  context: BrowserContext;
  page: Page;
  requested: string[];
}

/**
 * Opens the demo in a fresh context (its own free-tier counter) and waits
 * until it is ready to generate.
 * @example const { page, requested } = await openDemo(browser, server.url)
 */
export async function openDemo(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 900 },
): Promise<OpenDemo> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.locator('#generate:enabled').waitFor({ timeout: 30_000 });
  if (errors.length > 0) throw new Error(`the page threw: ${errors.join('; ')}`);
  return { context, page, requested };
}

/**
 * Fills the form like a user (radio, count, state, seed, ZIP) and presses Generate.
 * @example await fillAndGenerate(page, { kind: 'batch', count: 1000, seed: '42' })
 */
export async function fillAndGenerate(page: Page, input: FormInput): Promise<void> {
  await page.locator(`input[name="kind"][value="${input.kind}"]`).check();
  if (input.count !== undefined) await page.locator('#count').fill(String(input.count));
  if (input.state !== undefined) await page.locator('#state').selectOption(input.state);
  // A ZIP lookup has no seed (its field is hidden).
  if (input.kind !== 'zip') await page.locator('#seed').fill(input.seed ?? '');
  if (input.zip !== undefined) await page.locator('#zip').fill(input.zip);
  if (input.geo !== undefined) await page.locator('#geo').setChecked(input.geo);
  if (input.company !== undefined) await page.locator('#company').fill(String(input.company));
  if (input.kind === 'address' || input.kind === 'batch') await page.locator('#fields').fill(input.fields ?? '');
  await page.locator('#generate').click();
}

/**
 * Reads the results table back as records keyed by the columns' `data-key`
 * (the row-number column is checked to run 1..n and left out).
 * @example const rows = await readTable(page) // [{ name: '...', street: '...', ... }]
 */
export async function readTable(page: Page): Promise<Record<string, string>[]> {
  return page.locator('#results-table').evaluate((table: HTMLTableElement) => {
    const keys = [...table.tHead!.rows[0].cells].map((cell) => cell.dataset.key ?? '');
    return [...table.tBodies[0].rows].map((row, i) => {
      const record: Record<string, string> = {};
      [...row.cells].forEach((cell, j) => {
        if (keys[j] === 'row') {
          if (cell.textContent !== String(i + 1)) throw new Error(`row ${i} is numbered ${cell.textContent}`);
        } else record[keys[j]] = cell.textContent ?? '';
      });
      return record;
    });
  });
}

/**
 * The JSON the page offers for copying, from its "Show the JSON" box.
 * @example const json = await readJson(page)
 */
export async function readJson(page: Page): Promise<unknown> {
  const details = page.locator('#json-details');
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await page.locator('#json-details summary').click();
  // The box is filled on the details' toggle event, which fires after the click returns.
  await page.waitForFunction(() => (document.getElementById('json-text') as HTMLTextAreaElement).value !== '');
  return JSON.parse(await page.locator('#json-text').inputValue());
}

/**
 * The seed the page says it used ('' when it shows none: a ZIP lookup has no seed).
 * @example await shownSeed(page) // "4839201958123"
 */
export async function shownSeed(page: Page): Promise<string> {
  if ((await page.locator('#seed-value').count()) === 0) return '';
  return (await page.locator('#seed-value').textContent()) ?? '';
}

/**
 * Number of rows in the results table.
 * @example await rowCount(page) // 1000
 */
export function rowCount(page: Page): Promise<number> {
  return page.locator('#results-table tbody tr').count();
}

/** A group of the results table (a household): its heading row's text and its rows. */
export interface TableGroup {
  heading: string;
  rows: Record<string, string>[];
}

/**
 * Reads a grouped results table (households) back: per `<tbody>`, the heading row's text and the rows keyed by the
 * columns' `data-key` (each group's row numbers are checked to run 1..n and left out).
 * @example const groups = await readGroups(page) // [{ heading: 'Household 1: ...', rows: [{ relationship: 'householder', ... }] }]
 */
export async function readGroups(page: Page): Promise<TableGroup[]> {
  return page.locator('#results-table').evaluate((table: HTMLTableElement) => {
    const keys = [...table.tHead!.rows[0].cells].map((cell) => cell.dataset.key ?? '');
    return [...table.tBodies].map((body) => {
      const [headingRow, ...rows] = [...body.rows];
      const heading = headingRow.cells[0];
      if (heading.tagName !== 'TH' || heading.getAttribute('scope') !== 'rowgroup')
        throw new Error(`a group opens with ${heading.outerHTML}, not a rowgroup heading`);
      return {
        heading: heading.textContent ?? '',
        rows: rows.map((row, i) => {
          const record: Record<string, string> = {};
          [...row.cells].forEach((cell, j) => {
            if (keys[j] === 'row') {
              if (cell.textContent !== String(i + 1)) throw new Error(`row ${i} is numbered ${cell.textContent}`);
            } else record[keys[j]] = cell.textContent ?? '';
          });
          return record;
        }),
      };
    });
  });
}
