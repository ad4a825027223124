/**
 * Builds the web pages into a static folder (default `server/web-dist/`,
 * which the ussynth-server package serves at `/` and ships): the free
 * browser demo (the page, its stylesheet and icon, the generator bundle
 * `app.js` (esbuild, ESM, minified, from web/src/main.ts, with the map of
 * the states inlined), the binary indexes `ussynth.idx`,
 * `ussynth-geo.idx` and `ussynth-births.idx`, and the related kinds' data
 * files (RELATED_FILES), and the account pages (web/account/*.html with the
 * bundle `account.js` from web/src/account/main.ts). Every file over 1 KiB
 * also gets `.br` and `.gz` siblings, made once here so the server sends
 * them without compressing per request. Prints each file's size raw and
 * gzipped and fails when the demo page's gzipped total passes the issue's
 * 2 MB budget, or the related kinds' files pass theirs. Never touches the network.
 *   npm run build:web            # -> server/web-dist/
 *   tsx web/build.ts other-dir   # -> other-dir/
 *   node web/build-if-changed.mjs  # npm start: skipped when the inputs are those of the last build (web/build-inputs.mjs)
 */
import { createHash } from 'node:crypto';
import { build, type BuildOptions } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { renderDocsPages } from './docs-pages.js';
import { statesMapPath } from './states-map.js';
import { recordFingerprint, stampPath, webInputsFingerprint } from './build-inputs.mjs';
import { byCodeUnit } from '../src/code-unit-order.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The default output folder: the service package serves it at `/` (`npm start`) and ships it. */
export const WEB_DIST = join(ROOT, 'server', 'web-dist');

/** Most bytes, gzipped, that the page may load in total (the issue's budget: 2 MB). */
export const GZIP_BUDGET = 2 * 1024 * 1024;

/** What the demo page loads: the files the 2 MB budget covers. */
export const DEMO_FILES = [
  'app.js',
  'favicon.svg',
  'index.html',
  'styles.css',
  'ussynth-births.idx',
  'ussynth-geo.idx',
  'ussynth.idx',
] as const;

/**
 * The related kinds' data files (issue 49: companies, households, employees' job titles), fetched only when such a
 * kind is generated. Outside the 2 MB budget, which was full with the addresses' files: they have their own.
 */
export const RELATED_FILES = ['ussynth-companies.json', 'ussynth-households.json', 'ussynth-titles.json'] as const;

/** Most bytes, gzipped, of the related kinds' data files together. */
export const RELATED_GZIP_BUDGET = 128 * 1024;

/** The account pages, copied from web/account/ with versioned asset URLs. */
export const ACCOUNT_PAGES = [
  'dashboard.html',
  'forgot-password.html',
  'reset-password.html',
  'signin.html',
  'signup.html',
  'verify-email.html',
] as const;

/** Files at least this large get pre-compressed .br and .gz siblings. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** Static files copied as they are: source path (from the repository root) -> name in the output. */
const STATIC_FILES: Readonly<Record<string, string>> = {
  'web/styles.css': 'styles.css',
  'web/favicon.svg': 'favicon.svg',
  'dist-data/ussynth.idx': 'ussynth.idx',
  // Fetched only when "With coordinates" is first ticked, but counted in the page's budget all the same.
  'dist-data/ussynth-geo.idx': 'ussynth-geo.idx',
  // Fetched only when the birthDate field is first asked for.
  'dist-data/ussynth-births.idx': 'ussynth-births.idx',
  // Fetched only when companies or employees are first generated (RELATED_FILES).
  'dist-data/ussynth-companies.json': 'ussynth-companies.json',
  // Fetched only when households are first generated.
  'dist-data/ussynth-households.json': 'ussynth-households.json',
  // Fetched only when employees are first generated.
  'dist-data/ussynth-titles.json': 'ussynth-titles.json',
};

/**
 * How every page script is bundled: one ES module for current browsers, minified, without licence comments.
 * @example await build({ ...BROWSER_BUNDLE, entryPoints: ['web/src/main.ts'], outfile: 'out/app.js' })
 */
export const BROWSER_BUNDLE = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
} as const satisfies BuildOptions;

/** First 12 hex digits of a file's SHA-256: a version for its URL. */
function contentVersion(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 12);
}

/** One output file's size. */
export interface BuiltFile {
  name: string;
  bytes: number;
  gzipBytes: number;
}

/**
 * Builds the demo into `outDir` (emptied first) and returns its files' sizes.
 * @example const files = await buildWeb(WEB_DIST); files.reduce((n, f) => n + f.gzipBytes, 0)
 */
