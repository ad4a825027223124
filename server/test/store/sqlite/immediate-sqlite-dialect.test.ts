import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, SqliteDialect, type Dialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { beginStatement, ImmediateSqliteDialect } from '../../../src/store/sqlite/immediate-sqlite-dialect.js';
import { Database, type SqliteDatabase } from '../../../src/store/sqlite/sqlite-driver.js';

const dir = mkdtempSync(join(tmpdir(), 'ussynth-immediate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Tables {
  t: { x: number };
}

let files = 0;

/** A WAL file with table t, opened twice: `db` through `dialect` (a command's store) and `other` (the serving process), which never waits for a lock. */
function twoConnections(dialectOf: (sqlite: SqliteDatabase) => Dialect): {
  db: Kysely<Tables>;
  other: SqliteDatabase;
  close: () => Promise<void>;
} {
  const path = join(dir, `${++files}.sqlite`);
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 0');
  sqlite.exec('CREATE TABLE t (x INTEGER)');
  const other = new Database(path);
  other.pragma('busy_timeout = 0');
  const db = new Kysely<Tables>({ dialect: dialectOf(sqlite) });
  return {
    db,
    other,
    close: async () => {
      other.close();
      await db.destroy();
    },
  };
}

/** The other connection writes once: null, or the SQLite code that refused it. */
function otherWrites(other: SqliteDatabase, x: number): string | null {
  try {
    other.prepare('INSERT INTO t (x) VALUES (?)').run(x);
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
}

/** A transaction that reads, lets the other connection write, then writes: what the other write got, and the rows. */
async function readWriteAcross(
  db: Kysely<Tables>,
  other: SqliteDatabase,
): Promise<{ otherWrite: string | null; rows: number[] }> {
  let otherWrite: string | null = 'not tried';
  await db.transaction().execute(async (tx) => {
    await tx.selectFrom('t').selectAll().execute();
    otherWrite = otherWrites(other, 1);
    await tx.insertInto('t').values({ x: 2 }).execute();
  });
  const rows = (await db.selectFrom('t').select('x').orderBy('x').execute()).map((row) => row.x);
  return { otherWrite, rows };
}

describe('ImmediateSqliteDialect', () => {
  it('begins transactions IMMEDIATE, and a read-only one deferred', () => {
    expect(beginStatement({})).toBe('begin immediate');
    expect(beginStatement({ accessMode: 'read write' })).toBe('begin immediate');
    expect(beginStatement({ accessMode: 'read only' })).toBe('begin');
  });

  it("a write transaction holds the lock from its first read: another process's write waits for it, and both land", async () => {
    const { db, other, close } = twoConnections((sqlite) => new ImmediateSqliteDialect({ database: sqlite }));
    try {
      const { otherWrite, rows } = await readWriteAcross(db, other);
      // The other writer was held off (it retries, as the server's fold does at its next tick) and the transaction committed.
      expect(otherWrite).toBe('SQLITE_BUSY');
      expect(rows).toEqual([2]);
      expect(otherWrites(other, 1)).toBeNull();
      expect((await db.selectFrom('t').select('x').orderBy('x').execute()).map((row) => row.x)).toEqual([1, 2]);
    } finally {
      await close();
    }
  });

  it("with Kysely's deferred BEGIN the same transaction fails at its write, whatever the busy timeout (why this dialect exists)", async () => {
    const { db, other, close } = twoConnections((sqlite) => {
      sqlite.pragma('busy_timeout = 5000');
      return new SqliteDialect({ database: sqlite });
    });
    try {
      await expect(readWriteAcross(db, other)).rejects.toMatchObject({
        code: 'SQLITE_BUSY_SNAPSHOT',
        message: 'database is locked',
      });
    } finally {
      await close();
    }
  });

  it('a read-only transaction takes no lock: the other connection writes meanwhile', async () => {
    const { db, other, close } = twoConnections((sqlite) => new ImmediateSqliteDialect({ database: sqlite }));
    try {
      const seen = await db
        .transaction()
        .setAccessMode('read only')
        .execute(async (tx) => {
          const before = await tx.selectFrom('t').selectAll().execute();
          expect(otherWrites(other, 1)).toBeNull();
          return before.length;
        });
      expect(seen).toBe(0);
      expect((await db.selectFrom('t').select('x').execute()).map((row) => row.x)).toEqual([1]);
    } finally {
      await close();
    }
  });
});
