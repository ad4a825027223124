import { readFileSync } from 'node:fs';

/**
 * The version of the HTTP contract under `/v1` (the OpenAPI document's
 * `info.version`): semver, where the major is the path prefix and a minor
 * adds operations, parameters or fields. Not the package's version (the
 * server's code) nor the generator's (the seeded output).
 * @example API_VERSION // '1.0.0'
 */
export const API_VERSION = '1.0.0';

/**
 * The version of the ussynth-server package running (its package.json,
 * two folders up from both `src/openapi/` and `dist/openapi/`).
 * @example SERVER_PACKAGE_VERSION // '0.2.0'
 */
export const SERVER_PACKAGE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
