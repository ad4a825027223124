import { readFileSync } from 'node:fs';

/**
 * The version of the ussynth-server package running (its package.json,
 * two folders up from both `src/openapi/` and `dist/openapi/`).
 * @example SERVER_PACKAGE_VERSION // '0.2.0'
 */
export const SERVER_PACKAGE_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
