/**
 * A malformed source: the build stops and names the file and line.
 * @example throw new SourceError('geonames-us/US.txt', 12, 'expected 12 columns, found 11')
 */
export class SourceError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly detail: string,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}: ${detail}`);
    this.name = 'SourceError';
  }
}
