const encoder = new TextEncoder();

/**
 * UTF-8 encoding into a few reused buffers instead of a fresh one per chunk.
 * A fresh 400 KB buffer per chunk is a new memory mapping each time, and the
 * freed ones pile up as external memory between collections. A buffer comes
 * round again after `size` chunks; the writer keeps one write in flight, so
 * two buffers are enough for chunks it writes in turn.
 * @example const ring = new BufferRing(2); sink.write(ring.encode(text))
 */
export class BufferRing {
  private readonly buffers: (Uint8Array | undefined)[];
  private next = 0;

  constructor(size: number) {
    this.buffers = new Array<Uint8Array | undefined>(size);
  }

  /** The text's UTF-8 bytes, in the next buffer of the ring (grown when too small). */
  encode(text: string): Uint8Array {
    const slot = this.next;
    this.next = (slot + 1) % this.buffers.length;
    const bytes = encodeReusing(text, this.buffers[slot]);
    this.buffers[slot] = new Uint8Array(bytes.buffer);
    return bytes;
  }
}

/**
 * The text's UTF-8 bytes in `buffer` when they fit, else in a new buffer with
 * room for a somewhat longer text next time; the result views its buffer's start.
 * @example const bytes = encodeReusing(chunkText, spare); socket.write(bytes)
 */
export function encodeReusing(text: string, buffer: Uint8Array | undefined): Uint8Array {
  if (buffer) {
    const { read, written } = encoder.encodeInto(text, buffer);
    if (read === text.length) return buffer.subarray(0, written);
  }
  const bytes = encoder.encode(text);
  const roomy = new Uint8Array(Math.ceil(bytes.length * 1.25));
  roomy.set(bytes);
  return roomy.subarray(0, bytes.length);
}
