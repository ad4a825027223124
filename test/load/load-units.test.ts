// The load's pure parts: target URLs, COPY text escaping, dialect SQL, column types, the missing-driver message.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createGenerator, FIELD_NAMES, sqlTypeOf } from '../../src/index.js';
import { copyLines, copyValue } from '../../src/records/formats/copy-text.js';
import { sqliteValues } from '../../src/records/formats/sqlite-values.js';
import { sqlText } from '../../src/records/formats/sql-format.js';
import { defaultLoadJobs, MIN_THREADED_RECORDS } from '../../src/load/default-load-jobs.js';
import { dialectSqlFormat, mysqlText } from '../../src/records/formats/dialect-sql-format.js';
import { importDrivers } from '../../src/load/load-drivers.js';
import { COLUMN_SQL_TYPES, columnsOf, columnTypeOf, type LoadColumn } from '../../src/records/columns/load-columns.js';
import { LoadError } from '../../src/load/load-error.js';
import { parseLoadTarget } from '../../src/load/load-target.js';
import { quoteTable } from '../../src/records/columns/sql-dialect.js';

describe('parseLoadTarget', () => {
  it('reads the three kinds of target and the connect timeout', () => {
    expect(parseLoadTarget('postgresql://u:p%40ss@db.example:5433/app?connect_timeout=2.5')).toMatchObject({
      dialect: 'postgres',
      shown: 'postgresql://u:***@db.example:5433/app?connect_timeout=2.5',
      connectTimeoutMs: 2500,
    });
    expect(parseLoadTarget('mysql://root@127.0.0.1/test')).toMatchObject({
      dialect: 'mysql',
      connectTimeoutMs: 10_000,
    });
    expect(parseLoadTarget('sqlite:data/test.db')).toMatchObject({ dialect: 'sqlite', path: 'data/test.db' });
    expect(parseLoadTarget('sqlite:///abs/test.db')).toMatchObject({ dialect: 'sqlite', path: '/abs/test.db' });
  });

  it('refuses anything else with a LoadError that never shows the password', () => {
    const cases: [string, string][] = [
      ['oracle://u:secret@h/x', 'must be a URL starting postgres://'],
      ['postgres://u:secret@[bad/x', 'not a valid URL'],
      ['mysql://u:secret@h', 'names its database as the path'],
      ['postgres://h/x?connect_timeout=0', 'connect_timeout must be a positive number'],
      ['sqlite:', 'needs a file path'],
    ];
    for (const [text, message] of cases) {
      let error: unknown;
      try {
        parseLoadTarget(text);
      } catch (e) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(LoadError);
      expect((error as LoadError).code).toBe('invalid_load_option');
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).not.toContain('secret');
    }
  });
});

describe('COPY text', () => {
  it('escapes backslash, tab, line feed and carriage return, and nothing else', () => {
    expect(copyValue('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyValue('O\'Brien, "Jr"')).toBe('O\'Brien, "Jr"');
    expect(copyValue(-97.72678)).toBe('-97.72678');
    expect(
      copyLines(columnsOf(['name', 'lat']))([
        { name: 'x\ty', lat: 1.5 },
        { name: 'z', lat: -2 },
      ]),
    ).toBe('x\\ty\t1.5\nz\t-2\n');
  });

  it('writes plain values (the shipped index) as the escaping path does, for the spelled-out and the other column lists', () => {
    const generator = createGenerator({ seed: 'copy-plain' });
    const addresses = generator.addresses({ start: 0, count: 50 }) as unknown as Record<string, unknown>[];
    const geo = generator.addresses({ start: 0, count: 50, geo: true }) as unknown as Record<string, unknown>[];
    const eins = Array.from({ length: 5 }, (_, i) => generator.einAt(i) as unknown as Record<string, unknown>);
    const cases: [string[], Record<string, unknown>[]][] = [
      [['name', 'street', 'city', 'state', 'zip', 'phone', 'email', 'country'], addresses],
      [
        [
          'name',
          'street',
          'city',
          'state',
          'zip',
          'phone',
          'email',
          'country',
          'lat',
          'lon',
          'county',
          'countyFips',
          'timeZone',
        ],
        geo,
      ],
      [['ein'], eins],
    ];
    for (const [fields, records] of cases) {
      const plain = copyLines(columnsOf(fields), true)(records);
      expect(plain).toBe(copyLines(columnsOf(fields))(records));
      expect(plain.split('\n')).toHaveLength(records.length + 1);
    }
  });
});

