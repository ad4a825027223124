import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHUNK_RECORDS } from '../../../src/cli/jobs/record-job.js';
import { parseRecords } from '../parse-output.js';
import { runBinary } from '../run-binary.js';

// Enough records for several chunks per thread, and a ragged last chunk.
const COUNT = CHUNK_RECORDS * 7 + 13;

const digest = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

describe('--jobs N output is byte-identical to --jobs 1', () => {
  const cases: Array<[string, string[], string]> = [
    ['address json', ['address', '--format', 'json'], 'addresses'],
    ['address ndjson in a state', ['address', '--format', 'ndjson', '--state', 'PR'], 'addresses'],
    ['address csv with options', ['address', '--format', 'csv', '--email-domain', 'qa.test', '--fictional-phones'], 'addresses'],
    ['address sql', ['address', '--format', 'sql', '--table', 'people'], 'people'],
    ['batch json', ['batch', '--format', 'json'], 'addresses'],
    ['ein ndjson', ['ein', '--format', 'ndjson'], 'eins'],
    ['phone sql', ['phone', '--format', 'sql', '--state', 'NY'], 'phones'],
  ];
  for (const [what, args, table] of cases) {
    it(what, async () => {
      const run = (jobs: number) => runBinary([...args, '--seed', 'jobs', '--count', String(COUNT), '--jobs', String(jobs)]);
      const [one, two, three] = await Promise.all([run(1), run(2), run(3)]);
      for (const result of [one, two, three]) {
        expect(result.status).toBe(0);
        expect(result.stderr).toBe('');
      }
      expect(digest(two.stdout)).toBe(digest(one.stdout));
      expect(digest(three.stdout)).toBe(digest(one.stdout));
      const format = args[args.indexOf('--format') + 1];
      const parsed = format === 'json' && args[0] === 'batch' ? (JSON.parse(one.stdout.toString('utf8')) as { addresses: unknown[] }).addresses : parseRecords(format, one.stdout, table);
      expect(parsed).toHaveLength(COUNT);
    });
  }

  it('more jobs than chunks still gives the same bytes', async () => {
    const args = ['address', '--seed', 's', '--count', String(CHUNK_RECORDS + 1), '--format', 'ndjson'];
    const [one, many] = await Promise.all([runBinary([...args, '--jobs', '1']), runBinary([...args, '--jobs', '16'])]);
    expect(many.status).toBe(0);
    expect(many.stdout.equals(one.stdout)).toBe(true);
  });
});
