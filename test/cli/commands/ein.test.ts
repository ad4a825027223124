import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../../src/index.js';
import { parseRecords } from '../parse-output.js';
import { runBinary } from '../run-binary.js';

describe('ussynth ein', () => {
  it('prints one {"ein"} object by default, the library EIN 0 of the seed', async () => {
    const { status, stdout } = await runBinary(['ein', '--seed', '42']);
    expect(status).toBe(0);
    expect(JSON.parse(stdout.toString('utf8'))).toEqual(createGenerator({ seed: '42' }).einAt(0));
  });

  for (const format of ['json', 'ndjson', 'csv', 'sql']) {
    it(`--format ${format} parses back to the library's einAt(0..n-1)`, async () => {
      const { status, stdout } = await runBinary(['ein', '--seed', 'e', '--count', '1001', '--format', format]);
      expect(status).toBe(0);
      const records = parseRecords(format, stdout, 'eins');
      const generator = createGenerator({ seed: 'e' });
      expect(records).toEqual(Array.from({ length: 1001 }, (_, i) => generator.einAt(i)));
      for (const record of records) expect(record.ein).toMatch(/^\d{2}-\d{7}$/);
    });
  }

  it('takes no --state: the option is refused by name', async () => {
    const { status, stderr } = await runBinary(['ein', '--state', 'CA']);
    expect(status).toBe(2);
    expect(stderr).toMatch(/Unknown option '--state'/);
  });

  it('refuses an option given twice rather than taking the last (docs/cli.md), writing nothing', async () => {
    const { status, stdout, stderr } = await runBinary(['ein', '--count', '2', '--count', '3']);
    expect(status).toBe(2);
    expect(stderr).toBe('ussynth: option --count is given more than once\n');
    expect(stdout.length).toBe(0);
  });

  it('--help has examples', async () => {
    const { stdout } = await runBinary(['ein', '-h']);
    expect(stdout.toString('utf8')).toMatch(/Examples:\n {2}ussynth ein/);
  });
});
