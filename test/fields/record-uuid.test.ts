import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordUuids } from '../../src/fields/record-uuid.js';

/** A UUID's text as its 16 bytes. */
const bytesOf = (text: string): number[] => [...Buffer.from(text.replaceAll('-', ''), 'hex')];

describe('RecordUuids.write: a UUID as bytes', () => {
  it('writes the bytes of the text uuid() gives, at the offset asked, touching nothing else', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 8 }),
        (key, stream, index, at) => {
          const uuids = new RecordUuids(Uint32Array.from(key));
          const out = new Uint8Array(32).fill(0xee);
          uuids.write(stream, index, out, at);
          expect([...out.subarray(at, at + 16)]).toEqual(bytesOf(uuids.uuid(stream, index)));
          expect([...out.subarray(0, at), ...out.subarray(at + 16)].every((b) => b === 0xee)).toBe(true);
        },
      ),
    );
  });

  it('keeps the version (8) and the variant (binary 10) in the bytes', () => {
    const uuids = new RecordUuids(Uint32Array.of(1, 2, 3, 4));
    const out = new Uint8Array(16);
    for (let index = 0; index < 1000; index++) {
      uuids.write(0, index, out, 0);
      expect(out[6] >> 4).toBe(8);
      expect(out[8] >> 6).toBe(0b10);
    }
  });
});
