import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type * as ChunkSource from '../../../src/records/chunks/chunk-source.js';
import { CHUNK_RECORDS, type RecordJob } from '../../../src/records/record-job.js';
import { MAX_INDEX } from '../../../src/index.js';
import { until } from '../../load/load-test-helpers.js';
import { parseRecords } from '../../cli/parse-output.js';
import { runBinary } from '../../cli/run-binary.js';

// Enough records for several chunks per thread, and a ragged last chunk.
const COUNT = CHUNK_RECORDS * 7 + 13;

const digest = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

describe('--jobs N output is byte-identical to --jobs 1', () => {
  const cases: Array<[string, string[], string]> = [
    ['address json', ['address', '--format', 'json'], 'addresses'],
    ['address ndjson in a state', ['address', '--format', 'ndjson', '--state', 'PR'], 'addresses'],
    [
      'address csv with options',
      ['address', '--format', 'csv', '--email-domain', 'qa.test', '--fictional-phones'],
      'addresses',
    ],
    ['address sql', ['address', '--format', 'sql', '--table', 'people'], 'people'],
    ['batch json', ['batch', '--format', 'json'], 'addresses'],
    ['ein ndjson', ['ein', '--format', 'ndjson'], 'eins'],
    ['phone sql', ['phone', '--format', 'sql', '--state', 'NY'], 'phones'],
  ];
  for (const [what, args, table] of cases) {
    it(what, async () => {
      const run = (jobs: number) =>
        runBinary([...args, '--seed', 'jobs', '--count', String(COUNT), '--jobs', String(jobs)]);
      const [one, two, three] = await Promise.all([run(1), run(2), run(3)]);
      for (const result of [one, two, three]) {
        expect(result.status).toBe(0);
        expect(result.stderr).toBe('');
      }
      expect(digest(two.stdout)).toBe(digest(one.stdout));
      expect(digest(three.stdout)).toBe(digest(one.stdout));
      const format = args[args.indexOf('--format') + 1];
      const parsed =
        format === 'json' && args[0] === 'batch'
          ? (JSON.parse(one.stdout.toString('utf8')) as { addresses: unknown[] }).addresses
          : parseRecords(format, one.stdout, table);
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

describe("a consuming main thread (SQLite's inserts) renders chunks when it would wait for a worker", () => {
  const scratch = mkdtempSync(join(tmpdir(), 'ussynth-chunk-source-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  // The built module (run-binary has checked dist is there): its workers run the built chunk-worker.js, or the test's.
  const built = (): Promise<typeof ChunkSource> =>
    import(new URL('../../../dist/records/chunks/chunk-source.js', import.meta.url).href) as Promise<
      typeof ChunkSource
    >;
  // test/fixtures/slow-chunk-worker.mjs: the worker's protocol, slowed or failing on request, logging the chunks it renders.
  const testWorker = new URL('../../fixtures/slow-chunk-worker.mjs', import.meta.url);
  const job: RecordJob = {
    kind: 'address',
    seed: 'steal',
    fictionalPhones: false,
    format: 'sqlite-values',
    table: 'people',
    jsonShape: 'array',
    count: 2000,
  };
  const CHUNK = 50;
  const chunks = job.count / CHUNK;
  const workerLog = (log: string): string[] =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter((line) => line !== '')
      : [];

  it("renders the first chunk while the worker starts and takes chunks ahead of a slow worker; the chunks are one thread's, in order", async () => {
    const { recordChunks } = await built();
    const log = join(scratch, 'slow.log');
    const probed = { ...job, probe: { log, delayMs: 20 } } as RecordJob;
    const got: { bytes: Buffer; records: number }[] = [];
    for await (const chunk of recordChunks(probed, 1, {
      chunkRecords: CHUNK,
      mainRenders: false,
      worker: testWorker,
    })) {
      // A copy: the chunk's buffer is reused for a later one.
      got.push({ bytes: Buffer.from(chunk.bytes), records: chunk.records });
      // After the first chunk (the worker cannot have answered before it), wait until the worker is ready, so that it gets chunks.
      if (got.length === 1) await until(() => workerLog(log).includes('ready'), 60_000, 'the worker to be ready');
      // As the loaders do: a turn of the event loop per chunk lets the worker's answers in.
      await nextTurn();
    }
    const one: { bytes: Buffer; records: number }[] = [];
    for await (const chunk of recordChunks(job, 1, { chunkRecords: CHUNK }))
      one.push({ bytes: Buffer.from(chunk.bytes), records: chunk.records });
    expect(one).toHaveLength(chunks);
    expect(got).toEqual(one);

    const byWorker = workerLog(log)
      .filter((line) => line !== 'ready')
      .map(Number);
    expect(new Set(byWorker).size).toBe(byWorker.length);
    const byMain = Array.from({ length: chunks }, (_, sequence) => sequence).filter(
      (sequence) => !byWorker.includes(sequence),
    );
    expect(byMain[0]).toBe(0);
    expect(byWorker.length).toBeGreaterThan(0);
    // Once the worker had chunks in flight, the main thread took one further on instead of waiting.
    expect(byMain.some((sequence) => sequence > Math.min(...byWorker))).toBe(true);
  });

  it('a chunk that fails on the main thread fails the chunks as one that fails on a worker does', async () => {
    const { recordChunks } = await built();
    const drain = async (source: AsyncIterable<ChunkSource.Chunk>, turns: boolean, log?: string): Promise<number> => {
      let seen = 0;
      for await (const _chunk of source) {
        seen++;
        if (log !== undefined && seen === 1)
          await until(() => workerLog(log).includes('ready'), 60_000, 'the worker to be ready');
        if (turns) await nextTurn();
      }
      return seen;
    };
    // The third chunk runs past the last record index. Without a turn of the event loop the worker's ready message
    // is never read, so the main thread renders every chunk, that one included.
    const pastTheEnd = { ...job, range: { first: MAX_INDEX + 1 - 2 * CHUNK, end: MAX_INDEX + 1 + CHUNK } };
    await expect(
      drain(recordChunks(pastTheEnd, 1, { chunkRecords: CHUNK, mainRenders: false }), false),
    ).rejects.toThrow(`start must be a non-negative safe integer, got ${MAX_INDEX + 1}`);
    // A worker's first chunk fails: the same rejection from the worker's error.
    const log = join(scratch, 'failing.log');
    const failing = { ...job, probe: { log, failFirst: true } } as RecordJob;
    await expect(
      drain(recordChunks(failing, 1, { chunkRecords: CHUNK, mainRenders: false, worker: testWorker }), true, log),
    ).rejects.toThrow(/^test worker: chunk \d+ failed$/);
  });
});
