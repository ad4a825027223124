import { createRequire } from 'node:module';

/**
 * The Node-API level a better-sqlite3 release line needs, by major version:
 * 13 ships prebuilt Node-API 10 binaries (Node 22.14 or later); 12 and
 * older are compiled for the running Node at install, so need no level.
 * @example nodeApiNeeded('13.2.0') // 10
 */
export function nodeApiNeeded(version: string): number | undefined {
  const major = Number(/^(\d+)\./.exec(version)?.[1]);
  return major >= 13 ? 10 : undefined;
}

/**
 * Why better-sqlite3 `installed` cannot run on a Node of these `versions`
 * (`process.versions`' `node` and `napi`), or undefined when it can (or
 * when nothing is installed, or the Node-API level is unknown). Loading a
 * Node-API 10 binary on a Node without it crashes the process with a
 * segmentation fault, so callers check this first.
 * @example betterSqlite3Problem('13.2.0', { node: '20.20.2', napi: '9' }) // 'better-sqlite3 13.2.0 (installed here) needs Node-API 10, ...'
 */
export function betterSqlite3Problem(
  installed: string | undefined,
  versions: { node: string; napi?: string } = process.versions,
): string | undefined {
  if (installed === undefined) return undefined;
  const needed = nodeApiNeeded(installed);
  const napi = Number(versions.napi);
  if (needed === undefined || !Number.isInteger(napi) || napi >= needed) return undefined;
  return (
    `better-sqlite3 ${installed} (installed here) needs Node-API ${needed}, which this Node ${versions.node} (Node-API ${napi}) lacks, and would crash it; ` +
    'install the line that runs here with `npm install better-sqlite3@12`, or use Node 22.14 or later'
  );
}

/**
 * The version of the better-sqlite3 that `import('better-sqlite3')` from
 * `from` would load, read from its package.json without loading its native
 * binary; undefined when it is not installed (or does not let its
 * package.json be read).
 * @example installedBetterSqlite3() // '13.2.0'
 */
export function installedBetterSqlite3(from: string | URL = import.meta.url): string | undefined {
  try {
    return (createRequire(from)('better-sqlite3/package.json') as { version: string }).version;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'MODULE_NOT_FOUND' || code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') return undefined;
    throw error;
  }
}
