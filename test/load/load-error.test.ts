// The load's error codes are the ones docs/errors.md and docs/cli.md list.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOAD_ERROR_CODES } from '../../src/load/load-error.js';

const read = (doc: string): string => readFileSync(new URL(`../../docs/${doc}`, import.meta.url), 'utf8');

/** The codes of the table rows `| \`code\` | ...` in the part of `text` from `heading` to the next heading of its level. */
function codesUnder(text: string, heading: string): string[] {
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, `a "${heading}" section`).toBeGreaterThan(-1);
  const level = heading.split(' ')[0];
  const end = text.indexOf(`\n${level} `, start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^\| `([a-z_]+)` \| [A-Z0-9]/gm)].map((match) => match[1]);
}

describe('LOAD_ERROR_CODES', () => {
  it("docs/errors.md's Load codes table lists exactly the codes", () => {
    expect(codesUnder(read('errors.md'), '## Load codes').sort()).toEqual(Object.keys(LOAD_ERROR_CODES).sort());
  });

  it("docs/cli.md's table of LoadError codes lists exactly the codes", () => {
    expect(codesUnder(read('cli.md'), '## Seed a database: `--to`').sort()).toEqual(
      Object.keys(LOAD_ERROR_CODES).sort(),
    );
  });
});
