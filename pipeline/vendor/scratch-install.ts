import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { $ } from 'zx';

/** Root for scratch installs: outside the project so vendored packages never enter its node_modules or package.json. */
export const SCRATCH_ROOT = join(tmpdir(), 'ussynth-vendor');

/**
 * Folders already holding downloaded packages on the dev machine; used only when a package there has
 * exactly the pinned version, so a fresh machine falls back to installing into SCRATCH_ROOT.
 * Set USSYNTH_VENDOR_NO_REUSE=1 to test the from-nothing path.
 */
const PRELOADED_ROOTS = ['/tmp/scratch/a', '/tmp/scratch/b', '/tmp/scratch/c'];

function installedVersion(root: string, name: string): string | undefined {
  const manifest = join(root, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return undefined;
  const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
  const version = (parsed as { version?: unknown }).version;
  return typeof version === 'string' ? version : undefined;
}

/**
 * Returns a folder whose node_modules holds `name` at exactly `version`, installing it there
 * (without lifecycle scripts) if no existing scratch folder has it.
 */
export async function scratchInstall(name: string, version: string): Promise<string> {
  const reuse = process.env.USSYNTH_VENDOR_NO_REUSE === '1' ? [] : PRELOADED_ROOTS;
  for (const root of reuse) {
    if (installedVersion(root, name) === version) return root;
  }
  const root = join(SCRATCH_ROOT, `${name.replace('/', '__')}@${version}`);
  if (installedVersion(root, name) === version) return root;
  mkdirSync(root, { recursive: true });
  // A private manifest keeps npm from walking up into some other project's package.json.
  const manifest = join(root, 'package.json');
  if (!existsSync(manifest)) writeFileSync(manifest, '{ "private": true }\n');
  console.error(`vendor: npm install ${name}@${version} into ${root}`);
  await $({ cwd: root, quiet: true })`npm install --ignore-scripts --no-audit --no-fund ${`${name}@${version}`}`;
  const got = installedVersion(root, name);
  if (got !== version) throw new Error(`scratch install of ${name}@${version} produced ${String(got)}`);
  return root;
}

/** Path of a file inside a scratch-installed package. */
export function packageFile(root: string, name: string, relPath: string): string {
  return join(root, 'node_modules', name, relPath);
}

/** A require() that resolves from the scratch folder, never from the project. */
export function scratchRequire(root: string): NodeJS.Require {
  return createRequire(join(root, 'package.json'));
}
