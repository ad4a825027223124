const encoder = new TextEncoder();

/**
 * UTF-8 bytes written text after text into one buffer, each at the offset
 * where the last ended: a chunk rendered a few records at a time is encoded
 * while those records' strings are still in the CPU's cache (docs/benchmarks.md,
 * "Loading databases"), and still goes out as one buffer. The buffer given
 * is used while the bytes fit; else a larger one takes its place, the bytes
 * so far copied over, with room for a somewhat longer output next time.
 * @example const sink = new ByteSink(spare); sink.write('a,b\n'); socket.write(sink.bytes())
 */
export class ByteSink {
  private buffer: Uint8Array;
  private length = 0;

  constructor(buffer?: Uint8Array) {
    this.buffer = buffer ?? new Uint8Array(0);
  }

  /** Appends the text's UTF-8 bytes. */
  write(text: string): void {
    const { read, written } = encoder.encodeInto(text, this.buffer.subarray(this.length));
    if (read === text.length) {
      this.length += written;
      return;
    }
    const bytes = encoder.encode(text);
    const needed = this.length + bytes.length;
    const grown = new Uint8Array(Math.ceil(Math.max(this.buffer.length * 1.5, needed * 1.25)));
    grown.set(this.buffer.subarray(0, this.length));
    grown.set(bytes, this.length);
    this.buffer = grown;
    this.length = needed;
  }

  /** The bytes written so far: a view of the start of the (possibly grown) buffer. */
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}
