import { fmix32 } from './fmix32.js';

/** The one randomness interface the generators see: uniform 32-bit words. */
export interface RandomSource {
  /** A uniform integer in [0, 2^32). */
  nextUint32(): number;
  /** A uniform integer in [0, n), n at most 2^21. */
  below(n: number): number;
}

/**
 * Counter-based randomness for random access: the words drawn for a record
 * depend only on the stream key, the stream id and the record index. The
 * (index, stream) pair is mixed injectively into sfc32's state, so distinct
 * records never share a sequence; sfc32 then gives the record's draws.
 * One instance is reset per record, so generation allocates nothing here.
 * @example const r = new RecordRandom(streamKey('42')); r.reset(1, 0); r.below(10)
 */
export class RecordRandom implements RandomSource {
  // State in an Int32Array: 32-bit words stored in object fields would be
  // boxed as heap numbers (V8's small integers are 31-bit) on every draw.
  private readonly state = new Int32Array(4);
  private readonly key: Uint32Array;

  constructor(key: Uint32Array) {
    this.key = key.slice();
  }

  /** Positions the source at record `index` (a safe integer) of stream `stream`. */
  reset(stream: number, index: number): void {
    const key = this.key;
    const state = this.state;
    const lo = index >>> 0;
    const hi = Math.floor(index / 4294967296) >>> 0;
    // Each word is a bijection of one input given the previous word: injective overall.
    const a = fmix32(key[0] ^ lo);
    const b = fmix32(key[1] ^ hi ^ a);
    state[0] = a;
    state[1] = b;
    state[2] = fmix32(key[2] ^ stream ^ b);
    state[3] = key[3];
    // sfc32's warm-up: four draws discarded.
    this.nextUint32();
    this.nextUint32();
    this.nextUint32();
    this.nextUint32();
  }

  nextUint32(): number {
    const state = this.state;
    const a = state[0];
    const b = state[1];
    const c = state[2];
    const d = state[3];
    const t = (((a + b) | 0) + d) | 0;
    state[3] = d + 1;
    state[0] = b ^ (b >>> 9);
    state[1] = c + (c << 3);
    state[2] = ((c << 21) | (c >>> 11)) + t;
    return t >>> 0;
  }

  below(n: number): number {
    return Math.floor((this.nextUint32() * n) / 4294967296);
  }
}
