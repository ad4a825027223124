// What the web pages are built from, and whether an output folder holds the pages of the inputs as they are now:
// plain JavaScript with Node built-ins only, so that `npm start` checks it without loading TypeScript or esbuild
// (web/build-if-changed.mjs), and web/build.ts records it after a build.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What the pages are built from (the dependencies' versions are in package-lock.json), from the repository root. */
export const WEB_INPUTS = [
  'web',
  'src',
  'docs',
  'dist-data/ussynth.idx',
  'dist-data/ussynth-births.idx',
  'dist-data/ussynth-geo.idx',
  'dist-data/ussynth-companies.json',
  'dist-data/ussynth-households.json',
  'dist-data/ussynth-titles.json',
  'package-lock.json',
];

// Code-point order, as everywhere else in the project (not the locale's).
const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * SHA-256 over the path and bytes of every input (WEB_INPUTS), files in code-point order: the same whenever the
 * pages would come out the same. By content, not modification times (a checkout or a copy changes times without
 * changing what is built). About 5 MB to read: a fraction of a second.
 * @example webInputsFingerprint() // 'e3b0c442...'
 */
export function webInputsFingerprint() {
  const hash = createHash('sha256');
  const files = [];
  const walk = (path) => {
    for (const entry of readdirSync(join(ROOT, path), { withFileTypes: true })) {
      const child = `${path}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  for (const input of WEB_INPUTS) {
    if (statSync(join(ROOT, input)).isDirectory()) walk(input);
    else files.push(input);
  }
  for (const file of files.sort(byCodePoint))
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(ROOT, file)))
      .update('\0');
  return hash.digest('hex');
}

/**
 * Where the fingerprint of the inputs an output folder was last built from is kept (outside the served folder).
 * @example stampPath('/repo/server/web-dist') // '/repo/node_modules/.cache/ussynth-web/3f2a....json'
 */
export function stampPath(outDir) {
  return join(
    ROOT,
    'node_modules',
    '.cache',
    'ussynth-web',
    `${createHash('sha256').update(outDir).digest('hex').slice(0, 16)}.json`,
  );
}

/**
 * The fingerprint `outDir` was built from, or null when unknown or when any of its files is missing.
 * @example builtFingerprint(outDir) === webInputsFingerprint() // up to date
 */
export function builtFingerprint(outDir) {
  try {
    const stamp = JSON.parse(readFileSync(stampPath(outDir), 'utf8'));
    return stamp.files.every((name) => existsSync(join(outDir, name))) ? stamp.fingerprint : null;
  } catch {
    return null;
  }
}

/**
 * Records that `outDir` holds the pages built from `fingerprint` (after a build that succeeded).
 * @example recordFingerprint(outDir, fingerprint)
 */
export function recordFingerprint(outDir, fingerprint) {
  const path = stampPath(outDir);
  mkdirSync(dirname(path), { recursive: true });
  const files = readdirSync(outDir).sort(byCodePoint);
  writeFileSync(path, JSON.stringify({ outDir, fingerprint, files }) + '\n');
}
