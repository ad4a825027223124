import { describe, expect, it } from 'vitest';
import { writeIndex } from '../../pipeline/load/write-index.js';
import { DataIndex } from '../../src/data-index/data-index.js';
import { crc32 } from '../../src/data-index/crc32.js';
import { HEADER_SIZE } from '../../src/data-index/format.js';
import { UssynthError } from '../../src/errors.js';
import { defaultIndex } from '../../src/default-index.js';
import { tinyData } from '../fixtures/tiny-data.js';

const bytes = writeIndex(tinyData());

function rejection(mutate: (copy: Uint8Array) => Uint8Array): UssynthError {
  try {
    DataIndex.fromBytes(mutate(bytes.slice()));
  } catch (error) {
    expect(error).toBeInstanceOf(UssynthError);
    expect((error as UssynthError).code).toBe('invalid_index_file');
    return error as UssynthError;
  }
  throw new Error('the index was accepted');
}

describe('jsonPlainText', () => {
  it('is true for the shipped index, checked string by string here', () => {
    const shipped = defaultIndex();
    expect(shipped.jsonPlainText).toBe(true);
    // Independently: every string id resolves to text that JSON.stringify leaves unescaped.
    const ids = new Set<number>([...shipped.zipCities]);
    for (const id of ['FF', 'FM', 'SN', 'SB', 'SX', 'DP', 'UD'] as const)
      for (const item of shipped.table(id).items) ids.add(item);
    for (const id of ids) expect(JSON.stringify(shipped.string(id)).slice(1, -1)).toBe(shipped.string(id));
  });

  it('is false when any string needs escaping in JSON', () => {
    for (const city of ['Say "Hi"', 'Back\\slash', 'Tab\there']) {
      const data = tinyData();
      data.zips[0] = { ...data.zips[0], city };
      expect(DataIndex.fromBytes(writeIndex(data)).jsonPlainText, city).toBe(false);
    }
    expect(DataIndex.fromBytes(bytes).jsonPlainText).toBe(true);
  });
});

