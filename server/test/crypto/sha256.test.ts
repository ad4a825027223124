import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256, sha256Base64url } from '../../src/crypto/sha256.js';

describe('sha256', () => {
  it('gives the FIPS 180-2 digests of "abc" and of nothing', () => {
    expect(sha256('abc').toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256('').toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('hashes the UTF-8 bytes of the text, as a Hash object does', () => {
    const text = 'Zoë’s key 🗝';
    expect(sha256(text)).toEqual(createHash('sha256').update(text, 'utf8').digest());
    expect(sha256(text).length).toBe(32);
  });

  it('gives the same digest as base64url text', () => {
    expect(sha256Base64url('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    for (const text of ['', 'Zoë’s key 🗝', 'eyJ'.repeat(400)])
      expect(sha256Base64url(text)).toBe(sha256(text).toString('base64url'));
  });
});
