import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareOutputs, type OutputComparison } from './load/compare-outputs.js';
import { compileAndWrite, OUTPUT_FILES } from './load/write-outputs.js';
import { SourceError } from './source-error.js';

const root = fileURLToPath(new URL('..', import.meta.url));
export const DATASETS_DIR = join(root, 'datasets');
export const DIST_DATA_DIR = join(root, 'dist-data');

/** Builds dist-data/ from datasets/. */
export function build(outDir = DIST_DATA_DIR): void {
  const started = performance.now();
  const manifest = compileAndWrite(DATASETS_DIR, outDir) as { outputs: Record<string, { bytes: number }> };
  const sizes = Object.entries(manifest.outputs).map(([file, { bytes }]) => `${file} ${(bytes / 1e6).toFixed(2)} MB`);
  console.log(`built ${outDir} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${sizes.join(', ')}`);
}

/** Rebuilds into a temporary folder and compares it with dist-data/ (see compareOutputs). */
export function check(): OutputComparison {
  const scratch = mkdtempSync(join(tmpdir(), 'ussynth-data-check-'));
  try {
    compileAndWrite(DATASETS_DIR, scratch);
    return compareOutputs(DIST_DATA_DIR, scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** `build` or `check`, with exit status 0 on success. */
export function run(command: string | undefined): number {
  try {
    if (command === 'build') {
      build();
      return 0;
    }
    if (command === 'check') {
      const { stale, sqliteCompared } = check();
      if (stale.length === 0) {
        const how = sqliteCompared
          ? ` (${OUTPUT_FILES.sqlite} compared by content: it was written by SQLite ${sqliteCompared.committed}, this build by ${sqliteCompared.fresh}, which lays out pages differently; npm run data:build writes it with this SQLite, and the check is then byte for byte)`
          : '';
        console.log(`dist-data/ is up to date with datasets/${how}`);
        return 0;
      }
      console.error(
        `dist-data/ is stale: ${stale.join(', ')} differ from a fresh build; run npm run data:build and commit`,
      );
      return 1;
    }
    console.error('usage: pipeline/main.ts build|check');
    return 2;
  } catch (error) {
    if (error instanceof SourceError) {
      console.error(`data build failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = run(process.argv[2]);
