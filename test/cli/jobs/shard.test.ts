// --shard K/N and --start on the text formats: the shards' outputs, concatenated in order, are one run's bytes.
import { describe, expect, it } from 'vitest';
import { shardOption } from '../../../src/cli/jobs/record-command.js';
import { shardRange } from '../../../src/records/record-job.js';
import { runBinary } from '../run-binary.js';

describe('shardRange', () => {
  it('splits a run into N contiguous ranges that differ by at most one record and cover it exactly', () => {
    for (const [count, n] of [
      [10, 4],
      [7, 7],
      [1, 1],
      [1_000_003, 8],
      [5, 3],
    ]) {
      const ranges = Array.from({ length: n }, (_, k) => shardRange(count, k, n));
      expect(ranges[0].first).toBe(0);
      expect(ranges.at(-1)!.end).toBe(count);
      for (let k = 1; k < n; k++) expect(ranges[k].first).toBe(ranges[k - 1].end);
      const sizes = ranges.map((range) => range.end - range.first);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
    expect(shardRange(10, 1, 4)).toEqual({ first: 3, end: 6 });
  });

  it('--shard values are checked', () => {
    expect(shardOption('3/4', 10)).toEqual({ index: 3, total: 4 });
    for (const bad of ['4/4', '1/0', '-1/4', '1/11', 'a/b', '1', '1/2/3'])
      expect(() => shardOption(bad, 10), bad).toThrow(/--shard must be K\/N/);
  });
});

describe('--shard on every text format', () => {
  const cases: [string, string[]][] = [
    ['json array', ['address', '--format', 'json']],
    ['batch json', ['batch', '--format', 'json']],
    ['ndjson with geo', ['address', '--format', 'ndjson', '--geo']],
    ['csv (one header, in shard 0)', ['address', '--format', 'csv']],
    ['portable sql', ['address', '--format', 'sql']],
    ['postgres sql (COPY block)', ['address', '--format', 'sql', '--dialect', 'postgres']],
    ['mysql sql', ['address', '--format', 'sql', '--dialect', 'mysql', '--geo']],
    ['sqlite sql', ['ein', '--format', 'sql', '--dialect', 'sqlite']],
    ['phone csv', ['phone', '--format', 'csv']],
  ];
  for (const [what, args] of cases) {
    it(`${what}: shards 0..3 concatenated equal one run byte for byte`, async () => {
      const common = [...args, '--seed', 'shard', '--count', '4503'];
      const [whole, ...shards] = await Promise.all([
        runBinary(common),
        ...[0, 1, 2, 3].map((k) => runBinary([...common, '--shard', `${k}/4`])),
      ]);
      for (const result of [whole, ...shards]) expect(result.status).toBe(0);
      expect(Buffer.concat(shards.map((shard) => shard.stdout)).equals(whole.stdout)).toBe(true);
      // Each shard has a share of the records: none is empty or the whole.
      for (const shard of shards) expect(shard.stdout.length).toBeLessThan(whole.stdout.length / 2);
    });
  }

  it('--start S writes records S.. of the run, with the tail; with --jobs the same bytes', async () => {
    const common = ['address', '--format', 'ndjson', '--seed', 'start', '--count', '5000'];
    const [whole, rest, threaded] = await Promise.all([
      runBinary(common),
      runBinary([...common, '--start', '1234']),
      runBinary([...common, '--start', '1234', '--jobs', '2']),
    ]);
    const lines = whole.stdout.toString('utf8').split('\n');
    expect(rest.stdout.toString('utf8')).toBe(lines.slice(1234).join('\n'));
    expect(threaded.stdout.equals(rest.stdout)).toBe(true);
    const bad = await runBinary([...common, '--shard', '1/2', '--start', '10']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--start must be a record index from 2500 to 4999');
  });

  it('--dialect needs --format sql and a known dialect; load options need --to', async () => {
    const cases: [string[], string][] = [
      [['--dialect', 'postgres'], '--dialect applies to --format sql only'],
      [['--format', 'sql', '--dialect', 'oracle'], '--dialect must be one of postgres, mysql, sqlite'],
      [['--append'], '--append applies to --to only'],
      [['--commit-every', '10'], '--commit-every applies to --to only'],
      [['--to', 'sqlite:x.db', '--format', 'csv'], '--to loads the database directly: leave out --format'],
      [['--to', 'sqlite:x.db', '--append', '--truncate'], '--append and --truncate exclude each other'],
    ];
    for (const [args, message] of cases) {
      const result = await runBinary(['address', '--count', '10', ...args]);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });
});
