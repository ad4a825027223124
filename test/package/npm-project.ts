import { execFile } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The environment for a nested npm: without the outer `npm test`'s or `npm run`'s own npm_* settings (workspace,
 * lifecycle), which would leak into it. npm_config_nodedir stays, should a caller name the headers of the Node that
 * runs this (nothing is compiled since better-sqlite3 13, which ships its binaries).
 */
export const NPM_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('npm_') || name === 'npm_config_nodedir'),
);

/**
 * Runs npm in `cwd` as a user would, with npm's cache preferred (the figures and the tests measure install work, not
 * downloads); resolves with its output.
 * @example const { stdout } = await npm(project, 'install', tarball);
 */
export function npm(cwd: string, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd,
    env: NPM_ENV,
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * Packs the package in `folder` into `destination` as `npm publish` would; resolves with the tarball's path. Without
 * `scripts` its prepack is skipped (the caller built it before); with it, prepack builds what the package ships.
 * @example const tarball = await pack(ROOT, work);
 */
export async function pack(folder: string, destination: string, options: { scripts?: boolean } = {}): Promise<string> {
  const args = ['pack', '--json', '--pack-destination', destination, ...(options.scripts ? [] : ['--ignore-scripts'])];
  // prepack's own output goes to standard output before npm's JSON: the JSON is the last thing printed.
  const { stdout } = await npm(folder, ...args);
  const [{ filename }] = JSON.parse(stdout.slice(stdout.lastIndexOf('\n[\n') + 1)) as { filename: string }[];
  return join(destination, filename);
}

/**
 * Bytes of a file, or of everything under a folder.
 * @example folderBytes(join(project, 'node_modules'))
 */
export function folderBytes(path: string): number {
  const stats = statSync(path);
  return stats.isDirectory()
    ? readdirSync(path).reduce((sum, name) => sum + folderBytes(join(path, name)), 0)
    : stats.size;
}

/**
 * The packages installed in a project by path, from npm's hidden lockfile, with whether each has an install script.
 * @example Object.keys(installedPackages(project)) // ['node_modules/ussynth']
 */
export function installedPackages(project: string): Record<string, { hasInstallScript?: boolean }> {
  const lock = JSON.parse(readFileSync(join(project, 'node_modules', '.package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  return lock.packages;
}
