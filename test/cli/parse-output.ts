// Reads the binary's output back with each format's own parser: JSON.parse, csv-parse, SQLite.
import { Database } from '../../pipeline/load/sqlite-driver.js';
import { parse as parseCsv } from 'csv-parse/sync';

/** A record as the parsers give it back. */
export type ParsedRecord = Record<string, string>;

/**
 * Parses NDJSON line by line; every line must be a JSON object.
 * @example parseNdjson(Buffer.from('{"ein":"12-3456789"}\n')) // [{ ein: '12-3456789' }]
 */
export function parseNdjson(bytes: Buffer): ParsedRecord[] {
  const text = bytes.toString('utf8');
  if (!text.endsWith('\n')) throw new Error('NDJSON output does not end with a line break');
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as ParsedRecord);
}

/**
 * Parses CSV with a header line into records.
 * @example parseCsvRecords(Buffer.from('ein\n12-3456789\n'))
 */
export function parseCsvRecords(bytes: Buffer): ParsedRecord[] {
  return parseCsv(bytes, { columns: true, relax_column_count: false }) as ParsedRecord[];
}

/**
 * Loads SQL into a fresh in-memory SQLite database and reads the table back in insertion order.
 * @example loadSqlite(sqlBytes, 'addresses').rows.length
 */
export function loadSqlite(bytes: Buffer, table: string): { rows: ParsedRecord[]; columns: string[] } {
  const db = new Database(':memory:');
  try {
    db.exec(bytes.toString('utf8'));
    const statement = db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`);
    return { rows: statement.all() as ParsedRecord[], columns: statement.columns().map((column) => column.name) };
  } finally {
    db.close();
  }
}

/**
 * Parses any of the four formats into records (JSON: an array or one object).
 * @example parseRecords('csv', stdout, 'eins')
 */
export function parseRecords(format: string, bytes: Buffer, table: string): ParsedRecord[] {
  switch (format) {
    case 'json': {
      const value = JSON.parse(bytes.toString('utf8')) as ParsedRecord | ParsedRecord[];
      return Array.isArray(value) ? value : [value];
    }
    case 'ndjson':
      return parseNdjson(bytes);
    case 'csv':
      return parseCsvRecords(bytes);
    case 'sql':
      return loadSqlite(bytes, table).rows;
    default:
      throw new Error(`unknown format ${format}`);
  }
}
