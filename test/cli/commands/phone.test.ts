import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../../src/index.js';
import { parseRecords } from '../parse-output.js';
import { runBinary } from '../run-binary.js';

describe('ussynth phone', () => {
  for (const format of ['json', 'ndjson', 'csv', 'sql']) {
    it(`--format ${format} parses back to the library's phoneAt(0..n-1, { state })`, async () => {
      const { status, stdout } = await runBinary([
        'phone',
        '--seed',
        'p',
        '--state',
        'TX',
        '--count',
        '501',
        '--format',
        format,
      ]);
      expect(status).toBe(0);
      const generator = createGenerator({ seed: 'p' });
      expect(parseRecords(format, stdout, 'phones')).toEqual(
        Array.from({ length: 501 }, (_, i) => generator.phoneAt(i, { state: 'TX' })),
      );
    });
  }

  it('--fictional-phones gives 555-01NN numbers, as the library does', async () => {
    const { status, stdout } = await runBinary([
      'phone',
      '--seed',
      'p',
      '--count',
      '100',
      '--format',
      'ndjson',
      '--fictional-phones',
    ]);
    expect(status).toBe(0);
    const records = parseRecords('ndjson', stdout, 'phones');
    const generator = createGenerator({ seed: 'p', fictionalPhones: true });
    expect(records).toEqual(Array.from({ length: 100 }, (_, i) => generator.phoneAt(i)));
    for (const record of records) expect(record.phone).toMatch(/^\(\d{3}\) 555-01\d\d$/);
  });

  it('a single phone is one object with both notations', async () => {
    const { stdout } = await runBinary(['phone', '--seed', '3']);
    const value = JSON.parse(stdout.toString('utf8')) as { phone: string; intl: string };
    expect(Object.keys(value)).toEqual(['phone', 'intl']);
    expect(value).toEqual(createGenerator({ seed: 3 }).phoneAt(0));
  });

  it('refuses an unknown state naming --state', async () => {
    const { status, stderr, stdout } = await runBinary(['phone', '--state', 'XX']);
    expect(status).toBe(2);
    expect(stderr).toMatch(/^ussynth: --state: /);
    expect(stdout.length).toBe(0);
  });
});