export async function buildWeb(outDir: string = WEB_DIST): Promise<BuiltFile[]> {
  // The inputs as they are when the build starts; recorded once it has succeeded (see `--if-changed`).
  const fingerprint = webInputsFingerprint();
  rmSync(stampPath(outDir), { force: true });
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const [source, name] of Object.entries(STATIC_FILES)) copyFileSync(join(ROOT, source), join(outDir, name));
  // Asset URLs carry a content version (`./app.js?v=...`): a host may cache
  // them (the API server does, for an hour) while index.html revalidates, so
  // a new page never runs an old bundle or reads an old index. Static hosts
  // ignore the query, so the folder still works anywhere.
  const indexUrl = `./ussynth.idx?v=${contentVersion(readFileSync(join(outDir, 'ussynth.idx')))}`;
  const geoIndexUrl = `./ussynth-geo.idx?v=${contentVersion(readFileSync(join(outDir, 'ussynth-geo.idx')))}`;
  const birthIndexUrl = `./ussynth-births.idx?v=${contentVersion(readFileSync(join(outDir, 'ussynth-births.idx')))}`;
  const versioned = (name: string) => JSON.stringify(`./${name}?v=${contentVersion(readFileSync(join(outDir, name)))}`);
  const define = {
    __USSYNTH_COMPANY_DATA_URL__: versioned('ussynth-companies.json'),
    __USSYNTH_HOUSEHOLD_DATA_URL__: versioned('ussynth-households.json'),
    __USSYNTH_JOB_TITLES_URL__: versioned('ussynth-titles.json'),
    __USSYNTH_INDEX_URL__: JSON.stringify(indexUrl),
    __USSYNTH_GEO_INDEX_URL__: JSON.stringify(geoIndexUrl),
    __USSYNTH_BIRTH_INDEX_URL__: JSON.stringify(birthIndexUrl),
    __USSYNTH_STATES_PATH__: JSON.stringify(statesMapPath()),
  };
  await build({
    ...BROWSER_BUNDLE,
    define,
    entryPoints: [join(ROOT, 'web/src/main.ts')],
    outfile: join(outDir, 'app.js'),
  });
  await build({
    ...BROWSER_BUNDLE,
    entryPoints: [join(ROOT, 'web/src/account/main.ts')],
    outfile: join(outDir, 'account.js'),
  });
  const version = (name: string) => `${name}?v=${contentVersion(readFileSync(join(outDir, name)))}`;
  const [appUrl, stylesUrl, accountUrl] = [version('app.js'), version('styles.css'), version('account.js')];
  const html = readFileSync(join(ROOT, 'web/index.html'), 'utf8')
    .replace('"./app.js"', `"./${appUrl}"`)
    .replace('"./styles.css"', `"./${stylesUrl}"`)
    .replace('"./ussynth.idx"', `"${indexUrl}"`);
  writeFileSync(join(outDir, 'index.html'), html);
  // The account pages live at /signin, /dashboard...: their assets are addressed from the root.
  for (const page of ACCOUNT_PAGES) {
    const text = readFileSync(join(ROOT, 'web/account', page), 'utf8')
      .replace('"/account.js"', `"/${accountUrl}"`)
      .replace('"/styles.css"', `"/${stylesUrl}"`);
    writeFileSync(join(outDir, page), text);
  }
  // docs/*.md as pages under /docs/, the links of the API reference (served as they are; small, compressed per request).
  mkdirSync(join(outDir, 'docs'));
  for (const docsPage of renderDocsPages(join(ROOT, 'docs'), `/${stylesUrl}`))
    writeFileSync(join(outDir, 'docs', docsPage.name), docsPage.html);
  const names = readdirSync(outDir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort(byCodeUnit);
  const built = names.map((name) => {
    const bytes = readFileSync(join(outDir, name));
    if (bytes.length >= PRECOMPRESS_MIN_BYTES) {
      writeFileSync(join(outDir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
      writeFileSync(
        join(outDir, `${name}.br`),
        brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        }),
      );
    }
    // Level 6 is what static servers and CDNs use by default: no flattering level 9.
    return { name, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 6 }).length };
  });
  recordFingerprint(outDir, fingerprint);
  return built;
}

/**
 * The size table the build prints.
 * @example sizeTable([{ name: 'app.js', bytes: 30000, gzipBytes: 10000 }])
 */
export function sizeTable(files: readonly BuiltFile[]): string {
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(9);
  const total = demoGzipBytes(files);
  return [
    `${'file'.padEnd(22)} ${'KiB'.padStart(9)} ${'gzip KiB'.padStart(9)}`,
    ...files.map((f) => `${f.name.padEnd(22)} ${kb(f.bytes)} ${kb(f.gzipBytes)}`),
    `${'demo page total'.padEnd(22)} ${' '.repeat(9)} ${kb(total)}  (budget ${(GZIP_BUDGET / 1024).toFixed(0)} KiB gzipped)`,
    `${"related kinds' files".padEnd(22)} ${' '.repeat(9)} ${kb(relatedGzipBytes(files))}  (budget ${(RELATED_GZIP_BUDGET / 1024).toFixed(0)} KiB gzipped)`,
  ].join('\n');
}

/**
 * Gzipped bytes the demo page loads (its files of `files`).
 * @example demoGzipBytes(await buildWeb(dir)) <= GZIP_BUDGET
 */
export function demoGzipBytes(files: readonly BuiltFile[]): number {
  return files
    .filter((f) => (DEMO_FILES as readonly string[]).includes(f.name))
    .reduce((sum, f) => sum + f.gzipBytes, 0);
}

/**
 * Gzipped bytes of the related kinds' data files (RELATED_FILES) of `files`.
 * @example relatedGzipBytes(await buildWeb(dir)) <= RELATED_GZIP_BUDGET
 */
export function relatedGzipBytes(files: readonly BuiltFile[]): number {
  return files
    .filter((f) => (RELATED_FILES as readonly string[]).includes(f.name))
    .reduce((sum, f) => sum + f.gzipBytes, 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? WEB_DIST);
  const files = await buildWeb(outDir);
  console.log(`Built the web pages into ${outDir}\n${sizeTable(files)}`);
  const gzipTotal = demoGzipBytes(files);
  if (gzipTotal > GZIP_BUDGET) {
    console.error(`build:web: the demo is ${gzipTotal} bytes gzipped, over the ${GZIP_BUDGET}-byte budget`);
    process.exit(1);
  }
  const related = relatedGzipBytes(files);
  if (related > RELATED_GZIP_BUDGET) {
    console.error(
      `build:web: the related kinds' files are ${related} bytes gzipped, over their ${RELATED_GZIP_BUDGET}-byte budget`,
    );
    process.exit(1);
  }
}
