// The PostgreSQL password a URL leaves out: PGPASSWORD, then the password file, as libpq finds them.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pgPassword, pgpassPassword } from '../../src/load/pg-password.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-pgpass-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const key = { host: '127.0.0.1', port: 5432, database: 'test', user: 'app' };

describe('pgpassPassword', () => {
  it('takes the first matching line, * matching anything, \\ escaping : and \\', () => {
    const text = [
      '# comment',
      'db.internal:5432:test:app:other',
      '127.0.0.1:5433:*:app:wrong-port',
      '127.0.0.1:*:test:app:pa\\:ss\\\\w:rd',
      '*:*:*:*:fallback',
      '',
    ].join('\n');
    expect(pgpassPassword(text, key)).toBe('pa:ss\\w:rd');
    expect(pgpassPassword(text, { ...key, user: 'someone' })).toBe('fallback');
    expect(pgpassPassword('127.0.0.1:5432:test:app\n', key)).toBeUndefined();
  });
});

describe('pgPassword', () => {
  it('PGPASSWORD first, then PGPASSFILE; a file others may read is ignored with a warning', () => {
    const file = join(scratch, 'pgpass');
    writeFileSync(file, '*:*:*:app:from-file\n');
    chmodSync(file, 0o600);
    const warnings: string[] = [];
    const warn = (text: string): number => warnings.push(text);
    expect(pgPassword({ PGPASSWORD: 'from-env', PGPASSFILE: file }, key, warn)).toBe('from-env');
    expect(pgPassword({ PGPASSFILE: file }, key, warn)).toBe('from-file');
    expect(pgPassword({ PGPASSFILE: join(scratch, 'missing') }, key, warn)).toBeUndefined();
    expect(warnings).toEqual([]);
    chmodSync(file, 0o644);
    expect(pgPassword({ PGPASSFILE: file }, key, warn)).toBeUndefined();
    expect(warnings).toEqual([
      `the password file ${file} is not used: others than its owner may read it (chmod 600 ${file})`,
    ]);
  });
});
