import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUTPUT_FILES } from './write-outputs.js';
import { Database } from './sqlite-driver.js';

/** What differs between two folders of build outputs. */
export interface OutputComparison {
  /** The output files whose content differs (or that are missing), in OUTPUT_FILES order. */
  stale: string[];
  /** Set when the SQLite files were written by different SQLite versions and so compared by content, not bytes. */
  sqliteCompared?: { committed: string; fresh: string };
}

/**
 * The SQLite version that last wrote a database file, as `3.53.2`: the
 * header's SQLITE_VERSION_NUMBER at offset 96 (big-endian, 3053002).
 * @example sqliteVersionOf(readFileSync('dist-data/ussynth.sqlite')) // '3.53.2'
 */
export function sqliteVersionOf(file: Buffer): string {
  const number = file.readUInt32BE(96);
  return `${Math.floor(number / 1_000_000)}.${Math.floor(number / 1000) % 1000}.${number % 1000}`;
}

// A digest of what a reader of the file sees: its settings, its schema and every row in stored order.
function sqliteContentDigest(path: string): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const hash = createHash('sha256');
    for (const pragma of ['page_size', 'application_id', 'user_version', 'encoding'])
      hash.update(`${pragma}=${String(db.pragma(pragma, { simple: true }))}\n`);
    const objects = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name').all() as {
      type: string;
      name: string;
      sql: string | null;
    }[];
    for (const object of objects) {
      hash.update(`${JSON.stringify(object)}\n`);
      if (object.type !== 'table' || object.name.startsWith('sqlite_')) continue;
      // A full scan reads rowid (or primary key) order, which the build fixes by inserting sorted rows.
      for (const row of db
        .prepare(`SELECT * FROM "${object.name.replaceAll('"', '""')}"`)
        .raw()
        .iterate() as Iterable<unknown[]>) {
        hash.update(
          `${JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('base64') : value))}\n`,
        );
      }
    }
    return hash.digest('hex');
  } finally {
    db.close();
  }
}

// The manifest without the SQLite file's hash, which depends on the SQLite version that wrote it.
function manifestWithoutSqliteHash(file: Buffer): string {
  const manifest = JSON.parse(file.toString('utf8')) as { outputs?: Record<string, { sha256?: string }> };
  delete manifest.outputs?.[OUTPUT_FILES.sqlite]?.sha256;
  return JSON.stringify(manifest);
}

/**
 * Compares a fresh build with the committed outputs. Byte for byte when the
 * same SQLite version wrote both SQLite files (the reproducibility promise:
 * one driver, better-sqlite3 13, builds everywhere); when the versions
 * differ (an update of the driver brought a new SQLite and dist-data/ was
 * not rebuilt yet), SQLite lays out pages its own way, so the SQLite file is
 * compared by content (settings, schema, every row in order), the manifest
 * without that file's hash, and the index still byte for byte.
 * @example const { stale } = compareOutputs('dist-data', scratch); if (stale.length) console.error(stale.join(', '));
 */
export function compareOutputs(committedDir: string, freshDir: string): OutputComparison {
  const read = (dir: string, file: string) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file)) : undefined);
  // Each file read once: the SQLite files are about 12 MB.
  const outputs = Object.values(OUTPUT_FILES).map((file) => ({
    file,
    committed: read(committedDir, file),
    fresh: read(freshDir, file),
  }));
  const sqlite = outputs.find(({ file }) => file === OUTPUT_FILES.sqlite)!;
  const versions =
    sqlite.committed && sqlite.fresh && sqlite.committed.length >= 100 && sqlite.fresh.length >= 100
      ? { committed: sqliteVersionOf(sqlite.committed), fresh: sqliteVersionOf(sqlite.fresh) }
      : undefined;
  const byContent = versions !== undefined && versions.committed !== versions.fresh;
  const stale = outputs
    .filter(({ file, committed, fresh }) => {
      if (!committed || !fresh) return true;
      if (byContent && file === OUTPUT_FILES.sqlite)
        return sqliteContentDigest(join(committedDir, file)) !== sqliteContentDigest(join(freshDir, file));
      if (byContent && file === OUTPUT_FILES.manifest)
        return manifestWithoutSqliteHash(committed) !== manifestWithoutSqliteHash(fresh);
      return !committed.equals(fresh);
    })
    .map(({ file }) => file);
  return byContent ? { stale, sqliteCompared: versions } : { stale };
}
