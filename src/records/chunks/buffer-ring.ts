import { ByteSink } from './byte-sink.js';

/**
 * A few buffers reused in turn for chunks' bytes instead of a fresh one per
 * chunk. A fresh 400 KB buffer per chunk is a new memory mapping each time,
 * and the freed ones pile up as external memory between collections. A
 * buffer comes round again after `size` chunks; the writer keeps one write
 * in flight, so two buffers are enough for chunks it writes in turn.
 * @example const ring = new BufferRing(2); sink.write(ring.encode(text))
 */
export class BufferRing {
  private readonly buffers: (Uint8Array | undefined)[];
  private next = 0;

  constructor(size: number) {
    this.buffers = new Array<Uint8Array | undefined>(size);
  }

  /** The bytes `write` puts in the next buffer of the ring (undefined at first); the buffer they view is kept for next time. */
  fill(write: (buffer: Uint8Array | undefined) => Uint8Array): Uint8Array {
    const slot = this.next;
    this.next = (slot + 1) % this.buffers.length;
    const bytes = write(this.buffers[slot]);
    this.buffers[slot] = new Uint8Array(bytes.buffer);
    return bytes;
  }

  /** The text's UTF-8 bytes, in the next buffer of the ring (grown when too small). */
  encode(text: string): Uint8Array {
    return this.fill((buffer) => {
      const sink = new ByteSink(buffer);
      sink.write(text);
      return sink.bytes();
    });
  }
}
