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
  /** The last UUID drawn, as four 32-bit words. */
  private readonly words = new Uint32Array(4);

  constructor(key: Uint32Array) {
    // Its own key words, so the UUIDs are unrelated to the other draws of the seed.
    this.key = Uint32Array.from(key, (word) => fmix32(word ^ 0x75756964));
  }

  /** The UUID of record `index` (a safe integer) of address stream `stream`. */
  uuid(stream: number, index: number): string {
    const words = this.words;
    this.draw(stream, index);
    const left = words[0];
    const m = words[1];
    const fourth = words[2];
    const b = words[3];
    // One string of 36 character codes: building it from hex pieces made a dozen short-lived strings per UUID,
    // a quarter of a household member's cost (docs/benchmarks.md, "Households").
    const c = HEX_CODES;
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

  /**
   * The same UUID's 16 bytes (the order of its text's hexadecimal digits) at `at` of `out`, without making its
   * text: what a binary COPY sends for a UUID column (src/seed/pg-binary-rows.ts).
   */
  write(stream: number, index: number, out: Uint8Array, at: number): void {
    const words = this.words;
    this.draw(stream, index);
    for (let w = 0; w < 4; w++) {
      const word = words[w];
      out[at++] = word >>> 24;
      out[at++] = (word >>> 16) & 0xff;
      out[at++] = (word >>> 8) & 0xff;
      out[at++] = word & 0xff;
    }
  }

  /** Puts the UUID's four 32-bit words, most significant first, in `words`. */
  private draw(stream: number, index: number): void {
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
    // left (32) | right's high 16 | version 8 | right's bits 4..15 | variant 10, right's low 4, 26 bits of a | 32 bits of b
    const words = this.words;
    words[0] = left;
    words[1] = ((right >>> 16) << 16) | (0x8000 | ((right >>> 4) & 0x0fff));
    words[2] = 0x80000000 | ((right & 0xf) << 26) | (a & 0x03ffffff);
    words[3] = fmix32(right ^ key[0] ^ a);
  }
}
