import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { COLUMN_NAME_PATTERN, createGenerator, FIELD_NAMES, RESERVED_COLUMN_NAMES } from '../../../src/index.js';
import { parseRecords } from '../parse-output.js';
import { runBinary } from '../run-binary.js';

const LIST =
  'id=uuid,n=index,first_name=firstName,last_name=lastName,email,birth_date=birthDate,address_line1=line1,address_line2=line2,city,state,postal_code=zip,lat';
const COLUMNS = LIST.split(',').map((entry) => entry.split('=')[0]);

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-cli-fields-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('ussynth address --fields', () => {
  for (const format of ['json', 'ndjson', 'csv', 'sql']) {
    it(`--format ${format}: the columns asked, in order, parsing back to the library's records`, async () => {
      const { status, stdout, stderr } = await runBinary([
        'address',
        '--seed',
        'fields-cli',
        '--count',
        '603',
        '--state',
        'ny',
        '--fields',
        LIST,
        '--format',
        format,
      ]);
      expect(stderr).toBe('');
      expect(status).toBe(0);
      const records = parseRecords(format, stdout, 'addresses') as Record<string, string | number>[];
      expect(Object.keys(records[0])).toEqual(COLUMNS);
      const library = createGenerator({ seed: 'fields-cli' }).addresses({ count: 603, state: 'NY', fields: LIST });
      // CSV is text throughout; SQLite reads BIGINT and DOUBLE PRECISION back as numbers; JSON keeps them.
      const typed = format === 'csv' ? records.map((r) => ({ ...r, n: Number(r.n), lat: Number(r.lat) })) : records;
      expect(typed).toEqual(library);
    });
  }

  it('gives the same bytes with --jobs and the JSON of the library, byte for byte', async () => {
    const one = await runBinary([
      'address',
      '--seed',
      'fields-cli',
      '--count',
      '5000',
      '--fields',
      LIST,
      '--format',
      'ndjson',
    ]);
    const three = await runBinary([
      'address',
      '--seed',
      'fields-cli',
      '--count',
      '5000',
      '--fields',
      LIST,
      '--format',
      'ndjson',
      '--jobs',
      '3',
    ]);
    expect(three.stdout.equals(one.stdout)).toBe(true);
    const library = createGenerator({ seed: 'fields-cli' }).addresses({ count: 5000, fields: LIST });
    expect(one.stdout.toString('utf8')).toBe(library.map((r) => JSON.stringify(r) + '\n').join(''));
  });

  it('writes the SQL columns typed: DATE, UUID, BIGINT, DOUBLE PRECISION, the rest TEXT', async () => {
    const { stdout } = await runBinary([
      'address',
      '--seed',
      'x',
      '--count',
      '2',
      '--fields',
      LIST,
      '--format',
      'sql',
      '--table',
      'users',
    ]);
    const create = /CREATE TABLE "users" \(\n([\s\S]*?)\n\);/.exec(stdout.toString('utf8'))![1];
    expect(create.split(',\n').map((line) => line.trim())).toEqual([
      '"id" UUID NOT NULL',
      '"n" BIGINT NOT NULL',
      '"first_name" TEXT NOT NULL',
      '"last_name" TEXT NOT NULL',
      '"email" TEXT NOT NULL',
      '"birth_date" DATE NOT NULL',
      '"address_line1" TEXT NOT NULL',
      '"address_line2" TEXT NOT NULL',
      '"city" TEXT NOT NULL',
      '"state" TEXT NOT NULL',
      '"postal_code" TEXT NOT NULL',
      '"lat" DOUBLE PRECISION NOT NULL',
    ]);
    expect(stdout.toString('utf8')).toMatch(/\('[0-9a-f-]{36}', 0, '/);
  });

  it('batch --fields writes the batch result of the columns asked', async () => {
    const { status, stdout } = await runBinary(['batch', '--seed', 'b', '--count', '3', '--fields', 'zip,state']);
    expect(status).toBe(0);
    expect(JSON.parse(stdout.toString('utf8'))).toEqual({
      count: 3,
      addresses: createGenerator({ seed: 'b' }).addresses({ count: 3, fields: 'zip,state' }),
    });
  });

  it('refuses a bad list with a message naming it and exit 2, writing nothing', async () => {
    const cases: [string[], string][] = [
      [['--fields', 'zip,nope'], 'unknown field "nope"'],
      [['--fields', 'zip,ZIP=state'], 'column "ZIP" appears twice'],
      [['--fields', 'first-name=firstName'], 'column name "first-name"'],
      [['--fields', ''], 'fields is empty'],
      [['--fields', 'zip', '--geo'], '--geo cannot be combined with --fields'],
    ];
    for (const [args, message] of cases) {
      const { status, stdout, stderr } = await runBinary([
        'address',
        '--seed',
        '1',
        '--count',
        '10',
        '--format',
        'csv',
        ...args,
      ]);
      expect(status, args.join(' ')).toBe(2);
      expect(stdout.length).toBe(0);
      expect(stderr).toContain(message);
    }
    expect((await runBinary(['address', '--fields', 'zip,nope'])).stderr).toContain('valid fields: name, street, city');
  });

  it('refuses __proto__, constructor and prototype as columns in every format and target, writing and connecting to nothing', async () => {
    const targets: [string, string[]][] = [
      ...['json', 'ndjson', 'csv', 'sql'].map((format): [string, string[]] => [format, ['--format', format]]),
      ['sqlite', ['--to', `sqlite:${join(scratch, 'reserved.db')}`]],
      // Nothing listens on port 1: the list is refused before any connection is tried.
      ['postgres', ['--to', 'postgres://app@127.0.0.1:1/db']],
      ['mysql', ['--to', 'mysql://app@127.0.0.1:1/db']],
    ];
    // One shared parser refuses the list before the target is chosen: each name is tried on two or three targets.
    for (const [i, [target, args]] of targets.entries()) {
      const column = RESERVED_COLUMN_NAMES[i % RESERVED_COLUMN_NAMES.length];
      const { status, stdout, stderr } = await runBinary([
        'address',
        '--seed',
        '1',
        '--count',
        '3',
        '--fields',
        `zip,${column}=name`,
        ...args,
      ]);
      expect(status, `${column} ${target}`).toBe(2);
      expect(stdout.length).toBe(0);
      expect(stderr).toContain(`column name "${column}" (fields entry "${column}=name") is reserved`);
    }
    expect(existsSync(join(scratch, 'reserved.db'))).toBe(false);
  });

  it('writes any other column name as its own key, header and SQL column, in every format (a property test)', async () => {
    const inherited = Object.getOwnPropertyNames(Object.prototype).concat('Constructor', '__PROTO__', 'then', 'length');
    const columns = fc.oneof(fc.constantFrom(...inherited), fc.stringMatching(COLUMN_NAME_PATTERN));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(columns, { minLength: 1, maxLength: 8, selector: (c) => c.toLowerCase() }),
        async (names) => {
          fc.pre(names.every((column) => !(RESERVED_COLUMN_NAMES as readonly string[]).includes(column)));
          const list = names.map((column, i) => `${column}=${FIELD_NAMES[i]}`).join(',');
          const expected = createGenerator({ seed: 'columns' }).addresses({ count: 3, fields: list });
          for (const format of ['json', 'ndjson', 'csv', 'sql']) {
            const { status, stdout, stderr } = await runBinary([
              'address',
              '--seed',
              'columns',
              '--count',
              '3',
              '--fields',
              list,
              '--format',
              format,
            ]);
            expect(stderr, `${format} ${list}`).toBe('');
            expect(status).toBe(0);
            const records = parseRecords(format, stdout, 'addresses');
            for (const record of records) expect(Object.keys(record)).toEqual(names);
            // CSV and SQLite give the numeric fields back as text or numbers of their own; the text fields agree as they are.
            expect(records.map((r) => names.map((c) => String(r[c])))).toEqual(
              expected.map((r) => names.map((c) => String(r[c]))),
            );
          }
          const path = join(scratch, `columns-${run++}.db`);
          const load = await runBinary([
            'address',
            '--seed',
            'columns',
            '--count',
            '3',
            '--fields',
            list,
            '--to',
            `sqlite:${path}`,
          ]);
          expect(load.stderr, list).toContain('loaded 3');
          expect(load.status).toBe(0);
          const db = new Database(path, { readonly: true });
          try {
            const rows = db.prepare('SELECT * FROM addresses ORDER BY rowid').all() as Record<string, unknown>[];
            expect(rows.map((r) => Object.keys(r))).toEqual(expected.map(() => names));
            expect(rows.map((r) => names.map((c) => String(r[c])))).toEqual(
              expected.map((r) => names.map((c) => String(r[c]))),
            );
          } finally {
            db.close();
          }
        },
      ),
      { numRuns: 4 },
    );
  }, 120_000);
});
