import { DEMO_FILES, GZIP_BUDGET, RELATED_FILES, RELATED_GZIP_BUDGET, type BuiltFile } from '../../web/build.js';

/** Marks the start and end of docs/demo.md's size table (between them: made by `demoSizeTable`). */
export const SIZES_START =
  '<!-- demo-sizes: made by `npm run docs:demo`; test/web/build.test.ts checks it against the build -->';
export const SIZES_END = '<!-- /demo-sizes -->';

/** The screenshot of the README and docs/demo.md, and the record of what it shows (written with it). */
export const SCREENSHOT_PATH = 'docs/demo-screenshot.png';
export const SCREENSHOT_RECORD_PATH = 'docs/demo-screenshot.json';

/** What the screenshot shows, recorded from the page when `npm run docs:demo` takes it. */
export interface ScreenshotRecord {
  /** How to make it again. */
  madeBy: string;
  /** SHA-256 (hex) of the PNG this record was written with, and its width in pixels. */
  png: { sha256: string; width: number };
  /** The versions the page's footer showed. */
  generatorVersion: string;
  datasetVersion: string;
  /** The form as filled for the picture. */
  input: { kind: 'batch'; count: number; state: string; seed: string };
  /** The results table's caption and rows, as the page showed them. */
  caption: string;
  records: Record<string, string>[];
  /** The ids of the demo form's controls in the picture, in page order. */
  formControls: string[];
}

/** Notes of the files the page fetches only on first use (the budget counts them all the same). */
const ON_DEMAND: Readonly<Record<string, string>> = {
  'ussynth-births.idx': 'fetched on first use of birthDate, households or employees',
  'ussynth-geo.idx': 'fetched on first use of geo, companies or employees',
};

/** Notes of the related kinds' data files, listed after the budget's total (they have their own budget). */
const RELATED_NOTES: Readonly<Record<(typeof RELATED_FILES)[number], string>> = {
  'ussynth-companies.json': 'fetched on first use of companies or employees',
  'ussynth-households.json': 'fetched on first use of households',
  'ussynth-titles.json': 'fetched on first use of employees',
};

/** The table's order: the page and what it loads at once, then what it fetches on demand. */
const ORDER = [
  'index.html',
  'app.js',
  'styles.css',
  'favicon.svg',
  'ussynth.idx',
  'ussynth-births.idx',
  'ussynth-geo.idx',
];

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * docs/demo.md's size table of the demo's files (KiB raw and gzipped at level 6, as the build prints them), with
 * its markers.
 * @example demoSizeTable(await buildWeb(dir)).includes('| app.js |') // true
 */
export function demoSizeTable(files: readonly BuiltFile[]): string {
  const demo = ORDER.map((name) => {
    const file = files.find((f) => f.name === name);
    if (!file) throw new Error(`the build has no ${name}`);
    return file;
  });
  const missing = DEMO_FILES.filter((name) => !ORDER.includes(name));
  if (missing.length) throw new Error(`the size table has no row for ${missing.join(', ')}: add it to ORDER`);
  const total = (key: 'bytes' | 'gzipBytes') => demo.reduce((sum, f) => sum + f[key], 0);
  const related = RELATED_FILES.map((name) => {
    const file = files.find((f) => f.name === name);
    if (!file) throw new Error(`the build has no ${name}`);
    return file;
  });
  const relatedGzip = related.reduce((sum, f) => sum + f.gzipBytes, 0);
  return [
    SIZES_START,
    '| file | KiB | gzip KiB |',
    '|---|---:|---:|',
    ...demo.map(
      (f) =>
        `| ${f.name}${ON_DEMAND[f.name] ? ` (${ON_DEMAND[f.name]})` : ''} | ${kib(f.bytes)} | ${kib(f.gzipBytes)} |`,
    ),
    `| **total** | ${kib(total('bytes'))} | **${kib(total('gzipBytes'))}** (budget ${GZIP_BUDGET / 1024}) |`,
    ...related.map(
      (f) =>
        `| ${f.name} (${RELATED_NOTES[f.name as (typeof RELATED_FILES)[number]]}; not in the page's budget) | ${kib(f.bytes)} | ${kib(f.gzipBytes)} |`,
    ),
    `| related kinds' files together | | ${kib(relatedGzip)} (budget ${RELATED_GZIP_BUDGET / 1024}) |`,
    SIZES_END,
  ].join('\n');
}

/** One row of the size table as written: the file (or `total`), KiB and gzip KiB. */
export interface SizeRow {
  name: string;
  kib: number;
  gzipKib: number;
}

/**
 * The rows of the size table in `markdown` (docs/demo.md).
 * @example sizeRows(readFileSync('docs/demo.md', 'utf8')).find((row) => row.name === 'app.js')
 */
export function sizeRows(markdown: string): SizeRow[] {
  const start = markdown.indexOf(SIZES_START);
  const end = markdown.indexOf(SIZES_END);
  if (start < 0 || end < start) throw new Error('docs/demo.md has no demo-sizes block');
  return [
    ...markdown
      .slice(start, end)
      .matchAll(/^\| (?:\*\*)?([\w.-]+)(?:\*\*)?(?: \([^)]*\))? \| ([\d.]+) \| (?:\*\*)?([\d.]+)/gm),
  ].map((m) => ({
    name: m[1]!,
    kib: Number(m[2]),
    gzipKib: Number(m[3]),
  }));
}

/**
 * `markdown` with its size table replaced by the one of `files`.
 * @example writeFileSync('docs/demo.md', withSizeTable(readFileSync('docs/demo.md', 'utf8'), files))
 */
export function withSizeTable(markdown: string, files: readonly BuiltFile[]): string {
  const start = markdown.indexOf(SIZES_START);
  const end = markdown.indexOf(SIZES_END);
  if (start < 0 || end < start) throw new Error('docs/demo.md has no demo-sizes block');
  return markdown.slice(0, start) + demoSizeTable(files) + markdown.slice(end + SIZES_END.length);
}
