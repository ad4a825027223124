import { FIELD_KINDS, parseFieldList } from '../../src/browser.js';
import { recordFile } from '../../src/records/formats/record-file.js';
import { NUMBER_COLUMNS, type JsonShape, type TextRecord } from '../../src/records/formats/record-format.js';
import type { DemoKind } from './demo-request.js';
import {
  COMPANY_FIELDS,
  demoColumns,
  EMPLOYEE_FIELDS,
  HOUSEHOLD_FIELDS,
  MEMBER_FIELDS,
  type DemoResult,
} from './generate.js';

// The command each kind's download equals, byte for byte (docs/demo.md; `--geo` with the geo box, `--fields` with fields): the JSON shape that command writes.
const JSON_SHAPES: Readonly<Record<DemoKind, JsonShape>> = {
  address: 'object', // ussynth address --seed S [--state XX]
  batch: 'batch', // ussynth batch --seed S --count N [--state XX]
  ein: 'array', // ussynth ein --seed S --count N
  phone: 'array', // ussynth phone --seed S --count N [--state XX]
  zip: 'object', // ussynth zip ZIP
  // The related kinds' JSON is the API's answer (nested), written by relatedJson; these are not used.
  company: 'array',
  household: 'array',
  employee: 'array',
};

/** One CSV file of a result: its table's name (the CLI's default table, `--out DIR/<table>.csv`) and its text. */
export interface ResultTable {
  table: string;
  text: string;
}

/**
 * A result's CSV files: one for the kinds of one table, two for households
 * (`households` and `people`, the people carrying `householdId`) and
 * employees (`companies`, the one company, and `employees` with `companyId`),
 * as the CLI's `--out DIR` writes one file per table.
 * @example resultTables(households).map((t) => t.table) // ['households', 'people']
 */
export function resultTables(result: DemoResult): ResultTable[] {
  const json = result.json as Record<string, unknown>;
  switch (result.request.kind) {
    case 'company':
      return [csvTable('companies', COMPANY_FIELDS, json.companies as object[])];
    case 'household': {
      const households = json.households as { members: object[] }[];
      return [
        csvTable('households', HOUSEHOLD_FIELDS, households),
        csvTable(
          'people',
          MEMBER_FIELDS,
          households.flatMap((household) => household.members),
        ),
      ];
    }
    case 'employee':
      return [
        csvTable('companies', COMPANY_FIELDS, [json.company as object]),
        csvTable('employees', EMPLOYEE_FIELDS, json.employees as object[]),
      ];
    default:
      return [{ table: 'records', text: resultFile(result, 'csv') }];
  }
}

/** A table of related records as CSV through the CLI's writer: every value as text (a null as empty). */
function csvTable(table: string, columns: readonly string[], records: readonly object[]): ResultTable {
  const rows = records.map((record) => {
    const values = record as Record<string, unknown>;
    return Object.fromEntries(columns.map((column) => [column, values[column] == null ? '' : String(values[column])]));
  });
  const kinds = columns.map(() => 'text' as const);
  return { table, text: recordFile('csv', { columns: [...columns], kinds, table, jsonShape: 'array' }, rows) };
}

/**
 * The related kinds' JSON: the API's answer (`{ count, companies }`, `{ count, households }` with each household's
 * members nested, `{ count, company, employees }`), one record per line like the CLI's JSON.
 */
function relatedJson(result: DemoResult): string {
  const { count, ...rest } = result.json as { count: number } & Record<string, unknown>;
  const listKey = { company: 'companies', household: 'households', employee: 'employees' }[
    result.request.kind as 'company' | 'household' | 'employee'
  ];
  const head = Object.entries(rest)
    .filter(([key]) => key !== listKey)
    .map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`)
    .join('');
  const items = (rest[listKey] as unknown[]).map((item) => JSON.stringify(item));
  const body = items.length === 0 ? '' : `\n${items.join(',\n')}\n`;
  return `{"count":${count}${head},${JSON.stringify(listKey)}:[${body}]}\n`;
}

/**
 * A result as the file `ussynth ... --format csv|json` writes for the same
 * seed and options, through the CLI's own writers.
 * @example resultFile(result, 'csv') // "name,street,...\n..."
 */
export function resultFile(result: DemoResult, format: 'csv' | 'json'): string {
  const kind = result.request.kind;
  if (kind === 'company' || kind === 'household' || kind === 'employee') {
    if (format === 'json') return relatedJson(result);
    throw new Error(`a ${kind} result has several CSV tables: use resultTables`);
  }
  // With geo on, the five geo columns follow, as `--geo` adds them.
  const columns = demoColumns(result.request).map((column) => column.key);
  const fields = result.request.fields;
  // With fields, the generated records are written as they are (index, lat and lon numbers), typed as `--fields` types them.
  if (fields !== undefined) {
    const kinds = parseFieldList(fields).map(({ field }) => FIELD_KINDS[field]);
    return recordFile(
      format,
      { columns, kinds, table: 'records', jsonShape: JSON_SHAPES[kind] },
      generated(result) as unknown as TextRecord[],
    );
  }
  return recordFile(format, { columns, table: 'records', jsonShape: JSON_SHAPES[kind] }, fileRecords(result));
}

/** The generated objects behind the table's rows, in order. */
function generated(result: DemoResult): readonly Record<string, unknown>[] {
  const json = result.json as Record<string, unknown> | Record<string, unknown>[] | null;
  if (Array.isArray(json)) return json;
  if (json === null) return [];
  return result.request.kind === 'batch' ? (json.addresses as Record<string, unknown>[]) : [json];
}

/** The rows as the command line hands them to its writers: text, but lat and lon as the numbers they are (JSON writes them bare). */
function fileRecords(result: DemoResult): TextRecord[] {
  const objects = generated(result);
  return result.records.map((row, i) => {
    const numbers = Object.keys(row).filter((key) => NUMBER_COLUMNS.has(key) && typeof objects[i]?.[key] === 'number');
    if (numbers.length === 0) return row;
    return { ...row, ...Object.fromEntries(numbers.map((key) => [key, objects[i]![key]])) } as TextRecord;
  });
}
