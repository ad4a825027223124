// `npm start`'s web build: skipped when server/web-dist holds the pages of the inputs as they are now
// (web/build-inputs.mjs), else `tsx web/build.ts`. Plain JavaScript, so the check costs no TypeScript or esbuild start.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtFingerprint, webInputsFingerprint } from './build-inputs.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(ROOT, 'server', 'web-dist');
if (builtFingerprint(outDir) === webInputsFingerprint()) {
  console.log(`The web pages in ${outDir} are up to date (their inputs have not changed since they were built)`);
} else {
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'web', 'build.ts')], {
    stdio: 'inherit',
  });
  process.exitCode = build.status ?? 1;
}
