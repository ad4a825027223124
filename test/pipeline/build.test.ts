import { Database, type SqliteDatabase } from '../../pipeline/load/sqlite-driver.js';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareOutputs } from '../../pipeline/load/compare-outputs.js';
import { GeoIndex } from '../../src/data-index/geo-index.js';
import { compileAndWrite, OUTPUT_FILES } from '../../pipeline/load/write-outputs.js';
import { DATASETS_DIR, DIST_DATA_DIR } from '../../pipeline/main.js';
import { DataIndex } from '../../src/data-index/data-index.js';

interface SourceEntry {
  file: string;
  rowsIn: number;
  rowsOut: number;
  rejected: Record<string, number>;
  repaired: Record<string, number>;
}

// One real build of datasets/ into a temporary folder, shared by the tests below.
let outDir: string;
let manifest: {
  datasetVersion: string;
  counts: Record<string, number>;
  phoneLocality: Record<string, number> & { statesWithoutPlaces: string[] };
  sources: SourceEntry[];
  inputs: Record<string, string>;
  outputs: Record<string, { bytes: number; sha256: string }>;
  geo: {
    residentialZipsWithGrid: number;
    exceptions: Record<string, number>;
    fidelity: { default: Record<string, number>; byState: Record<string, Record<string, number>> };
  };
};
let db: SqliteDatabase;
let index: DataIndex;

beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'ussynth-build-'));
  // As npm run data:build builds: the first names compiled on the measure worker.
  manifest = JSON.parse(JSON.stringify(compileAndWrite(DATASETS_DIR, outDir)));
  db = new Database(join(outDir, OUTPUT_FILES.sqlite), { readonly: true });
  index = DataIndex.fromBytes(readFileSync(join(outDir, OUTPUT_FILES.index)));
  // The geo index's grids (every residential ZIP's cells against its county polygon) take most of the build: 20-30 s of CPU.
}, 300_000);

afterAll(() => {
  db?.close();
  rmSync(outDir, { recursive: true, force: true });
});

