import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_PATH, SCREENSHOT_RECORD_PATH, type ScreenshotRecord } from '../../docs/tools/demo-docs.js';
import { README_SEED } from '../../docs/tools/readme-example.js';
import { createGenerator, GENERATOR_VERSION } from '../../src/index.js';

// Pixels cannot be compared across machines (fonts, anti-aliasing), so `npm run docs:demo` writes, with the
// screenshot, a record of what the page showed in it (docs/demo-screenshot.json): this test holds that record to the
// code and the PNG to the record. A new generator or dataset version, other records for the seed, or a control added
// to or removed from the demo's form fails here until the screenshot is taken again.
const root = new URL('../../', import.meta.url);
const png = readFileSync(new URL(SCREENSHOT_PATH, root));
const record = JSON.parse(readFileSync(new URL(SCREENSHOT_RECORD_PATH, root), 'utf8')) as ScreenshotRecord;

describe('the demo screenshot of the README and docs/demo.md (npm run docs:demo makes it again)', () => {
  it('is the PNG its record was written with, 1280 px wide', () => {
    expect(createHash('sha256').update(png).digest('hex')).toBe(record.png.sha256);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1280);
    expect(record.png.width).toBe(1280);
  });

  it('shows the current generator and dataset versions', () => {
    expect(record.generatorVersion).toBe(GENERATOR_VERSION);
    expect(record.datasetVersion).toBe(createGenerator({ seed: 1 }).datasetVersion);
  });

  it("shows the records the library makes now for the README's seed, the first being the README's example", () => {
    expect(record.input).toEqual({ kind: 'batch', count: 12, state: '', seed: String(README_SEED) });
    expect(record.caption).toBe(`12 addresses in any state, seed ${README_SEED}`);
    expect(record.records).toEqual(createGenerator({ seed: README_SEED }).batch({ count: 12 }).addresses);
    expect(record.records[0]).toEqual(createGenerator({ seed: README_SEED }).address());
  });

  it("shows every control of the demo's form as web/index.html has them now", () => {
    const html = readFileSync(new URL('web/index.html', root), 'utf8');
    const form = html.slice(html.indexOf('<form id="demo-form"'), html.indexOf('</form>'));
    const ids = [...form.matchAll(/<(?:input|select|button|textarea)\b[^>]*\bid="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toContain('fields');
    expect(record.formControls).toEqual(ids);
  });
});
