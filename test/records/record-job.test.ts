import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkRenderer, shardRange, SUBCHUNK_RECORDS, type RecordJob } from '../../src/records/record-job.js';

const TOTAL = 1234;
const base: RecordJob = {
  kind: 'address',
  seed: 'sub',
  fictionalPhones: false,
  format: 'csv',
  table: 't',
  jsonShape: 'array',
  count: TOTAL,
};

// Every format rendered through chunkRenderer, with the writers' variants: plain values or not, spelled-out lines or the general loop, other kinds.
const JOBS: Array<[string, RecordJob]> = [
  ['csv', base],
  ['ndjson', { ...base, format: 'ndjson' }],
  ['ndjson with fields', { ...base, format: 'ndjson', fields: 'id=uuid,n=index,name=name,lat=lat' }],
  ['json array', { ...base, format: 'json' }],
  ['json batch', { ...base, format: 'json', jsonShape: 'batch' }],
  ['sql', { ...base, format: 'sql' }],
  ['sql with geo', { ...base, format: 'sql', geo: true }],
  ['sql postgres', { ...base, format: 'sql', dialect: 'postgres' }],
  ['sql mysql', { ...base, format: 'sql', dialect: 'mysql' }],
  ['sql sqlite', { ...base, format: 'sql', dialect: 'sqlite' }],
  ['copy', { ...base, format: 'copy' }],
  ['copy with fields', { ...base, format: 'copy', fields: 'id=uuid,born=birthDate,n=index,lon=lon,street=street' }],
  ['copy of phones', { ...base, kind: 'phone', format: 'copy' }],
  ['sqlite-values', { ...base, format: 'sqlite-values' }],
  ['sqlite-values with fields', { ...base, format: 'sqlite-values', fields: 'n=index,lat=lat,city=city' }],
  ['ein ndjson', { ...base, kind: 'ein', format: 'ndjson' }],
];

const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe('chunkRenderer renders sub-chunks with the bytes of the whole range at once', () => {
  for (const [what, job] of JOBS) {
    it(what, () => {
      // One part as large as the range: the range's body in one call, as chunks were rendered before sub-chunks.
      const whole = (start: number, count: number): string => utf8(chunkRenderer(job, count)(start, count));
      const awkward: Array<[start: number, count: number, sub: number]> = [
        [0, TOTAL, SUBCHUNK_RECORDS],
        [0, 1, 1],
        [499, 3, 1], // across an INSERT's 500-row boundary
        [TOTAL - 7, 7, 3], // the run's last record (SQL's last statement)
        [13, 777, 100],
        [1, 999, 7],
      ];
      for (const [start, count, sub] of awkward)
        expect(utf8(chunkRenderer(job, sub)(start, count)), `${start}+${count} by ${sub}`).toBe(whole(start, count));
      fc.assert(
        fc.property(
          fc
            .integer({ min: 0, max: TOTAL - 1 })
            .chain((start) =>
              fc.tuple(
                fc.constant(start),
                fc.integer({ min: 1, max: Math.min(600, TOTAL - start) }),
                fc.integer({ min: 1, max: 250 }),
              ),
            ),
          ([start, count, sub]) => utf8(chunkRenderer(job, sub)(start, count)) === whole(start, count),
        ),
        { numRuns: 25 },
      );
    });
  }

  it('shards rendered in sub-chunks concatenate to the run rendered at once', () => {
    for (const [, job] of JOBS.filter(([what]) => what === 'sql' || what === 'json array' || what === 'csv')) {
      const run = utf8(chunkRenderer(job, TOTAL)(0, TOTAL));
      const shards = [0, 1, 2]
        .map((k) => shardRange(TOTAL, k, 3))
        .map(({ first, end }) => utf8(chunkRenderer({ ...job, range: { first, end } })(first, end - first)));
      expect(shards.join('')).toBe(run);
    }
  });

  it('reuses the buffer handed in while the chunk fits, and grows it when not', () => {
    const render = chunkRenderer(base);
    const spare = new Uint8Array(1 << 20);
    const bytes = render(0, 500, spare);
    expect(bytes.buffer).toBe(spare.buffer);
    const small = new Uint8Array(100);
    const grown = render(0, 500, small);
    expect(grown.buffer).not.toBe(small.buffer);
    expect(utf8(grown)).toBe(utf8(bytes));
  });

  it("joins sqlite-values' sub-chunks into one statement SQLite runs", () => {
    const job: RecordJob = { ...base, format: 'sqlite-values' };
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (name, street, city, state, zip, phone, email, country)');
    db.exec('INSERT INTO t VALUES ' + utf8(chunkRenderer(job, 7)(5, 250)));
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 250 });
    db.close();
  });
});