describe('index round trip', () => {
  const data = DataIndex.fromBytes(bytes);

  it('reads back the header, states and strings', () => {
    expect(data.datasetVersion).toBe('test.1');
    expect(data.states.map((s) => [s.code, s.name, s.kind, s.fips])).toEqual([
      ['AE', 'Armed Forces Europe', 'military', 0],
      ['NY', 'New York', 'state', 36],
      ['PR', 'Puerto Rico', 'territory', 72],
      ['VT', 'Vermont', 'state', 50],
    ]);
  });

  it('looks ZIPs up by value, including leading zeros, and knows their types', () => {
    const row = data.zipRow(501);
    expect(data.zipText(row)).toBe('00501');
    expect(data.string(data.zipCities[row])).toBe('Holtsville');
    expect(data.zipType(row)).toBe('po_box_or_unique');
    expect(data.zipRow(99999)).toBe(-1);
  });

  it('gives residential segments only to ZIPs with residents', () => {
    const ny = data.state('NY')!;
    const zs = data.table('ZS');
    const rows = Array.from({ length: ny.zipCount }, (_, k) => zs.items[ny.zipOffset + k]);
    expect(rows.map((row) => data.zipText(row))).toEqual(['10001']);
    expect(data.state('AE')!.zipCount).toBe(0);
    expect(data.state('AE')!.areaCodeCount).toBe(0);
  });

  it('numbers ZIP rows from the bitmap in ascending order', () => {
    expect([...data.zipCodes]).toEqual([501, 601, 5401, 9001, 10001, 12345]);
    expect([...data.zipCodes].map((zip) => data.zipRow(zip))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("gives each residential ZIP its phone place, and each place its exchanges relative to the state's area codes", () => {
    const zs = data.table('ZS');
    const placeOf = (zip: number) => data.zipPhonePlaces[zs.items.indexOf(data.zipRow(zip))];
    expect(data.phonePlaceCount).toBe(2);
    expect([placeOf(5401), placeOf(10001), placeOf(601)]).toEqual([0, 1, 2]); // Burlington, New York, none (PR)
    const exchanges = (place: number) => [
      ...data.placeExchanges.subarray(data.placeExchangeStarts[place], data.placeExchangeStarts[place + 1]),
    ];
    expect(exchanges(0)).toEqual([999 - 200]);
    expect(exchanges(1)).toEqual([201 - 200, 736 - 200]);
  });

  it('keeps distinct EIN prefixes and drops zero-weight suffixes from the draw', () => {
    expect([...data.einPrefixes]).toEqual([1, 46]);
    const sx = data.table('SX');
    expect([...sx.items].map((id) => data.string(id))).toEqual(['Ave', 'St']);
  });

  it('is deterministic: the same data gives the same bytes', () => {
    expect(Buffer.from(writeIndex(tinyData())).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('index rejections', () => {
  it('rejects a wrong magic', () => {
    expect(
      rejection((b) => {
        b.set([0x58], 0);
        return b;
      }).message,
    ).toMatch(/wrong magic "XSSYNIDX"/);
  });

  it('rejects an unknown format version', () => {
    expect(
      rejection((b) => {
        new DataView(b.buffer).setUint32(8, 99, true);
        return b;
      }).message,
    ).toMatch(/unknown format version 99/);
  });

  it('rejects a bad checksum', () => {
    expect(
      rejection((b) => {
        b[b.length - 9] ^= 0xff;
        return b;
      }).message,
    ).toMatch(/checksum mismatch/);
  });

  it('rejects truncation, also below the header size', () => {
    expect(rejection((b) => b.subarray(0, b.length - 8)).message).toMatch(
      /truncated: \d+ bytes, the header declares \d+/,
    );
    expect(rejection((b) => b.subarray(0, 10)).message).toMatch(
      /truncated: 10 bytes is shorter than the 64-byte header/,
    );
  });

  it('rejects trailing bytes', () => {
    expect(rejection((b) => Uint8Array.from([...b, 0])).message).toMatch(/1 unexpected bytes after the declared end/);
  });

  it('rejects a section outside the file even when the checksum is fixed up', () => {
    const message = rejection((b) => {
      const view = new DataView(b.buffer);
      view.setUint32(HEADER_SIZE + 8, b.length + 8, true); // first section's offset
      view.setUint32(20, crc32(b.subarray(HEADER_SIZE)), true);
      return b;
    }).message;
    expect(message).toMatch(/section STRD lies outside the file/);
  });

  it('rejects a section stored with another element type than the format gives it', () => {
    for (const [tag, declared] of [
      ['PLEX', 'u16'],
      ['STCD', 'u32'],
    ] as const) {
      const message = rejection((b) => {
        const view = new DataView(b.buffer);
        const count = view.getUint32(24, true);
        const entry = Array.from({ length: count }, (_, i) => HEADER_SIZE + i * 16).find(
          (at) => String.fromCharCode(...b.subarray(at, at + 4)) === tag,
        )!;
        view.setUint8(entry + 4, 1); // u8: the same element count fits in fewer bytes
        view.setUint32(20, crc32(b.subarray(HEADER_SIZE)), true);
        return b;
      }).message;
      expect(message).toMatch(new RegExp(`section ${tag} must be ${declared}`));
    }
  });
});

describe('index rejections of the phone place sections', () => {
  it('rejects an exchange of a state the place is not in', () => {
    const data = tinyData();
    data.phoneExchanges.push({ areaCode: '212', exchange: '300', place: 'Burlington, VT' });
    expect(() => writeIndex(data)).toThrow(/exchange 212-300 is not of its place's state/);
  });
});

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});

describe('crc32 against zlib', () => {
  it('agrees with zlib for every length mod 4 and random content', async () => {
    const { crc32: zlibCrc32 } = await import('node:zlib');
    const { default: fc } = await import('fast-check');
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (data) => crc32(data) === zlibCrc32(data)));
  });
});
