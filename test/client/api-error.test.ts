import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asProblem, CLIENT_ERROR_CODES, invalidOption, UssynthApiError } from '../../src/client/api-error.js';

const catalogue = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
const clientDoc = readFileSync(new URL('../../docs/client.md', import.meta.url), 'utf8');

describe('CLIENT_ERROR_CODES', () => {
  it('docs/errors.md lists exactly these codes under "Client codes", with their meaning', () => {
    const start = catalogue.indexOf('\n## Client codes\n');
    expect(start).toBeGreaterThan(-1);
    const section = catalogue.slice(start, catalogue.indexOf('\n## ', start + 1));
    const rows = [...section.matchAll(/^\| `([a-z_]+)` \| [^|]+ \| (.*) \|$/gm)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(rows)).toEqual(CLIENT_ERROR_CODES);
  });

  it('docs/client.md explains each of them', () => {
    for (const code of Object.keys(CLIENT_ERROR_CODES))
      expect(clientDoc).toMatch(new RegExp(`^\\| \`${code}\` \\|`, 'm'));
  });

  it('none of them is an HTTP problem code of the catalogue', () => {
    const httpSection = catalogue.slice(
      catalogue.indexOf('\n## HTTP API codes\n'),
      catalogue.indexOf('\n## Client codes\n'),
    );
    for (const code of Object.keys(CLIENT_ERROR_CODES)) expect(httpSection).not.toContain(`\`${code}\``);
  });
});

describe('UssynthApiError', () => {
  it('carries code, status, request id, param, Retry-After and the problem', () => {
    const problem = {
      type: 'urn:ussynth:problem:quota_exceeded',
      title: 'Monthly quota exhausted',
      status: 429,
      code: 'quota_exceeded',
      request_id: 'r-1',
      remaining: 3,
    };
    const error = new UssynthApiError({
      code: 'quota_exceeded',
      message: 'm',
      status: 429,
      requestId: 'r-1',
      retryAfter: 99,
      problem,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'UssynthApiError',
      code: 'quota_exceeded',
      status: 429,
      requestId: 'r-1',
      retryAfter: 99,
      param: undefined,
      problem,
    });
  });

  it('defaults status to 0 (nothing received) and keeps a cause', () => {
    const cause = new TypeError('fetch failed');
    const error = new UssynthApiError({ code: 'network_error', message: 'm', cause });
    expect(error.status).toBe(0);
    expect(error.cause).toBe(cause);
  });

  it('invalidOption names the option', () => {
    expect(invalidOption('pageSize', 'pageSize must be ...')).toMatchObject({
      code: 'invalid_option',
      param: 'pageSize',
      status: 0,
      message: 'pageSize must be ...',
    });
  });
});

describe('asProblem', () => {
  it('takes an object with a text code as a problem, and nothing else', () => {
    expect(asProblem({ code: 'rate_limited', status: 429 })).toEqual({ code: 'rate_limited', status: 429 });
    for (const body of [undefined, null, 'rate_limited', [], {}, { code: '' }, { code: 429 }, { error: 'x' }])
      expect(asProblem(body)).toBeUndefined();
  });
});
