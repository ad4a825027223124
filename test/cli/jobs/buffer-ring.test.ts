// Encoding rendered chunks into reused buffers: the bytes are those of the whole text, whatever the buffer.
import { describe, expect, it } from 'vitest';
import { BufferRing, encodeRendered, RENDER_PIECE } from '../../../src/cli/jobs/buffer-ring.js';

// Record i as a line with characters of one, two, three and four UTF-8 bytes, longer for some records.
const line = (i: number): string => `${i}\tJosé Ñúñez\t東京\t😀${'x'.repeat(i % 7 === 0 ? 300 : 3)}\n`;
const render = (start: number, count: number): string => Array.from({ length: count }, (_, k) => line(start + k)).join('');
// The bytes as text (quick to compare) and their length; UTF-8 decoding of valid bytes gives the text back.
const whole = (start: number, count: number): [string, number] => [render(start, count), new TextEncoder().encode(render(start, count)).length];
const seen = (bytes: Uint8Array): [string, number] => [new TextDecoder('utf-8', { fatal: true }).decode(bytes), bytes.length];

describe('encodeRendered', () => {
  it('gives the UTF-8 bytes of the whole text, in pieces of RENDER_PIECE records, from no buffer, a small one or a large one', () => {
    const count = RENDER_PIECE * 3 + 17;
    for (const buffer of [undefined, new Uint8Array(10), new Uint8Array(1 << 20)]) {
      expect(seen(encodeRendered(render, 40, count, buffer))).toEqual(whole(40, count));
    }
  });

  it('asks the renderer for pieces of at most RENDER_PIECE records, in order, covering the range', () => {
    const asked: [number, number][] = [];
    encodeRendered((start, count) => (asked.push([start, count]), render(start, count)), 7, RENDER_PIECE * 2 + 1, undefined);
    expect(asked).toEqual([
      [7, RENDER_PIECE],
      [7 + RENDER_PIECE, RENDER_PIECE],
      [7 + 2 * RENDER_PIECE, 1],
    ]);
  });

  it('reuses the buffer when the bytes fit', () => {
    const buffer = new Uint8Array(1 << 20);
    const bytes = encodeRendered(render, 0, 100, buffer);
    expect(bytes.buffer).toBe(buffer.buffer);
    expect(seen(bytes)).toEqual(whole(0, 100));
  });
});

describe('BufferRing.render', () => {
  it('keeps the last chunks intact until the ring comes round, growing its buffers as needed', () => {
    const ring = new BufferRing(2);
    const first = ring.render(render, 0, 600);
    const second = ring.render(render, 600, 1200);
    expect(seen(first)).toEqual(whole(0, 600));
    expect(seen(second)).toEqual(whole(600, 1200));
    const third = ring.render(render, 1800, 10);
    expect(third.buffer).toBe(first.buffer);
    expect(seen(third)).toEqual(whole(1800, 10));
  });
});
