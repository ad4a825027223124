import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../pipeline/sha256-hex.js';

describe('sha256Hex', () => {
  it('gives the FIPS 180-2 digests of "abc" and of nothing, as 64 lower-case hex digits', () => {
    expect(sha256Hex(Buffer.from('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex(new Uint8Array(0))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
