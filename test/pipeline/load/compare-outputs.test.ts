import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareOutputs, sqliteVersionOf } from '../../../pipeline/load/compare-outputs.js';
import { Database } from '../../../pipeline/load/sqlite-driver.js';
import { OUTPUT_FILES } from '../../../pipeline/load/write-outputs.js';

let work: string;
let committed: string;
let fresh: string;

// A small set of outputs as the build writes them: a SQLite file, the three indexes, the household data and a manifest with the file's hash.
function writeOutputsTo(dir: string): void {
  const db = new Database(join(dir, OUTPUT_FILES.sqlite));
  db.pragma('journal_mode = OFF');
  db.exec(
    "CREATE TABLE zips (zip TEXT PRIMARY KEY, city TEXT NOT NULL) WITHOUT ROWID; INSERT INTO zips VALUES ('10001', 'New York'), ('60601', 'Chicago');",
  );
  db.exec("CREATE TABLE names (name TEXT NOT NULL, weight REAL); INSERT INTO names VALUES ('Ada', 1.5), ('Grace', 2);");
  db.close();
  writeFileSync(join(dir, OUTPUT_FILES.index), Buffer.from([1, 2, 3, 4]));
  writeFileSync(join(dir, OUTPUT_FILES.geoIndex), Buffer.from([5, 6, 7]));
  writeFileSync(join(dir, OUTPUT_FILES.births), Buffer.from([8, 9]));
  writeFileSync(join(dir, OUTPUT_FILES.households), '{"typeBySize":[]}\n');
  writeFileSync(
    join(dir, OUTPUT_FILES.manifest),
    JSON.stringify({ datasetVersion: 'x', outputs: { [OUTPUT_FILES.sqlite]: { bytes: 1, sha256: 'aa' } } }),
  );
}

// Rewrites the header field that names the SQLite version that last wrote the file (SQLite itself does not read it).
function stampVersion(path: string, number: number): void {
  const file = readFileSync(path);
  file.writeUInt32BE(number, 96);
  writeFileSync(path, file);
}

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'ussynth-compare-'));
  committed = join(work, 'committed');
  fresh = join(work, 'fresh');
  for (const dir of [committed, fresh]) {
    mkdirSync(dir);
    writeOutputsTo(dir);
  }
});

afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('sqliteVersionOf', () => {
  it('reads the version of the SQLite that wrote the file from its header', () => {
    const db = new Database(':memory:');
    const running = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
    db.close();
    expect(sqliteVersionOf(readFileSync(join(committed, OUTPUT_FILES.sqlite)))).toBe(running);
  });
});

describe('compareOutputs', () => {
  it('finds nothing stale in two identical builds, compared byte for byte', () => {
    expect(compareOutputs(committed, fresh)).toEqual({ stale: [] });
  });

  it('names the file that differs, and a missing one', () => {
    writeFileSync(join(fresh, OUTPUT_FILES.index), Buffer.from([1, 2, 3, 5]));
    rmSync(join(committed, OUTPUT_FILES.manifest));
    expect(compareOutputs(committed, fresh).stale).toEqual([OUTPUT_FILES.index, OUTPUT_FILES.manifest]);
  });

  it('finds a changed household data file', () => {
    writeFileSync(join(fresh, OUTPUT_FILES.households), '{"typeBySize":[1]}\n');
    expect(compareOutputs(committed, fresh).stale).toEqual([OUTPUT_FILES.households]);
  });

  it('with the same SQLite version, a changed byte anywhere in the SQLite file makes it stale', () => {
    const path = join(fresh, OUTPUT_FILES.sqlite);
    const file = readFileSync(path);
    file[file.length - 1] ^= 1;
    writeFileSync(path, file);
    expect(compareOutputs(committed, fresh).stale).toEqual([OUTPUT_FILES.sqlite]);
  });

  describe('files written by different SQLite versions', () => {
    beforeEach(() => {
      stampVersion(join(committed, OUTPUT_FILES.sqlite), 3_053_002);
      stampVersion(join(fresh, OUTPUT_FILES.sqlite), 3_054_001);
    });

    // Changes the fresh SQLite file, then stamps it as the other version again (a write stamps the running one).
    function changeFresh(sql: string): void {
      const db = new Database(join(fresh, OUTPUT_FILES.sqlite));
      db.exec(sql);
      db.close();
      stampVersion(join(fresh, OUTPUT_FILES.sqlite), 3_054_001);
    }

    it('compares the SQLite file by content and the manifest without its hash, and says so', () => {
      const manifest = join(fresh, OUTPUT_FILES.manifest);
      writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"aa"', '"bb"'));
      expect(compareOutputs(committed, fresh)).toEqual({
        stale: [],
        sqliteCompared: { committed: '3.53.2', fresh: '3.54.1' },
      });
    });

    it('finds a changed row', () => {
      changeFresh("UPDATE zips SET city = 'Chicago Heights' WHERE zip = '60601'");
      expect(compareOutputs(committed, fresh).stale).toEqual([OUTPUT_FILES.sqlite]);
    });

    it('finds a changed schema', () => {
      changeFresh('CREATE INDEX names_by_weight ON names (weight)');
      expect(compareOutputs(committed, fresh).stale).toEqual([OUTPUT_FILES.sqlite]);
    });

    it('finds any other change to the manifest', () => {
      const manifest = join(fresh, OUTPUT_FILES.manifest);
      writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"x"', '"y"'));
      expect(compareOutputs(committed, fresh).stale).toEqual([OUTPUT_FILES.manifest]);
    });
  });
});
