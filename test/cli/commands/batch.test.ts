import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../../src/index.js';
import { runBinary } from '../run-binary.js';

describe('ussynth batch', () => {
  it('writes the service batch result, equal to the library batch of a fresh generator', async () => {
    const { status, stdout, stderr } = await runBinary(['batch', '--seed', '42', '--count', '25', '--state', 'NY']);
    expect(status).toBe(0);
    expect(stderr).toBe('');
    const value = JSON.parse(stdout.toString('utf8')) as { count: number; addresses: unknown[] };
    expect(Object.keys(value)).toEqual(['count', 'addresses']);
    expect(value).toEqual(createGenerator({ seed: 42 }).batch({ count: 25, state: 'NY' }));
  });

  it('--geo: the batch result with geo, on worker threads the same bytes', async () => {
    const one = await runBinary(['batch', '--seed', 'geo', '--count', '4100', '--geo']);
    expect(one.status).toBe(0);
    expect(JSON.parse(one.stdout.toString('utf8'))).toEqual({
      count: 4100,
      addresses: createGenerator({ seed: 'geo' }).addresses({ count: 4100, geo: true }),
    });
    const jobs = await runBinary(['batch', '--seed', 'geo', '--count', '4100', '--geo', '--jobs', '2']);
    expect(jobs.stdout.equals(one.stdout)).toBe(true);
  });

  it('goes past the API cap of 1000: count and addresses agree', async () => {
    const { status, stdout } = await runBinary(['batch', '--seed', 'big', '--count', '2500']);
    expect(status).toBe(0);
    const value = JSON.parse(stdout.toString('utf8')) as { count: number; addresses: unknown[] };
    expect(value.count).toBe(2500);
    expect(value.addresses).toEqual(createGenerator({ seed: 'big' }).addresses({ count: 2500 }));
  });

  for (const format of ['ndjson', 'csv', 'sql']) {
    it(`--format ${format} writes the same bytes as address --count`, async () => {
      const args = ['--seed', '5', '--count', '300', '--format', format];
      const batch = await runBinary(['batch', ...args]);
      const address = await runBinary(['address', ...args]);
      expect(batch.status).toBe(0);
      expect(batch.stdout.length).toBeGreaterThan(0);
      expect(batch.stdout.equals(address.stdout)).toBe(true);
    });
  }

  it('needs --count', async () => {
    const { status, stdout, stderr } = await runBinary(['batch', '--seed', '1']);
    expect(status).toBe(2);
    expect(stderr).toMatch(/^ussynth: --count is required/);
    expect(stdout.length).toBe(0);
  });

  it('--help shows the batch shape and examples', async () => {
    const { status, stdout } = await runBinary(['batch', '--help']);
    expect(status).toBe(0);
    expect(stdout.toString('utf8')).toContain('{"count":N,"addresses":[...]}');
    expect(stdout.toString('utf8')).toContain('Examples:');
  });
});
