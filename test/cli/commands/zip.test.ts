import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../../src/index.js';
import { parseRecords } from '../parse-output.js';
import { runBinary } from '../run-binary.js';

describe('ussynth zip', () => {
  it('prints the lookup as JSON, equal to the library', async () => {
    const { status, stdout, stderr } = await runBinary(['zip', '10001']);
    expect(status).toBe(0);
    expect(stderr).toBe('');
    const value = JSON.parse(stdout.toString('utf8')) as Record<string, string>;
    expect(Object.keys(value)).toEqual(['zip', 'state', 'stateFull', 'city']);
    expect(value).toEqual(createGenerator().zip('10001'));
    expect(value.state).toBe('NY');
  });

  for (const format of ['ndjson', 'csv', 'sql']) {
    it(`--format ${format}`, async () => {
      const { status, stdout } = await runBinary(['zip', '90210', '--format', format]);
      expect(status).toBe(0);
      expect(parseRecords(format, stdout, 'zips')).toEqual([createGenerator().zip('90210')]);
    });
  }

  it('finds a military ZIP (valid for lookup only)', async () => {
    const generator = createGenerator();
    const codes = Array.from({ length: 100_000 }, (_, i) => String(i).padStart(5, '0'));
    const military = codes
      .map((code) => generator.zip(code))
      .find((found) => found !== null && ['AA', 'AE', 'AP'].includes(found.state));
    expect(military).toBeDefined();
    const { status, stdout } = await runBinary(['zip', military!.zip]);
    expect(status).toBe(0);
    expect(JSON.parse(stdout.toString('utf8'))).toEqual(military);
  });

  it('exits 1 with a message for a well-formed unknown ZIP', async () => {
    const { status, stdout, stderr } = await runBinary(['zip', '00000']);
    expect(status).toBe(1);
    expect(stdout.length).toBe(0);
    expect(stderr).toBe('ussynth: ZIP 00000 is not a known ZIP code\n');
  });

  for (const malformed of ['1000', '100011', 'abcde', '1000a', ' 10001']) {
    it(`exits 2 with a message for the malformed ZIP ${JSON.stringify(malformed)}`, async () => {
      const { status, stdout, stderr } = await runBinary(['zip', malformed]);
      expect(status).toBe(2);
      expect(stdout.length).toBe(0);
      expect(stderr).toMatch(/^ussynth: ZIP must be exactly five digits/);
    });
  }

  it('needs exactly one ZIP', async () => {
    expect((await runBinary(['zip'])).status).toBe(2);
    const two = await runBinary(['zip', '10001', '90210']);
    expect(two.status).toBe(2);
    expect(two.stderr).toMatch(/give exactly one ZIP/);
  });

  it('refuses an unknown format by name', async () => {
    const { status, stderr } = await runBinary(['zip', '10001', '--format', 'yaml']);
    expect(status).toBe(2);
    expect(stderr).toMatch(/--format must be one of/);
  });
});
