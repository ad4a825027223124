// A kind defined here only, registered with one call (a kind of the package is one line in
// src/records/kinds/registry.ts instead): nothing else is added for it, and it runs through the
// library's renderer, every format of a record command, --to sqlite: and Parquet.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { recordCommand } from '../../../src/cli/jobs/record-command.js';
import type { TextRecord } from '../../../src/records/formats/record-format.js';
import { recordKind, recordKindNames, registerRecordKind } from '../../../src/records/kinds/registry.js';
import { chunkRenderer, recordReader, type RecordJob } from '../../../src/records/record-job.js';
import type { RecordKind } from '../../../src/records/record-kind.js';

/** Widgets: text with characters every format must escape, a date, a whole number and a double. */
const widgetKind: RecordKind = {
  name: 'widget',
  table: 'widgets',
  fields: [
    { name: 'sku', type: 'text' },
    { name: 'made', type: 'date' },
    { name: 'serial', type: 'bigint' },
    { name: 'weight', type: 'double' },
    { name: 'label', type: 'text' },
  ],
  takes: {},
  reader:
    ({ seed }) =>
    (start, count) =>
      Array.from({ length: count }, (_, k) => widget(seed, start + k)),
};

function widget(seed: string, i: number): TextRecord {
  const made = `2024-01-${String(1 + (i % 28)).padStart(2, '0')}`;
  return {
    sku: `W-${seed}-${i}`,
    made,
    serial: i,
    weight: i + 0.25,
    label: i % 3 === 0 ? 'say "hi", then\\go' : 'plain',
  } as unknown as TextRecord;
}

registerRecordKind(widgetKind);

const COUNT = 7;
const EXPECTED = Array.from({ length: COUNT }, (_, i) => widget('7', i));
const scratch = mkdtempSync(join(tmpdir(), 'ussynth-test-kind-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const command = recordCommand({
  name: 'widget',
  kind: 'widget',
  summary: 'Widgets (a test kind)',
  help: 'Usage: widget [options]\n',
});

/** Runs the widget command in-process; its stdout and stderr as text. */
async function runWidget(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const collect = (): Writable & { text: string } => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        sink.text += chunk.toString('utf8');
        done();
      },
    }) as Writable & { text: string };
    sink.text = '';
    return sink;
  };
  const stdout = collect();
  const stderr = collect();
  const status = await command.run(['--seed', '7', '--count', String(COUNT), ...args], { stdout, stderr, env: {} });
  return { status, stdout: stdout.text, stderr: stderr.text };
}

function sqliteRows(sql: string): unknown[] {
  const db = new Database(':memory:');
  try {
    db.exec(sql);
    return db.prepare('SELECT * FROM widgets').all();
  } finally {
    db.close();
  }
}

describe('a record kind defined in the tests only', () => {
  it('is registered next to the kinds of the package, and a taken name is refused', () => {
    expect(recordKindNames()).toEqual(['address', 'company', 'ein', 'phone', 'widget', 'zip']);
    expect(recordKind('widget')).toBe(widgetKind);
    expect(() => registerRecordKind(widgetKind)).toThrow('record kind "widget" is already registered');
    expect(() => recordKind('gadget')).toThrow(
      'unknown record kind "gadget"; known kinds: address, company, ein, phone, widget, zip',
    );
  });

  it('renders through the library: the reader and the chunk renderer of a job', () => {
    const job: RecordJob = {
      kind: 'widget',
      seed: '7',
      fictionalPhones: false,
      format: 'ndjson',
      table: 'widgets',
      jsonShape: 'array',
      count: COUNT,
    };
    expect(recordReader(job)(0, COUNT)).toEqual(EXPECTED);
    const text = new TextDecoder().decode(chunkRenderer(job, 3)(0, COUNT));
    expect(
      text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(EXPECTED);
  });

  it('writes JSON, NDJSON and CSV with its fields, numbers bare and text escaped', async () => {
    const json = await runWidget(['--format', 'json']);
    expect(json.stderr).toBe('');
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(EXPECTED);
    const ndjson = await runWidget(['--format', 'ndjson']);
    expect(
      ndjson.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(EXPECTED);
    const csv = (await runWidget(['--format', 'csv'])).stdout.split('\n');
    expect(csv[0]).toBe('sku,made,serial,weight,label');
    expect(csv[1]).toBe('W-7-0,2024-01-01,0,0.25,"say ""hi"", then\\go"');
    expect(csv[2]).toBe('W-7-1,2024-01-02,1,1.25,plain');
  });

  it('writes SQL that SQLite loads back, typed by its fields in every dialect', async () => {
    const portable = await runWidget(['--format', 'sql']);
    expect(portable.status).toBe(0);
    expect(sqliteRows(portable.stdout)).toEqual(EXPECTED);
    const sqlite = await runWidget(['--format', 'sql', '--dialect', 'sqlite']);
    expect(sqliteRows(sqlite.stdout)).toEqual(EXPECTED);
    const postgres = (await runWidget(['--format', 'sql', '--dialect', 'postgres'])).stdout;
    expect(postgres).toMatch(/"made" DATE NOT NULL/);
    expect(postgres).toMatch(/"serial" BIGINT NOT NULL/);
    expect(postgres).toMatch(/"weight" DOUBLE PRECISION NOT NULL/);
    const mysql = (await runWidget(['--format', 'sql', '--dialect', 'mysql'])).stdout;
    expect(mysql).toMatch(/`sku` VARCHAR\(255\) NOT NULL/);
    expect(mysql).toMatch(/`weight` DOUBLE NOT NULL/);
  });

  it('loads into SQLite with --to sqlite:', async () => {
    const file = join(scratch, 'widgets.db');
    const loaded = await runWidget(['--to', `sqlite:${file}`, '--jobs', '1']);
    expect(loaded.stderr).toMatch(/^loaded 7 rows into widgets in /);
    expect(loaded.status).toBe(0);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('SELECT * FROM widgets ORDER BY serial').all()).toEqual(EXPECTED);
      const types = db.prepare("SELECT name, type FROM pragma_table_info('widgets')").all();
      expect(types).toEqual([
        { name: 'sku', type: 'TEXT' },
        { name: 'made', type: 'DATE' },
        { name: 'serial', type: 'INTEGER' },
        { name: 'weight', type: 'REAL' },
        { name: 'label', type: 'TEXT' },
      ]);
    } finally {
      db.close();
    }
  });

  it('writes Parquet that DuckDB reads back, typed', async () => {
    const file = join(scratch, 'widgets.parquet');
    const written = await runWidget(['--format', 'parquet', '--out', file]);
    expect(written.stderr).toBe('');
    expect(written.status).toBe(0);
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const read = async (sql: string): Promise<Record<string, unknown>[]> =>
        (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
      const types = await read(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${file}'))`);
      expect(types).toEqual([
        { column_name: 'sku', column_type: 'VARCHAR' },
        { column_name: 'made', column_type: 'DATE' },
        { column_name: 'serial', column_type: 'BIGINT' },
        { column_name: 'weight', column_type: 'DOUBLE' },
        { column_name: 'label', column_type: 'VARCHAR' },
      ]);
      const rows = await read(
        `SELECT sku, CAST(made AS VARCHAR) AS made, CAST(serial AS DOUBLE) AS serial, weight, label FROM read_parquet('${file}')`,
      );
      expect(rows).toEqual(EXPECTED);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});
