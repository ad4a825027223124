import { fmix32 } from '../random/fmix32.js';

const ROUNDS = 4;
const HEX_CODES = Uint8Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));
const DASH = 45;

/**
 * UUIDs of records (RFC 9562 version 8, the vendor-specific layout): 64
 * bits are a keyed bijection (a 4-round Feistel network over two 32-bit
 * halves, keyed by the seed and the stream) of the record index, 58 bits
 * are a hash of those 64, and the rest are the version (8)
 * and the variant (binary 10). The index is recoverable from the 64 bits
 * with the key, so two records of one stream never share a UUID; the
 * values look random and depend on nothing but the seed, the stream and
 * the index.
 * @example new RecordUuids(key).uuid(0, 7) // "3f0c9a1e-52b4-8d07-9e61-0c4d2b7a8f13" (version 8 at the 13th digit)
 */
export class RecordUuids {
  private readonly key: Uint32Array;

  constructor(key: Uint32Array) {
    // Its own key words, so the UUIDs are unrelated to the other draws of the seed.
    this.key = Uint32Array.from(key, (word) => fmix32(word ^ 0x75756964));
  }

  /** The UUID of record `index` (a safe integer) of address stream `stream`. */
  uuid(stream: number, index: number): string {
    const key = this.key;
    let left = Math.floor(index / 4294967296) >>> 0;
    let right = index >>> 0;
    for (let r = 0; r < ROUNDS; r++) {
      const next = (left ^ fmix32(right ^ key[r] ^ Math.imul(stream + 1, 0x9e3779b9))) >>> 0;
      left = right;
      right = next;
    }
    // The other 58 bits: a hash of the 64, so that no part of the text stays the same along a stream.
    const a = fmix32(left ^ key[2] ^ fmix32(right ^ key[3]));
    const b = fmix32(right ^ key[0] ^ a);
    // left (32) | right's high 16 | version 8 | right's bits 4..15 | variant 10, right's low 4, 26 bits of a | 32 bits of b
    const third = (0x8000 | ((right >>> 4) & 0x0fff)) >>> 0;
    const fourth = (0x80000000 | ((right & 0xf) << 26) | (a & 0x03ffffff)) >>> 0;
    // One string of 36 character codes: building it from hex pieces made a dozen short-lived strings per UUID,
    // a quarter of a household member's cost (docs/benchmarks.md, "Households").
    const c = HEX_CODES;
    const m = ((right >>> 16) << 16) | third;
    return String.fromCharCode(
      c[left >>> 28],
      c[(left >>> 24) & 15],
      c[(left >>> 20) & 15],
      c[(left >>> 16) & 15],
      c[(left >>> 12) & 15],
      c[(left >>> 8) & 15],
      c[(left >>> 4) & 15],
      c[left & 15],
      DASH,
      c[m >>> 28],
      c[(m >>> 24) & 15],
      c[(m >>> 20) & 15],
      c[(m >>> 16) & 15],
      DASH,
      c[(m >>> 12) & 15],
      c[(m >>> 8) & 15],
      c[(m >>> 4) & 15],
      c[m & 15],
      DASH,
      c[fourth >>> 28],
      c[(fourth >>> 24) & 15],
      c[(fourth >>> 20) & 15],
      c[(fourth >>> 16) & 15],
      DASH,
      c[(fourth >>> 12) & 15],
      c[(fourth >>> 8) & 15],
      c[(fourth >>> 4) & 15],
      c[fourth & 15],
      c[b >>> 28],
      c[(b >>> 24) & 15],
      c[(b >>> 20) & 15],
      c[(b >>> 16) & 15],
      c[(b >>> 12) & 15],
      c[(b >>> 8) & 15],
      c[(b >>> 4) & 15],
      c[b & 15],
    );
  }
}
