import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../../src/index.js';
import { parseRecords } from '../parse-output.js';
import { runBinary } from '../run-binary.js';

const LIST = 'id=uuid,n=index,first_name=firstName,last_name=lastName,email,birth_date=birthDate,address_line1=line1,address_line2=line2,city,state,postal_code=zip,lat';
const COLUMNS = LIST.split(',').map((entry) => entry.split('=')[0]);

describe('ussynth address --fields', () => {
  for (const format of ['json', 'ndjson', 'csv', 'sql']) {
    it(`--format ${format}: the columns asked, in order, parsing back to the library's records`, async () => {
      const { status, stdout, stderr } = await runBinary(['address', '--seed', 'fields-cli', '--count', '603', '--state', 'ny', '--fields', LIST, '--format', format]);
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
    const one = await runBinary(['address', '--seed', 'fields-cli', '--count', '5000', '--fields', LIST, '--format', 'ndjson']);
    const three = await runBinary(['address', '--seed', 'fields-cli', '--count', '5000', '--fields', LIST, '--format', 'ndjson', '--jobs', '3']);
    expect(three.stdout.equals(one.stdout)).toBe(true);
    const library = createGenerator({ seed: 'fields-cli' }).addresses({ count: 5000, fields: LIST });
    expect(one.stdout.toString('utf8')).toBe(library.map((r) => JSON.stringify(r) + '\n').join(''));
  });

  it('writes the SQL columns typed: DATE, UUID, BIGINT, DOUBLE PRECISION, the rest TEXT', async () => {
    const { stdout } = await runBinary(['address', '--seed', 'x', '--count', '2', '--fields', LIST, '--format', 'sql', '--table', 'users']);
    const create = /CREATE TABLE "users" \(\n([\s\S]*?)\n\);/.exec(stdout.toString('utf8'))![1];
    expect(create.split(',\n').map((line) => line.trim())).toEqual([
      '"id" UUID NOT NULL', '"n" BIGINT NOT NULL', '"first_name" TEXT NOT NULL', '"last_name" TEXT NOT NULL', '"email" TEXT NOT NULL',
      '"birth_date" DATE NOT NULL', '"address_line1" TEXT NOT NULL', '"address_line2" TEXT NOT NULL', '"city" TEXT NOT NULL', '"state" TEXT NOT NULL',
      '"postal_code" TEXT NOT NULL', '"lat" DOUBLE PRECISION NOT NULL',
    ]);
    expect(stdout.toString('utf8')).toMatch(/\('[0-9a-f-]{36}', 0, '/);
  });

  it('batch --fields writes the batch result of the columns asked', async () => {
    const { status, stdout } = await runBinary(['batch', '--seed', 'b', '--count', '3', '--fields', 'zip,state']);
    expect(status).toBe(0);
    expect(JSON.parse(stdout.toString('utf8'))).toEqual({ count: 3, addresses: createGenerator({ seed: 'b' }).addresses({ count: 3, fields: 'zip,state' }) });
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
      const { status, stdout, stderr } = await runBinary(['address', '--seed', '1', '--count', '10', '--format', 'csv', ...args]);
      expect(status, args.join(' ')).toBe(2);
      expect(stdout.length).toBe(0);
      expect(stderr).toContain(message);
    }
    expect((await runBinary(['address', '--fields', 'zip,nope'])).stderr).toContain('valid fields: name, street, city');
  });
});
