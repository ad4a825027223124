import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGenerator } from '../../../src/index.js';
import { parseRecords } from '../parse-output.js';
import { runBinary } from '../run-binary.js';

const COLUMNS = ['name', 'street', 'city', 'state', 'zip', 'phone', 'email', 'country'];
const scratch = mkdtempSync(join(tmpdir(), 'ussynth-cli-address-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('ussynth address', () => {
  it('prints one address object by default, the library record 0 of the seed', async () => {
    const { status, stdout, stderr } = await runBinary(['address', '--seed', '42']);
    expect(status).toBe(0);
    expect(stderr).toBe('');
    const value = JSON.parse(stdout.toString('utf8')) as Record<string, string>;
    expect(Array.isArray(value)).toBe(false);
    expect(Object.keys(value)).toEqual(COLUMNS);
    expect(value).toEqual(createGenerator({ seed: 42 }).address());
  });

  for (const format of ['json', 'ndjson', 'csv', 'sql']) {
    it(`--format ${format} --count parses back to the library's records, state-restricted`, async () => {
      const { status, stdout } = await runBinary([
        'address',
        '--seed',
        'fixtures-v1',
        '--count',
        '701',
        '--state',
        'ca',
        '--format',
        format,
      ]);
      expect(status).toBe(0);
      const records = parseRecords(format, stdout, 'addresses');
      expect(records).toHaveLength(701);
      expect(records).toEqual(
        createGenerator({ seed: 'fixtures-v1' }).addresses({ start: 0, count: 701, state: 'CA' }),
      );
      expect(new Set(records.map((r) => r.state))).toEqual(new Set(['CA']));
    });
  }

  for (const format of ['json', 'ndjson', 'csv', 'sql']) {
    it(`--geo --format ${format} adds the five columns after country: the library's records with geo`, async () => {
      const { status, stdout } = await runBinary([
        'address',
        '--seed',
        'geo-cli',
        '--count',
        '300',
        '--state',
        'tx',
        '--geo',
        '--format',
        format,
      ]);
      expect(status).toBe(0);
      const records = parseRecords(format, stdout, 'addresses') as Record<string, string | number>[];
      expect(Object.keys(records[0])).toEqual([...COLUMNS, 'lat', 'lon', 'county', 'countyFips', 'timeZone']);
      // CSV is text throughout; JSON, NDJSON and SQL (DOUBLE PRECISION) keep lat and lon as numbers.
      const typed = format === 'csv' ? records.map((r) => ({ ...r, lat: Number(r.lat), lon: Number(r.lon) })) : records;
      expect(typed).toEqual(createGenerator({ seed: 'geo-cli' }).addresses({ count: 300, state: 'TX', geo: true }));
    });
  }

  it('--geo leaves the eight columns as they are, and the SQL declares lat and lon as numbers', async () => {
    const plain = await runBinary(['address', '--seed', 'geo-cli', '--count', '20', '--format', 'csv']);
    const geo = await runBinary(['address', '--seed', 'geo-cli', '--count', '20', '--format', 'csv', '--geo']);
    const cut = (text: string) =>
      text
        .split('\n')
        .map((line) => line.split(',').slice(0, 8).join(','))
        .join('\n');
    expect(cut(geo.stdout.toString('utf8'))).toBe(cut(plain.stdout.toString('utf8')));
    const sql = (await runBinary(['address', '--seed', 'geo-cli', '--geo', '--format', 'sql'])).stdout.toString('utf8');
    expect(sql).toContain(
      '"lat" DOUBLE PRECISION NOT NULL,\n  "lon" DOUBLE PRECISION NOT NULL,\n  "county" TEXT NOT NULL',
    );
  });

  it('--email-domain and --fictional-phones reach every record', async () => {
    const { status, stdout } = await runBinary([
      'address',
      '--seed',
      '7',
      '--count',
      '50',
      '--format',
      'ndjson',
      '--email-domain',
      'qa.test',
      '--fictional-phones',
    ]);
    expect(status).toBe(0);
    const records = parseRecords('ndjson', stdout, 'addresses');
    expect(records).toEqual(
      createGenerator({ seed: 7, emailDomain: 'qa.test', fictionalPhones: true }).addresses({ count: 50 }),
    );
    for (const record of records) {
      expect(record.email.endsWith('@qa.test')).toBe(true);
      expect(record.phone).toMatch(/^\(\d{3}\) 555-01\d\d$/);
    }
  });

  it('without --seed tells the picked seed on stderr only, and the seed replays the run', async () => {
    const first = await runBinary(['address', '--count', '20', '--format', 'csv']);
    expect(first.status).toBe(0);
    const match = /^seed: (.+)\n$/.exec(first.stderr);
    expect(match).not.toBeNull();
    expect(first.stdout.toString('utf8')).not.toContain('seed');
    const replay = await runBinary(['address', '--count', '20', '--format', 'csv', '--seed', match![1]]);
    expect(replay.stderr).toBe('');
    expect(replay.stdout.equals(first.stdout)).toBe(true);
  });

  it('--out writes the same bytes as stdout and leaves no temporary file', async () => {
    const path = join(scratch, 'addresses.sql');
    const toFile = await runBinary([
      'address',
      '--seed',
      '9',
      '--count',
      '1234',
      '--format',
      'sql',
      '--table',
      'customers',
      '--out',
      path,
    ]);
    expect(toFile.status).toBe(0);
    expect(toFile.stdout.length).toBe(0);
    const toStdout = await runBinary([
      'address',
      '--seed',
      '9',
      '--count',
      '1234',
      '--format',
      'sql',
      '--table',
      'customers',
    ]);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path).equals(toStdout.stdout)).toBe(true);
    expect(readdirSync(scratch)).toEqual(['addresses.sql']);
    expect(parseRecords('sql', toStdout.stdout, 'customers')).toHaveLength(1234);
  });

  const bad: Array<[string, string[], RegExp]> = [
    ['an unknown state', ['--state', 'ZZ'], /--state: .*"ZZ"/],
    ['a lookup-only state', ['--state', 'AE'], /--state: state "AE" .*ZIP lookup only/],
    ['a zero count', ['--count', '0'], /--count must be a whole number from 1 .*"0"/],
    ['a fractional count', ['--count', '1.5'], /--count must be a whole number .*"1\.5"/],
    ['an exponent count', ['--count', '1e3'], /--count must be a whole number .*"1e3"/],
    ['a negative count', ['--count=-3'], /--count must be a whole number .*"-3"/],
    [
      'a negative count as its own argument',
      ['--count', '-5'],
      /^ussynth: --count must be a whole number from 1 to \d+, got "-5"\n$/,
    ],
    [
      'a table of three parts',
      ['--format', 'sql', '--table', 'a.b.c'],
      /--table must be an SQL identifier or schema\.table/,
    ],
    ['a missing count value', ['--count'], /--count/],
    ['an unknown format', ['--format', 'xml'], /--format must be one of json, ndjson, csv, sql, parquet, got "xml"/],
    ['a bad table name', ['--format', 'sql', '--table', 'my-table'], /--table must be an SQL identifier/],
    ['a table without sql', ['--table', 'people'], /--table applies to --format sql and --to only/],
    ['zero jobs', ['--jobs', '0'], /--jobs must be a whole number from 1 to 64/],
    ['a bad e-mail domain', ['--email-domain', 'not a domain'], /--email-domain: /],
    ['an empty seed', ['--seed', ''], /--seed: /],
    ['an unknown option', ['--colour'], /Unknown option '--colour'/],
    ['a repeated option', ['--count', '2', '--count', '3'], /--count is given more than once/],
    ['a positional argument', ['extra'], /Unexpected argument 'extra'/],
  ];
  for (const [what, args, message] of bad) {
    it(`refuses ${what}: message naming the option, exit 2, nothing written`, async () => {
      const path = join(scratch, `bad-${what.replaceAll(' ', '-')}.json`);
      const { status, stdout, stderr } = await runBinary([
        'address',
        ...(args.includes('--seed') ? [] : ['--seed', '1']),
        ...args,
        '--out',
        path,
      ]);
      expect(status).toBe(2);
      expect(stderr).toMatch(/^ussynth: /);
      expect(stderr).toMatch(message);
      expect(stdout.length).toBe(0);
      expect(existsSync(path)).toBe(false);
      expect(readdirSync(scratch).filter((name) => name.includes('bad-'))).toEqual([]);
    });
  }

  it('refuses an --out that is a directory, before generating', async () => {
    const { status, stderr } = await runBinary(['address', '--seed', '1', '--out', scratch]);
    expect(status).toBe(2);
    expect(stderr).toBe(`ussynth: --out ${scratch} is a directory; give a file path\n`);
  });

  it('--help lists the options with examples', async () => {
    const { status, stdout } = await runBinary(['address', '--help']);
    expect(status).toBe(0);
    const help = stdout.toString('utf8');
    for (const option of [
      '--seed',
      '--state',
      '--count',
      '--format',
      '--out',
      '--table',
      '--jobs',
      '--fictional-phones',
      '--email-domain',
      'Examples:',
    ]) {
      expect(help).toContain(option);
    }
  });
});
