import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, GZIP_BUDGET, sizeTable, type BuiltFile } from '../../web/build.js';

let outDir: string;
let files: BuiltFile[];

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'ussynth-web-build-'));
  files = await buildWeb(outDir);
});

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('buildWeb', () => {
  it('writes the page, the bundle, the stylesheet, the icon and the index, and nothing else', () => {
    expect(readdirSync(outDir).sort()).toEqual(['app.js', 'favicon.svg', 'index.html', 'styles.css', 'ussynth.idx']);
    expect(files.map((f) => f.name)).toEqual(['app.js', 'favicon.svg', 'index.html', 'styles.css', 'ussynth.idx']);
    expect(readFileSync(join(outDir, 'ussynth.idx')).equals(readFileSync('dist-data/ussynth.idx'))).toBe(true);
  });

  it('stays within 2 MB gzipped in total', () => {
    expect(files.reduce((n, f) => n + f.gzipBytes, 0)).toBeLessThanOrEqual(GZIP_BUDGET);
    expect(sizeTable(files)).toMatch(/^total .* \(budget 2048 KiB gzipped\)$/m);
  });

  it('refers to its assets by relative URLs only, so any static host and any folder works', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const urls = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    expect(urls.map((url) => url.replace(/\?v=[0-9a-f]{12}$/, '')).sort()).toEqual(['./app.js', './favicon.svg', './styles.css', './ussynth.idx']);
    const app = readFileSync(join(outDir, 'app.js'), 'utf8');
    expect(app).toMatch(/"\.\/ussynth\.idx\?v=[0-9a-f]{12}"/);
    expect(app).not.toMatch(/\/v1\b|https?:\/\/|from"node:|require\(/);
  });

  it('versions each asset URL by its content, the same in the page and in the bundle', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const app = readFileSync(join(outDir, 'app.js'), 'utf8');
    const version = (name: string) => createHash('sha256').update(readFileSync(join(outDir, name))).digest('hex').slice(0, 12);
    expect(html).toContain(`src="./app.js?v=${version('app.js')}"`);
    expect(html).toContain(`href="./styles.css?v=${version('styles.css')}"`);
    expect(html).toContain(`href="./ussynth.idx?v=${version('ussynth.idx')}"`);
    expect(app).toContain(`"./ussynth.idx?v=${version('ussynth.idx')}"`);
  });

  it('is deterministic: a second build gives the same bytes', async () => {
    const again = mkdtempSync(join(tmpdir(), 'ussynth-web-build-'));
    try {
      await buildWeb(again);
      for (const name of readdirSync(outDir)) expect(readFileSync(join(again, name)).equals(readFileSync(join(outDir, name))), name).toBe(true);
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });
});
