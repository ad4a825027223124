import { describe, expect, it } from 'vitest';
import { createGenerator, defaultGeoIndex, defaultIndex, UssynthError } from '../../src/index.js';
import type { DemoRequest } from '../../web/src/demo-request.js';
import { DEMO_COLUMNS, demoColumns, runDemo } from '../../web/src/generate.js';

const base: DemoRequest = { kind: 'batch', seed: 'unit', count: 5, state: undefined, zip: '' };

describe('runDemo', () => {
  it('gives what a fresh Node generator gives for each kind', () => {
    const index = defaultIndex();
    expect(runDemo(index, { ...base, state: 'OR' }).json).toEqual(
      createGenerator({ seed: 'unit' }).batch({ count: 5, state: 'OR' }),
    );
    expect(runDemo(index, { ...base, kind: 'address', count: 1 }).json).toEqual(
      createGenerator({ seed: 'unit' }).address(),
    );
    const eins = createGenerator({ seed: 'unit' });
    expect(runDemo(index, { ...base, kind: 'ein' }).json).toEqual([0, 1, 2, 3, 4].map(() => eins.ein()));
    const phones = createGenerator({ seed: 'unit' });
    expect(runDemo(index, { ...base, kind: 'phone', state: 'GU' }).json).toEqual(
      [0, 1, 2, 3, 4].map(() => phones.phone({ state: 'GU' })),
    );
    expect(runDemo(index, { ...base, kind: 'zip', zip: '96910' }).json).toEqual(
      createGenerator({ seed: 'unit' }).zip('96910'),
    );
  });

  it('reports no seed for a ZIP lookup, which draws nothing at random', () => {
    const lookup = runDemo(defaultIndex(), { ...base, kind: 'zip', seed: undefined, zip: '10001' });
    expect(lookup.seed).toBeUndefined();
    expect(lookup.records).toHaveLength(1);
  });

  it('has rows with exactly the columns the table shows', () => {
    for (const kind of ['address', 'batch', 'ein', 'phone', 'zip'] as const) {
      const result = runDemo(defaultIndex(), { ...base, kind, zip: '10001' });
      const keys = DEMO_COLUMNS[kind].map((c) => c.key);
      for (const record of result.records) expect(Object.keys(record)).toEqual(keys);
    }
  });

  it('with geo gives the Node records with geo, rows with the five columns as text, and needs the geo index', () => {
    const index = defaultIndex();
    const geo = defaultGeoIndex();
    const batch = runDemo(index, { ...base, geo: true }, { geoIndex: geo });
    expect(batch.json).toEqual(createGenerator({ seed: 'unit' }).batch({ count: 5, geo: true }));
    const keys = demoColumns({ kind: 'batch', geo: true }).map((c) => c.key);
    expect(keys.slice(-5)).toEqual(['lat', 'lon', 'county', 'countyFips', 'timeZone']);
    for (const record of batch.records) expect(Object.keys(record)).toEqual(keys);
    expect(batch.records[0].lat).toBe(String((batch.json as { addresses: { lat: number }[] }).addresses[0].lat));
    // A military ZIP's geography is null: an empty cell.
    expect(
      runDemo(index, { ...base, kind: 'zip', zip: '09001', geo: true }, { geoIndex: geo }).records[0],
    ).toMatchObject({
      lat: '',
      county: '',
      timeZone: '',
    });
    expect(() => runDemo(index, { ...base, geo: true })).toThrow(expect.objectContaining({ code: 'geo_unavailable' }));
  });

  it('picks a seed when none is given and reports it', () => {
    const result = runDemo(defaultIndex(), { ...base, seed: undefined });
    expect(result.seed).toMatch(/^\d+$/);
    expect(result.json).toEqual(createGenerator({ seed: result.seed }).batch({ count: 5 }));
  });

  it('gives no rows for an unknown ZIP and throws the library error for a malformed one', () => {
    expect(runDemo(defaultIndex(), { ...base, kind: 'zip', zip: '00000' })).toMatchObject({ records: [], json: null });
    expect(() => runDemo(defaultIndex(), { ...base, kind: 'zip', zip: '123' })).toThrow(UssynthError);
    expect(() => runDemo(defaultIndex(), { ...base, state: 'AE' })).toThrow(
      expect.objectContaining({ code: 'state_not_generatable' }),
    );
  });
});
