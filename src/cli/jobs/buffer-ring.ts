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

  /** Records `start .. start+count-1` rendered and encoded piece by piece (encodeRendered) into the next buffer of the ring. */
  render(render: (start: number, count: number) => string, start: number, count: number): Uint8Array {
    const slot = this.next;
    this.next = (slot + 1) % this.buffers.length;
    const bytes = encodeRendered(render, start, count, this.buffers[slot]);
    this.buffers[slot] = new Uint8Array(bytes.buffer);
    return bytes;
  }
}

/**
 * Records rendered into one string at a time. A chunk's text built as one
 * concatenated string of 2,000 records (about 220 KB) is flattened into a
 * new large object when it is encoded; pieces of 500 (about 55 KB) stay
 * small, and rendering plus encoding took 6-10 % less CPU a record
 * (docs/benchmarks.md, "Loading databases").
 * @example Math.ceil(2000 / RENDER_PIECE) // 4 pieces a chunk
 */
export const RENDER_PIECE = 500;

/**
 * Renders records `start .. start+count-1` in pieces of RENDER_PIECE records
 * and encodes each piece's text as UTF-8 after the one before, in `buffer`
 * while they fit, else in a larger buffer; the bytes are those of the whole
 * text rendered at once. The result views its buffer's start.
 * @example const bytes = encodeRendered(chunkRenderer(job), 0, 2000, spare)
 */
export function encodeRendered(render: (start: number, count: number) => string, start: number, count: number, buffer: Uint8Array | undefined): Uint8Array {
  let out = buffer ?? new Uint8Array(0);
  let length = 0;
  for (let first = start; first < start + count; first += RENDER_PIECE) {
    const text = render(first, Math.min(RENDER_PIECE, start + count - first));
    const { read, written } = encoder.encodeInto(text, out.subarray(length));
    let end = length + written;
    if (read < text.length) {
      // Too small: a larger buffer, with room for the rest (at most 3 bytes a UTF-16 unit) and a quarter more.
      const rest = text.slice(read);
      const larger = new Uint8Array(Math.ceil((end + rest.length * 3) * 1.25));
      larger.set(out.subarray(0, end));
      out = larger;
      end += encoder.encodeInto(rest, out.subarray(end)).written;
    }
    length = end;
  }
  return out.subarray(0, length);
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
