import type { ProblemCode } from '../error-codes/http-error-codes.js';

/**
 * A request failure to answer as RFC 9457 problem details: a stable code,
 * a human detail (which may change between versions) and optional extras.
 * @example throw new ProblemError('zip_not_found', 'ZIP 00000 is not a known ZIP code', { param: 'zip' })
 */
export class ProblemError extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extras: { param?: string; remaining?: number; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = 'ProblemError';
  }
}
