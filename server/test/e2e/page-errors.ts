import type { Page } from 'playwright-core';

/**
 * Collects what a page reports going wrong: console errors, uncaught exceptions and every response of 400 or more
 * (as "status METHOD path"). A journey test expects the list empty at its end. With `site`, console errors count
 * only while the page is on that site: pages of another service on the way (a payment double) are not ours to judge.
 * @example const errors = watchErrors(page); ...; expect(errors).toEqual([]);
 */
export function watchErrors(page: Page, site?: string): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && (site === undefined || page.url().startsWith(site))) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400)
      errors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return errors;
}
