/**
 * The version of the HTTP contract under `/v1` (the OpenAPI document's
 * `info.version`): semver, where the major is the path prefix and a minor
 * adds operations, parameters or fields. Not the package's version (the
 * server's code) nor the generator's (the seeded output).
 * @example API_VERSION // '1.0.0'
 */
export const API_VERSION = '1.0.0';
