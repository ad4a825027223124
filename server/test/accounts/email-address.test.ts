import { describe, expect, it } from 'vitest';
import { emailProblem, normalizeEmail } from '../../src/accounts/email-address.js';

describe('normalizeEmail', () => {
  it('trims, NFC-normalises and lower-cases: one address, one form', () => {
    expect(normalizeEmail(' Ada@Example.COM ')).toBe('ada@example.com');
    expect(normalizeEmail('Jose\u0301@example.com')).toBe('jos\u00e9@example.com');
    expect(normalizeEmail('jos\u00e9@example.com')).toBe('jos\u00e9@example.com');
  });

  it('refuses every control, format, private-use and unassigned character, and compatibility forms', () => {
    for (const bad of [
      '\u0000',
      '\u0007',
      '\u001b',
      '\u007f',
      '\u0080',
      '\u0085',
      '\u009b',
      '\u00ad',
      '\u200b',
      '\u200d',
      '\u202e',
      '\u2028',
      '\u2066',
      '\ufeff',
      '\ue000',
      '\u{e0001}',
      '\ufffe',
    ]) {
      expect(normalizeEmail(`a${bad}b@example.com`), JSON.stringify(bad)).toBeNull();
      expect(emailProblem(`a${bad}b@example.com`)).toMatch(
        /control or format characters \(U\+[0-9A-F]{4,5} at position 2\)/,
      );
    }
    expect(normalizeEmail('\uff41da@example.com')).toBeNull();
    expect(emailProblem('\uff41da@example.com')).toMatch(/full-width/);
    expect(normalizeEmail('\ufb01@example.com')).toBeNull();
  });

  it('says why an address is refused, and nothing for a good one', () => {
    expect(emailProblem(42)).toBe('email must be a string');
    expect(emailProblem('not an address')).toBe('email must be an e-mail address such as ada@example.com');
    expect(emailProblem('ada@example.com')).toBeNull();
  });
});
