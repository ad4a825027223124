// `--to env:NAME` and `--to @FILE`: the target read from the environment or a file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LoadError } from '../../src/load/load-error.js';
import { targetFromOption } from '../../src/load/target-source.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-target-source-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const refusal = (option: string, env: NodeJS.ProcessEnv = {}): string => {
  try {
    targetFromOption(option, env);
  } catch (error) {
    expect(error).toBeInstanceOf(LoadError);
    expect((error as LoadError).code).toBe('invalid_load_option');
    return (error as LoadError).message;
  }
  throw new Error(`${option} was accepted`);
};

describe('targetFromOption', () => {
  it('env:NAME reads the variable; unset, empty or a bad name is refused', () => {
    expect(targetFromOption('env:DATABASE_URL', { DATABASE_URL: 'postgres://a:b@h/d\n' })).toBe('postgres://a:b@h/d');
    expect(refusal('env:DATABASE_URL')).toBe(
      'the environment variable DATABASE_URL (from env:DATABASE_URL) is not set or empty',
    );
    expect(refusal('env:EMPTY', { EMPTY: ' ' })).toContain('not set or empty');
    expect(refusal('env:1-bad')).toContain('env: takes an environment variable name');
  });

  it('@FILE reads the first non-empty line; missing or empty files are refused', () => {
    const file = join(scratch, 'url.txt');
    writeFileSync(file, '\n  mysql://root:pw@127.0.0.1/test  \nignored\n', { mode: 0o600 });
    expect(targetFromOption(`@${file}`, {})).toBe('mysql://root:pw@127.0.0.1/test');
    expect(refusal(`@${join(scratch, 'missing.txt')}`)).toContain('ENOENT');
    writeFileSync(join(scratch, 'empty.txt'), '\n\n');
    expect(refusal(`@${join(scratch, 'empty.txt')}`)).toContain('holds no target URL');
    expect(refusal('@')).toContain('@ takes a file');
  });

  it('anything else is the target itself', () => {
    expect(targetFromOption('sqlite:test.db', {})).toBe('sqlite:test.db');
    expect(targetFromOption('postgres://app@h/d', {})).toBe('postgres://app@h/d');
  });
});
