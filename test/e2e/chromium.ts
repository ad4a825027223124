import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`): the tests never download a browser. */
export const CHROMIUM_PATH = process.env.USSYNTH_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Launches headless Chromium with the flags that keep it quiet and offline
 * (no background requests of its own to muddy the request log).
 * @example const browser = await launchChromium(); try { ... } finally { await browser.close() }
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
