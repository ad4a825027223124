import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pack, type Section } from '../../pipeline/load/write-index.js';
import { GeoIndex } from '../../src/data-index/geo-index.js';
import { DEFAULT_GEO_INDEX_PATH, defaultIndex } from '../../src/index.js';

const bytes = readFileSync(DEFAULT_GEO_INDEX_PATH);
const invalid = (input: Uint8Array, message: RegExp) =>
  expect(() => GeoIndex.fromBytes(input)).toThrow(
    expect.objectContaining({ code: 'invalid_index_file', message: expect.stringMatching(message) }),
  );

/** A small geo index of one county, one zone, two ZIP rows and one ZS entry, less what `drop` names. */
function tiny(drop: string[] = [], change: Record<string, number[]> = {}): Uint8Array {
  const text = new TextEncoder().encode('America/ChicagoCook');
  const sections: Section[] = [
    { tag: 'STRD', type: 'u8', values: text },
    { tag: 'STRL', type: 'u8', values: [15, 4] },
    { tag: 'GCFP', type: 'u32', values: [17031] },
    { tag: 'GCNM', type: 'u32', values: [1] },
    { tag: 'GTZN', type: 'u32', values: [0] },
    { tag: 'GZLA', type: 'u32', values: [13_188_527, 0] },
    { tag: 'GZLO', type: 'u32', values: [9_237_803, 0] },
    { tag: 'GZCN', type: 'u16', values: [0, 1] },
    { tag: 'GZTZ', type: 'u8', values: [0, 1] },
    { tag: 'GSCA', type: 'u32', values: [100] },
    { tag: 'GSCO', type: 'u32', values: [130] },
    { tag: 'GSGL', type: 'u32', values: [0xffff_0000] },
    { tag: 'GSGH', type: 'u32', values: [0x0000_ffff] },
  ];
  return pack(
    sections.filter((s) => !drop.includes(s.tag)).map((s) => (change[s.tag] ? { ...s, values: change[s.tag] } : s)),
    '2026.11.1',
  );
}

describe('GeoIndex.fromBytes', () => {
  it('reads the shipped geo index: counties, zones and a row per ZIP', () => {
    const geo = GeoIndex.fromBytes(bytes);
    // Built with the main index, whose dataset version it must carry (the generator refuses a mismatch).
    expect(geo.datasetVersion).toBe(defaultIndex().datasetVersion);
    expect(geo.countyNames.length).toBe(geo.countyFips.length);
    expect(geo.countyNames.length).toBeGreaterThan(3000);
    expect(geo.timeZones).toContain('America/Chicago');
    expect(geo.countyFipsText(geo.countyNames.indexOf('Cook'))).toMatch(/^\d{5}$/);
  });

  it('reads a hand-made file section by section', () => {
    const geo = GeoIndex.fromBytes(tiny());
    expect([geo.countyNames, geo.timeZones, geo.countyFipsText(0)]).toEqual([['Cook'], ['America/Chicago'], '17031']);
    expect([...geo.zipCounty]).toEqual([0, 1]);
    expect([geo.gridLow[0], geo.gridHigh[0]]).toEqual([0xffff_0000, 0x0000_ffff]);
  });

  it('refuses a damaged or truncated file, naming the problem', () => {
    invalid(bytes.subarray(0, bytes.length - 8), /truncated/);
    const flipped = Uint8Array.from(bytes);
    flipped[flipped.length - 1] ^= 1;
    invalid(flipped, /checksum/);
  });

  it('refuses a file without one of its sections, or with sections of unequal length', () => {
    invalid(tiny(['GSGH']), /missing section GSGH/);
    invalid(tiny(['GZTZ']), /missing section GZTZ/);
    invalid(tiny([], { GZCN: [0] }), /per-ZIP sections of unequal length/);
    invalid(tiny([], { GSCO: [1, 2] }), /per-ZS-entry sections of unequal length/);
    invalid(tiny([], { STRL: [15, 5] }), /string lengths/);
    invalid(tiny([], { GCNM: [7] }), /string id 7 out of range/);
  });
});
