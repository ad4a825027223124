// Passwords in --to targets: masked in every message whatever characters they hold (no database needed).
import { describe, expect, it } from 'vitest';
import { LoadError } from '../../src/load/load-error.js';
import { parseLoadTarget } from '../../src/load/load-target.js';
import { maskedTarget, targetSecrets, withoutSecrets, writtenPassword } from '../../src/load/masked-target.js';

// Password shapes a user pastes: base64 with / and +, URL-special characters unencoded, percent-encoded ones.
const PASSWORDS = [
  's3cretPW',
  'ab/cd+ef==',
  'p@ss@word',
  'x:y:z',
  'q?uery#frag',
  'sp ace',
  'p%40ss%2Fw',
  '/leading',
  'trailing/',
  'qu\'ote"s',
];
const SHAPES = (password: string): string[] => [
  `postgres://app:${password}@127.0.0.1:5432/test`,
  `postgresql://app:${password}@db.internal/test?sslmode=require`,
  `mysql://root:${password}@127.0.0.1:3306/test`,
  `postgres://app@127.0.0.1/test?password=${password}`,
  `postgres://app@127.0.0.1/test?sslmode=disable&password=${password}&connect_timeout=3`,
  `postgres://app@127.0.0.1/test?sslpassword=${password}`,
  `mysql://root@127.0.0.1/test?password=${password}`,
  `postgres://:${password}@127.0.0.1/test`,
];

function parseError(text: string): string {
  try {
    return `parsed: ${parseLoadTarget(text).shown}`;
  } catch (error) {
    expect(error).toBeInstanceOf(LoadError);
    return (error as LoadError).message;
  }
}

describe('maskedTarget', () => {
  it('keeps a target without a password as it is', () => {
    for (const text of [
      'postgres://app@127.0.0.1:5432/test',
      'mysql://root@h/db?connect_timeout=3',
      'sqlite:test.db',
      'postgres:///db',
    ])
      expect(maskedTarget(text)).toBe(text);
  });

  it('masks the user information password and password parameters', () => {
    expect(maskedTarget('postgres://app:ab/cd@db/x?password=s')).toBe('postgres://app:***@db/x?password=***');
    expect(maskedTarget('mysql://u:p@ss@h/d')).toBe('mysql://u:***@h/d');
    expect(maskedTarget('postgres://h/d?sslpassword=k&sslmode=require')).toBe(
      'postgres://h/d?sslpassword=***&sslmode=require',
    );
    expect(writtenPassword('postgres://app:ab/cd@db/x')).toBe('ab/cd');
  });

  for (const password of PASSWORDS) {
    it(`no message of parseLoadTarget, valid URL or not, holds the password ${JSON.stringify(password)}`, () => {
      const secrets = [password, ...(password.includes('%') ? [decodeURIComponent(password)] : [])];
      for (const text of SHAPES(password)) {
        const masked = maskedTarget(text);
        for (const secret of secrets) expect(masked).not.toContain(secret);
        expect(masked).toContain('***');
        const message = parseError(text);
        for (const secret of secrets) expect(message).not.toContain(secret);
        // Any other scheme, and a host missing, are refused with the target masked too.
        for (const other of [
          text.replace(/^[a-z]+:/, 'mongodb:'),
          text.replace('127.0.0.1', '').replace('db.internal', ''),
        ]) {
          for (const secret of secrets) expect(parseError(other)).not.toContain(secret);
        }
      }
    });
  }

  it('a password with an unencoded / that still parses as a URL (a "port" and a "path") is refused, masked', () => {
    const message = parseError('postgres://app:5432/extra@127.0.0.1/test');
    expect(message).toContain('must be percent-encoded');
    expect(message).not.toContain('5432/extra');
  });

  it('targetSecrets lists the written and decoded forms; withoutSecrets takes them out of what a driver says', () => {
    expect(targetSecrets('mysql://u:p%40ss@h/d?password=q%2Fr')).toEqual(['p%40ss', 'p@ss', 'q%2Fr', 'q/r']);
    expect(parseLoadTarget('postgres://u:hunter22@h/d').secrets).toEqual(['hunter22']);
    expect(withoutSecrets('login "u" with hunter22 failed', ['hunter22'])).toBe('login "u" with *** failed');
    expect(withoutSecrets('table t', ['t'])).toBe('table t');
  });
});