describe('the real build', () => {
  it('matches the committed dist-data/ (reproducible; run npm run data:build if this fails)', () => {
    // Byte for byte: one driver (better-sqlite3 13) builds on every supported Node, so the same SQLite wrote both.
    expect(compareOutputs(DIST_DATA_DIR, outDir).stale).toEqual([]);
  });

  it('accounts for every row of every source: rows in = rows out + rejected', () => {
    expect(manifest.sources.length).toBeGreaterThanOrEqual(12);
    for (const source of manifest.sources) {
      const rejected = Object.values(source.rejected).reduce((a, b) => a + b, 0);
      expect(source.rowsIn, source.file).toBe(source.rowsOut + rejected);
      expect(source.rowsIn, source.file).toBeGreaterThan(0);
    }
    const geonames = manifest.sources.find((s) => s.file === 'geonames-us/US.txt')!;
    expect(geonames).toMatchObject({ rowsIn: 41_490, rowsOut: 41_488 });
  });

  it('records sha256 of every input and output', () => {
    expect(Object.keys(manifest.inputs)).toContain('geonames-us/US.txt');
    for (const hash of Object.values(manifest.inputs)) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.outputs[OUTPUT_FILES.sqlite].bytes).toBe(statSync(join(outDir, OUTPUT_FILES.sqlite)).size);
  });

  it('covers the union of the ZIP sources: at least 41,000 ZIPs with PO-box, unique, military and territory ZIPs', () => {
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(count('SELECT count(*) AS n FROM zips')).toBeGreaterThanOrEqual(41_000);
    expect(count("SELECT count(*) AS n FROM zips WHERE zip_type = 'po_box_or_unique'")).toBeGreaterThan(7_000);
    expect(count("SELECT count(*) AS n FROM zips WHERE zip_type = 'military'")).toBe(509);
    expect(count("SELECT count(DISTINCT state) AS n FROM zips WHERE state IN ('PR','GU','VI','AS','MP')")).toBe(5);
    expect(manifest.counts.zips).toBe(count('SELECT count(*) AS n FROM zips'));
  });

  it.each([
    ['10001', 'New York', 'NY', 'standard'],
    ['90210', 'Beverly Hills', 'CA', 'standard'],
    ['60601', 'Chicago', 'IL', 'standard'],
    ['00501', 'Holtsville', 'NY', 'po_box_or_unique'],
    ['20500', 'Washington', 'DC', 'po_box_or_unique'],
    ['09001', 'APO', 'AE', 'military'],
    ['96860', 'JBPHH', 'HI', 'standard'],
    ['99505', 'JBER', 'AK', 'standard'],
    ['01731', 'Hanscom AFB', 'MA', 'standard'],
    ['80840', 'USAF Academy', 'CO', 'standard'],
    ['22101', 'McLean', 'VA', 'standard'],
    ['22106', 'McLean', 'VA', 'po_box_or_unique'],
    ['63366', "O'Fallon", 'MO', 'standard'],
    ['62659', "Lincoln's New Salem", 'IL', 'po_box_or_unique'],
    ['27101', 'Winston-Salem', 'NC', 'standard'],
    ['83814', "Coeur d'Alene", 'ID', 'standard'],
    ['00601', 'Adjuntas', 'PR', 'standard'],
    ['83638', 'McCall', 'ID', 'standard'],
  ])('knows ZIP %s: %s, %s (%s) in SQLite and in the index', (zip, city, state, type) => {
    expect(db.prepare('SELECT city, state, zip_type AS type FROM zips WHERE zip = ?').get(zip)).toEqual({
      city,
      state,
      type,
    });
    const row = index.zipRow(Number(zip));
    expect([index.string(index.zipCities[row]), index.states[index.zipStates[row]].code, index.zipType(row)]).toEqual([
      city,
      state,
      type,
    ]);
  });

  it('gives the same state and city in the index and the SQLite file for every ZIP', () => {
    const rows = db.prepare('SELECT zip, city, state FROM zips ORDER BY zip').all() as {
      zip: string;
      city: string;
      state: string;
    }[];
    expect(index.zipCodes.length).toBe(rows.length);
    const mismatches = rows.filter(({ zip, city, state }) => {
      const row = index.zipRow(Number(zip));
      return (
        row < 0 ||
        index.zipText(row) !== zip ||
        index.string(index.zipCities[row]) !== city ||
        index.states[index.zipStates[row]].code !== state
      );
    });
    expect(mismatches).toEqual([]);
  });

  it('gives every state and territory a residential ZIP and a geographic area code', () => {
    const generatable = index.states.filter(
      (s) => s.kind === 'state' || s.kind === 'district' || s.kind === 'territory',
    );
    expect(generatable.map((s) => s.code)).toHaveLength(56);
    for (const s of generatable) {
      expect(s.zipCount, s.code).toBeGreaterThan(0);
      expect(s.areaCodeCount, s.code).toBeGreaterThan(0);
    }
    // 753 is Ontario: not a US code.
    expect(db.prepare("SELECT count(*) AS n FROM area_codes WHERE area_code = '753'").get()).toEqual({ n: 0 });
    expect(
      db
        .prepare("SELECT state FROM area_codes WHERE area_code IN ('203', '310', '713', '718') ORDER BY area_code")
        .all(),
    ).toEqual([{ state: 'CT' }, { state: 'CA' }, { state: 'TX' }, { state: 'NY' }]);
  });

  it('holds the name, street and EIN tables', () => {
    expect(manifest.counts).toMatchObject({ surnames: 88_799, einPrefixes: 83, streetSuffixes: 206 });
    expect(db.prepare('SELECT surname, rank FROM surnames WHERE rank <= 2 ORDER BY rank').all()).toEqual([
      { surname: 'Smith', rank: 1 },
      { surname: 'Johnson', rank: 2 },
    ]);
    expect(db.prepare("SELECT count(*) AS n FROM first_names WHERE name = 'McKenzie'").get()).toEqual({ n: 2 });
  });

  it('spells city names as the towns do: no title-cased acronyms, split "Mc", lost apostrophes', () => {
    const suspicious = db
      .prepare(`SELECT zip, city FROM zips WHERE city GLOB '*Mc [A-Z]*' OR city GLOB '*[A-Z]''S*' OR city GLOB '* [OD] [A-Z]*' OR city GLOB '[OD] [A-Z]*'
      OR city GLOB '*Afb*' OR city GLOB '*Jbphh*' OR city GLOB '*Jber*' OR city GLOB '*Usaf*'`)
      .all();
    expect(suspicious).toEqual([]);
    const geonames = manifest.sources.find((s) => s.file === 'geonames-us/US.txt')!;
    expect(geonames.repaired).toMatchObject({
      acronym_upper_cased: 51,
      mc_joined: 139,
      apostrophe_restored: 16,
      possessive_lower_cased: 1,
      city_spelling_from_simplemaps: 3,
    });
  });

  it('drops placeholder first names and restores surname apostrophes, counted in the manifest', () => {
    expect(
      db
        .prepare(
          "SELECT count(*) AS n FROM first_names WHERE name IN ('Infant', 'Baby', 'Unknown', 'Notnamed', 'Unnamed', 'Male', 'Female', 'Boy', 'Girl', 'Abcde')",
        )
        .get(),
    ).toEqual({ n: 0 });
    // One row per name, sex and birth cohort (issue 25): 162 placeholder rows.
    expect(manifest.sources.find((s) => s.file === 'ssa-baby-names/first-names.csv')!.rejected).toEqual({
      placeholder_name: 162,
    });
    expect(
      db
        .prepare(
          "SELECT surname FROM surnames WHERE surname IN ('O''Brien', 'O''Connor', 'O''Neill', 'D''Angelo') ORDER BY rank",
        )
        .all(),
    ).toEqual([{ surname: "O'Brien" }, { surname: "O'Connor" }, { surname: "O'Neill" }, { surname: "D'Angelo" }]);
    expect(
      db
        .prepare("SELECT count(*) AS n FROM surnames WHERE surname IN ('Obrien', 'Oconnor', 'Oneill', 'Dangelo')")
        .get(),
    ).toEqual({ n: 0 });
    expect(manifest.sources.find((s) => s.file === 'census-1990-surnames/surnames.txt')!.repaired).toEqual({
      apostrophe_restored: 101,
    });
  });

  it("gives every residential ZIP of a state with phone places the nearest one, and every exchange a place of its area code's state", () => {
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(
      count(
        'SELECT count(*) AS n FROM phone_exchanges e JOIN area_codes a USING (area_code) JOIN phone_places p USING (place) WHERE a.state <> p.state',
      ),
    ).toBe(0);
    expect(
      count(
        "SELECT count(*) AS n FROM phone_exchanges WHERE exchange IN ('555', '950', '958', '959', '976') OR substr(exchange, 2) = '11'",
      ),
    ).toBe(0);
    expect(count('SELECT count(*) AS n FROM zip_phone_places z JOIN zips USING (zip) WHERE zips.residential = 0')).toBe(
      0,
    );
    expect(
      count(
        'SELECT count(*) AS n FROM zip_phone_places z JOIN zips USING (zip) JOIN phone_places p ON p.place = z.place WHERE p.state <> zips.state',
      ),
    ).toBe(0);
    const missing = db
      .prepare(
        'SELECT DISTINCT state FROM zips WHERE residential = 1 AND zip NOT IN (SELECT zip FROM zip_phone_places) ORDER BY state',
      )
      .all();
    expect(missing).toEqual(manifest.phoneLocality.statesWithoutPlaces.map((state) => ({ state })));
    expect(manifest.counts).toMatchObject({
      phonePlaces: count('SELECT count(*) AS n FROM phone_places'),
      phoneExchanges: count('SELECT count(*) AS n FROM phone_exchanges'),
      zipPhonePlaces: count('SELECT count(*) AS n FROM zip_phone_places'),
    });
    expect(db.prepare("SELECT place FROM phone_exchanges WHERE area_code = '951' AND exchange = '222'").get()).toEqual({
      place: 'Riverside, CA',
    });
    const exchanges = manifest.sources.find((s) => s.file.endsWith('exchanges of geographic area codes'))!;
    expect(exchanges.rowsIn).toBe(800 * manifest.counts.areaCodes);
    // Overlay codes' exchanges placed by the codes they overlay are in the index, and in SQLite as the area_code_overlays rule.
    expect(exchanges.rowsOut).toBe(manifest.counts.phoneExchanges + manifest.counts.overlayExchanges);
  });

  it("reports how local default addresses' phones are (recomputed here from the SQLite file): at least 95 % within 50 km", () => {
    const rows = db
      .prepare(`SELECT z.population AS people, p.distance_m AS metres FROM zips z JOIN states s ON s.code = z.state LEFT JOIN zip_phone_places p USING (zip)
      WHERE z.residential = 1 AND s.kind IN ('state', 'district') AND z.population > 0`)
      .all() as { people: number; metres: number | null }[];
    const total = rows.reduce((a, r) => a + r.people, 0);
    const within = (km: number) =>
      Math.round(
        (rows.filter((r) => r.metres !== null && r.metres <= km * 1000).reduce((a, r) => a + r.people, 0) / total) *
          10_000,
      ) / 10_000;
    expect(manifest.phoneLocality.defaultAddressesWithin25Km).toBe(within(25));
    expect(manifest.phoneLocality.defaultAddressesWithin50Km).toBe(within(50));
    expect(within(50)).toBeGreaterThanOrEqual(0.95);
    expect(manifest.phoneLocality.residentialZipsWithin50Km).toBeGreaterThan(0.95);
  });

  it('carries the attribution its CC BY sources require in the metadata', () => {
    const attribution = (db.prepare("SELECT value FROM metadata WHERE key = 'attribution'").get() as { value: string })
      .value;
    expect(attribution).toContain('GeoNames');
    expect(attribution).toContain('SimpleMaps');
    expect(attribution).toContain('CC BY 4.0');
    expect(db.prepare("SELECT value FROM metadata WHERE key = 'dataset_version'").get()).toEqual({
      value: manifest.datasetVersion,
    });
  });

  it('stays within the size budgets: SQLite 12 MB, index 3 MB and 1.5 MB gzipped', () => {
    expect(statSync(join(outDir, OUTPUT_FILES.sqlite)).size).toBeLessThanOrEqual(12_000_000);
    const idx = readFileSync(join(outDir, OUTPUT_FILES.index));
    expect(idx.length).toBeLessThanOrEqual(3_000_000);
    expect(gzipSync(idx, { level: 9 }).length).toBeLessThanOrEqual(1_500_000);
  });

  it("writes the geo index with the main index's dataset version and measures its points into the manifest", () => {
    const geo = GeoIndex.fromBytes(readFileSync(join(outDir, OUTPUT_FILES.geoIndex)));
    expect(geo.datasetVersion).toBe(manifest.datasetVersion);
    expect(geo.zipLat.length).toBe(index.zipCodes.length);
    expect(geo.cellLat.length).toBe(index.table('ZS').size);
    expect(manifest.outputs[OUTPUT_FILES.geoIndex].bytes).toBe(statSync(join(outDir, OUTPUT_FILES.geoIndex)).size);
    // All but a handful of residential ZIPs have a grid; those few are counted as exceptions.
    expect(manifest.geo.residentialZipsWithGrid + manifest.geo.exceptions.grid_centroid_only).toBe(
      index.table('ZS').size,
    );
    expect(manifest.geo.exceptions.grid_centroid_only).toBeLessThan(10);
    const { default: all, byState } = manifest.geo.fidelity;
    expect(all.inNamedCounty).toBe(1);
    expect(all.timeZoneAtPointEqualsField).toBe(1);
    expect(all.timeZoneAtPointEqualsZip).toBeGreaterThan(0.99);
    expect(all.medianKmFromCentroid).toBeLessThan(all.p99KmFromCentroid);
    const generatable = index.states.filter((s) => s.zipCount > 0 && s.areaCodeCount > 0).map((s) => s.code);
    expect(Object.keys(byState)).toEqual(generatable);
    for (const [state, f] of Object.entries(byState))
      if (state !== 'AS') expect(f.inNamedCounty, state).toBeGreaterThan(0.99);
  });
});
