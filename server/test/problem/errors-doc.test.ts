import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src/errors.js';
import { HTTP_ERROR_CODES, LIBRARY_ERROR_HTTP, PROBLEM_CODES } from '../../src/error-codes/http-error-codes.js';
import { problemSchema } from '../../src/schemas/problem.js';

const doc = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');

/** Rows `| \`code\` | status | ...` of the table under a `## heading`. */
function table(heading: string): Map<string, string[]> {
  const start = doc.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/errors.md has a "## ${heading}" section`).toBeGreaterThan(-1);
  const end = doc.indexOf('\n## ', start + 1);
  const rows = new Map<string, string[]>();
  for (const line of doc.slice(start, end < 0 ? undefined : end).split('\n')) {
    const match = /^\| `([a-z_]+)` \|(.*)\|$/.exec(line);
    if (!match) continue;
    expect(rows.has(match[1]), `${match[1]} listed once`).toBe(false);
    rows.set(
      match[1],
      match[2].split('|').map((cell) => cell.trim()),
    );
  }
  return rows;
}

describe('docs/errors.md is the catalogue of the code', () => {
  it('lists exactly the HTTP codes, with their statuses and titles', () => {
    const rows = table('HTTP API codes');
    expect([...rows.keys()].sort()).toEqual(Object.keys(HTTP_ERROR_CODES).sort());
    for (const [code, spec] of Object.entries(HTTP_ERROR_CODES)) {
      expect(rows.get(code)![0], code).toBe(String(spec.status));
      expect(rows.get(code)![1], code).toBe(spec.title);
    }
  });

  it('lists exactly the library codes with their HTTP mapping', () => {
    const rows = table('Library codes');
    expect([...rows.keys()].sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const code of Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]) {
      const status = LIBRARY_ERROR_HTTP[code].status;
      expect(rows.get(code)![0], code).toBe(String(status));
      expect(rows.get(code)![1], code).toBe(status < 500 ? `\`${code}\`` : '`internal_error`');
    }
  });

  it('the problem schema allows every documented code that can be sent, and no other', () => {
    const sendable = [
      ...table('HTTP API codes').keys(),
      ...[...table('Library codes')].filter(([, cells]) => Number(cells[0]) < 500).map(([code]) => code),
    ];
    expect([...problemSchema.properties.code.enum].sort()).toEqual(sendable.sort());
    expect(PROBLEM_CODES).toEqual([...PROBLEM_CODES].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});