describe('SQLite row tuples', () => {
  const columns: LoadColumn[] = [
    { name: 'name', field: 'name', type: 'text' },
    { name: 'lat', field: 'lat', type: 'double' },
    { name: 'n', field: 'n', type: 'bigint' },
  ];
  const records = [
    { name: "O'Brien, \"Jr\" \\ a\tb\nc'');--", lat: -97.72678901234568, n: 9_007_199_254_740_991 },
    { name: '', lat: 40, n: 0 },
    { name: 'Ünïcødé 😀', lat: 1e-7, n: -12 },
    { name: 'big', lat: 1.7976931348623157e308, n: 1 },
  ];

  it('writes quoted text, exact numbers and doubles with a decimal point', () => {
    expect(sqliteValues(columns).body(records.slice(1, 2) as never, 0, 1)).toBe("('',40.0,0)");
    expect(sqliteValues(columns).body(records.slice(0, 1) as never, 0, 1)).toBe(
      `('O''Brien, "Jr" \\ a\tb\nc'''');--',-97.72678901234568,9007199254740991)`,
    );
  });

  it('reads back in SQLite as the same values and types, in order', () => {
    const db = new Database(':memory:');
    try {
      db.exec('CREATE TABLE t (name TEXT, lat REAL, n INTEGER, anything)');
      db.exec(`INSERT INTO t (name, lat, n) VALUES ${sqliteValues(columns).body(records as never, 0, records.length)}`);
      expect(db.prepare('SELECT name, lat, n, typeof(lat) AS lt, typeof(n) AS nt FROM t ORDER BY rowid').all()).toEqual(
        records.map((r) => ({ ...r, lt: 'real', nt: 'integer' })),
      );
      // Into a column without a type (BLOB affinity) a double stays REAL, as a bound double does.
      db.exec(`INSERT INTO t (name, anything, n) VALUES ${sqliteValues(columns).body([records[1]] as never, 0, 1)}`);
      expect(db.prepare('SELECT typeof(anything) AS t FROM t WHERE anything IS NOT NULL').get()).toEqual({ t: 'real' });
    } finally {
      db.close();
    }
  });

  it('writes the spelled-out default columns as the general path would, apostrophes doubled', () => {
    const fields = ['name', 'street', 'city', 'state', 'zip', 'phone', 'email', 'country'];
    const records = createGenerator({ seed: 'tuples' }).addresses({ start: 0, count: 300 }) as unknown as Record<
      string,
      string
    >[];
    records.push({ ...records[0], name: "O'Brien", city: "Bois D'Arc" });
    const general = records.map((r) => '(' + fields.map((f) => sqlText(r[f])).join(',') + ')').join(',');
    expect(sqliteValues(columnsOf(fields)).body(records, 0, records.length)).toBe(general);
    expect(general).toContain("'O''Brien'");
  });

  it('refuses a NUL character, which SQL text cannot carry', () => {
    expect(() => sqliteValues(columns).body([{ name: 'a\u0000b', lat: 1, n: 1 }] as never, 0, 1)).toThrow(
      'NUL character',
    );
  });
});

describe('defaultLoadJobs', () => {
  it('loads SQLite on two threads with two cores and a big enough transaction, everything else on one', () => {
    expect(defaultLoadJobs('sqlite', 1_000_000, 2)).toBe(2);
    expect(defaultLoadJobs('sqlite', MIN_THREADED_RECORDS, 8)).toBe(2);
    expect(defaultLoadJobs('sqlite', MIN_THREADED_RECORDS - 1, 2)).toBe(1);
    expect(defaultLoadJobs('sqlite', 1_000_000, 1)).toBe(1);
    expect(defaultLoadJobs('postgres', 1_000_000, 2)).toBe(1);
    expect(defaultLoadJobs('mysql', 1_000_000, 16)).toBe(1);
  });
});

describe('dialect SQL', () => {
  it('MySQL strings double the quote and escape the backslash', () => {
    expect(mysqlText("O'Brien \\ Co")).toBe("'O''Brien \\\\ Co'");
  });

  it('SQLite runs the sqlite dialect and reads back the same strings, however awkward', () => {
    const records = [
      { name: 'O\'Brien \\ "x"\n', lat: 1.25 },
      { name: 'plain', lat: -3 },
    ];
    const format = dialectSqlFormat('sqlite', 'main.t', columnsOf(['name', 'lat']));
    const db = new Database(':memory:');
    db.exec(format.head(2) + format.body(records as unknown as Record<string, string>[], 0, 2) + format.tail(2));
    expect(db.prepare('SELECT * FROM t').all()).toEqual(records);
    expect(quoteTable('mysql', 'db.t')).toBe('`db`.`t`');
  });

  it('column types follow the field catalogue, with CHAR(2) for the state code', () => {
    for (const field of FIELD_NAMES) {
      for (const dialect of ['postgres', 'mysql', 'sqlite'] as const) {
        const type = COLUMN_SQL_TYPES[columnTypeOf(field)][dialect];
        if (field === 'state') expect(type).toBe(dialect === 'sqlite' ? 'TEXT' : 'CHAR(2)');
        else expect(type, `${field} ${dialect}`).toBe(sqlTypeOf(field, dialect));
      }
    }
    expect(columnTypeOf('ein')).toBe('text');
  });
});

describe('importDrivers', () => {
  it('names the npm install line of a missing driver; another failure of the driver is thrown as it is', async () => {
    const missing = Object.assign(new Error("Cannot find package 'pg-copy-streams'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const error = await importDrivers('postgres', async (name) => {
      if (name === 'pg-copy-streams') throw missing;
      return {};
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoadError);
    expect((error as LoadError).code).toBe('missing_driver');
    expect((error as Error).message).toBe(
      'loading PostgreSQL needs pg and pg-copy-streams (optional peer dependencies of ussynth), not installed here (missing: pg-copy-streams); install with `npm install pg pg-copy-streams`',
    );
    const broken = new Error('a bug inside the driver');
    await expect(importDrivers('mysql', async () => Promise.reject(broken))).rejects.toBe(broken);
    const parquet = await importDrivers('parquet', async () =>
      Promise.reject(
        Object.assign(new Error("Cannot find package 'hyparquet-writer'"), { code: 'ERR_MODULE_NOT_FOUND' }),
      ),
    ).catch((e: unknown) => e);
    expect((parquet as Error).message).toContain('writing Parquet needs hyparquet-writer');
  });
});
