// --format parquet read back by DuckDB (@duckdb/node-api): every value against the NDJSON of the same seed.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { createGenerator, FIELD_NAMES } from '../../../src/index.js';
import { PARQUET_ROW_GROUP_ROWS, parquetPartName } from '../../../src/cli/jobs/run-parquet-job.js';
import { runBinary } from '../run-binary.js';

const scratch = mkdtempSync(join(tmpdir(), 'ussynth-parquet-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function duck(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

function ndjson(bytes: Buffer): Record<string, unknown>[] {
  return bytes
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('--format parquet', () => {
  it('DuckDB reads every value the NDJSON of the same seed holds, typed, in row groups of the documented size', async () => {
    const file = join(scratch, 'addresses.parquet');
    const count = PARQUET_ROW_GROUP_ROWS * 2 + 7;
    const written = await runBinary([
      'address',
      '--seed',
      'parquet',
      '--count',
      String(count),
      '--geo',
      '--format',
      'parquet',
      '--out',
      file,
    ]);
    expect(written.stderr).toBe('');
    expect(written.status).toBe(0);
    const expected = ndjson(
      (await runBinary(['address', '--seed', 'parquet', '--count', String(count), '--geo', '--format', 'ndjson']))
        .stdout,
    );
    const read = await duck(`SELECT * FROM read_parquet('${file}')`);
    expect(read).toHaveLength(count);
    // As JSON lines: the same keys in the same order and the same values (numbers exactly), much cheaper to compare than 200,000 objects.
    const lines = (rows: Record<string, unknown>[]): string[] => rows.map((row) => JSON.stringify(row));
    expect(lines(read)).toEqual(lines(expected));
    const groups = await duck(
      `SELECT DISTINCT row_group_id, row_group_num_rows, compression FROM parquet_metadata('${file}') ORDER BY row_group_id`,
    );
    expect(groups.map((group) => Number(group.row_group_num_rows))).toEqual([
      PARQUET_ROW_GROUP_ROWS,
      PARQUET_ROW_GROUP_ROWS,
      7,
    ]);
    expect(new Set(groups.map((group) => group.compression))).toEqual(new Set(['SNAPPY']));
    const types = await duck(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${file}'))`);
    expect(types.find((row) => row.column_name === 'lat')?.column_type).toBe('DOUBLE');
    expect(types.find((row) => row.column_name === 'zip')?.column_type).toBe('VARCHAR');
  }, 180_000);

  it('--shard K/N writes part-0000K-of-0000N.parquet into the --out folder; read as one dataset they are the single run', async () => {
    const folder = join(scratch, 'dataset');
    const args = ['address', '--seed', 'shards', '--count', '30001', '--format', 'parquet', '--out', folder];
    const results = await Promise.all([0, 1, 2, 3].map((k) => runBinary([...args, '--shard', `${k}/4`])));
    for (const result of results) expect(result.status).toBe(0);
    expect(readdirSync(folder).sort()).toEqual([0, 1, 2, 3].map((k) => parquetPartName(k, 4)));
    const expected = ndjson(
      (await runBinary(['address', '--seed', 'shards', '--count', '30001', '--format', 'ndjson'])).stdout,
    );
    const read = await duck(
      `SELECT * EXCLUDE (filename) FROM read_parquet('${folder}/*.parquet', filename = true) ORDER BY filename, file_row_number`
        .replace('EXCLUDE (filename)', 'EXCLUDE (filename, file_row_number)')
        .replace('filename = true', 'filename = true, file_row_number = true'),
    );
    expect(read).toEqual(expected);
  });

  it('every catalogue field (--fields) keeps its type: DATE, BIGINT, UUID text, DOUBLE', async () => {
    const file = join(scratch, 'fields.parquet');
    const fields = FIELD_NAMES.map((field) => (field === 'index' ? 'record_index=index' : field));
    const written = await runBinary([
      'address',
      '--seed',
      'fields',
      '--count',
      '3000',
      '--fields',
      fields.join(','),
      '--format',
      'parquet',
      '--out',
      file,
    ]);
    expect(written.status).toBe(0);
    const read = await duck(
      `SELECT * REPLACE (strftime("birthDate", '%Y-%m-%d') AS "birthDate", CAST(record_index AS DOUBLE) AS record_index, CAST("vehicleYear" AS DOUBLE) AS "vehicleYear") FROM read_parquet('${file}')`,
    );
    const expected = createGenerator({ seed: 'fields' }).addresses({
      start: 0,
      count: 3000,
      fields,
    }) as unknown as Record<string, unknown>[];
    expect(read).toEqual(expected);
    const types = Object.fromEntries(
      (await duck(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${file}'))`)).map(
        (row) => [row.column_name, row.column_type],
      ),
    );
    expect(types).toMatchObject({
      birthDate: 'DATE',
      record_index: 'BIGINT',
      vehicleYear: 'BIGINT',
      uuid: 'VARCHAR',
      lon: 'DOUBLE',
    });
  });

  it('needs --out, and refuses --remote', async () => {
    const noOut = await runBinary(['address', '--count', '3', '--format', 'parquet']);
    expect(noOut.status).toBe(2);
    expect(noOut.stderr).toContain('--format parquet needs --out FILE');
    const remote = await runBinary([
      'address',
      '--count',
      '3',
      '--format',
      'parquet',
      '--out',
      join(scratch, 'r.parquet'),
      '--remote',
      'https://api.example.com',
    ]);
    expect(remote.status).toBe(2);
    expect(remote.stderr).toContain('--remote takes the whole run as text');
  });
});
