import { describe, expect, it } from 'vitest';
import { escapedText } from '../../src/text/escaped-text.js';

describe('escapedText', () => {
  it('escapes control, C1, format and separator characters as \\uXXXX, and keeps newlines, tabs and other text', () => {
    expect(escapedText('a\u001b[2Jb')).toBe('a\\u001b[2Jb');
    expect(escapedText('\u009b31m\u0000\u0007\u007f')).toBe('\\u009b31m\\u0000\\u0007\\u007f');
    expect(escapedText('evil\u202egnp.exe')).toBe('evil\\u202egnp.exe');
    expect(escapedText('\u2028')).toBe('\\u2028');
    expect(escapedText('line one\n\tline two jos\u00e9 \u{1f600}')).toBe('line one\n\tline two jos\u00e9 \u{1f600}');
  });

  it('keeps a JSON line valid JSON of the same value', () => {
    const value = { name: 'a\u009b\u001b\u202eb', email: 'x\u0085@example.com' };
    const line = escapedText(JSON.stringify(value));
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(JSON.parse(line)).toEqual(value);
  });
});
