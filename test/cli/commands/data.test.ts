import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { finished } from '../run-binary.js';
import { spawn } from 'node:child_process';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'ussynth-cli-data-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the package: dist/, dist-data/, package.json and, for a source checkout, pipeline/, datasets/ and src/. */
function packageCopy(name: string, sourceCheckout: boolean): string {
  const root = join(scratch, name);
  for (const part of [
    'dist',
    'dist-data',
    'package.json',
    ...(sourceCheckout ? ['pipeline', 'datasets', 'src', 'tsconfig.json'] : []),
  ]) {
    cpSync(join(ROOT, part), join(root, part), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

function runIn(root: string, args: string[]) {
  return finished(
    spawn(process.execPath, [join(root, 'dist', 'cli', 'main.js'), ...args], {
      cwd: scratch,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

describe('ussynth data', () => {
  it('check passes on this checkout and says so', async () => {
    const { status, stdout } = await runIn(ROOT, ['data', 'check']);
    expect(stdout.toString('utf8')).toContain('dist-data/ is up to date with datasets/');
    expect(status).toBe(0);
  });

  it('check forwards the pipeline failure status when dist-data/ is stale', async () => {
    const root = packageCopy('stale', true);
    const manifest = join(root, 'dist-data', 'manifest.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"datasetVersion"', '"datasetVersion_edited"'));
    const { status, stderr } = await runIn(root, ['data', 'check']);
    expect(status).toBe(1);
    expect(stderr).toMatch(/dist-data\/ is stale: .*manifest\.json/);
  });

  it('needs a source checkout, and says so', async () => {
    const root = packageCopy('installed', false);
    const { status, stderr } = await runIn(root, ['data', 'build']);
    expect(status).toBe(2);
    expect(stderr).toMatch(/^ussynth: the data commands need a source checkout/);
  });

  it('refuses a missing or unknown action', async () => {
    for (const args of [['data'], ['data', 'rebuild'], ['data', 'build', 'check']]) {
      const { status, stderr } = await runIn(ROOT, args);
      expect(status).toBe(2);
      expect(stderr).toMatch(/give one action, build or check/);
    }
  });
});
