import { describe, expect, it } from 'vitest';
import { ByteSink } from '../../../src/records/chunks/byte-sink.js';

const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe('ByteSink', () => {
  it('writes each text after the last, in the given buffer while it fits', () => {
    const given = new Uint8Array(64);
    const sink = new ByteSink(given);
    sink.write('a,b\n');
    sink.write('');
    sink.write('c,d\n');
    expect(utf8(sink.bytes())).toBe('a,b\nc,d\n');
    expect(sink.bytes().buffer).toBe(given.buffer);
  });

  it('grows past a small buffer or none, keeping the bytes so far, multi-byte characters included', () => {
    for (const given of [undefined, new Uint8Array(5)]) {
      const sink = new ByteSink(given);
      // A multi-byte character across the end of the buffer: 'é' (2 bytes), '€' (3), '😀' (4).
      const parts = ['abcd', 'é€😀x', 'y'.repeat(1000), 'Ω😀'];
      for (const part of parts) sink.write(part);
      expect(utf8(sink.bytes())).toBe(parts.join(''));
      expect(sink.bytes().byteOffset).toBe(0);
      // Room for a somewhat longer output next time.
      expect(sink.bytes().buffer.byteLength).toBeGreaterThan(sink.bytes().length);
    }
  });

  it('writes into a grown buffer again when it is handed back', () => {
    const first = new ByteSink();
    first.write('z'.repeat(3000));
    const again = new ByteSink(new Uint8Array(first.bytes().buffer));
    again.write('q'.repeat(10));
    again.write('r'.repeat(2990));
    expect(again.bytes().buffer).toBe(first.bytes().buffer);
    expect(utf8(again.bytes())).toBe('q'.repeat(10) + 'r'.repeat(2990));
  });
});
