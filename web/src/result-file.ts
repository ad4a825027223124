import { FIELD_KINDS, parseFieldList } from '../../src/browser.js';
import { recordFile } from '../../src/records/formats/record-file.js';
import { NUMBER_COLUMNS, type JsonShape, type TextRecord } from '../../src/records/formats/record-format.js';
import type { DemoKind } from './demo-request.js';
import { demoColumns, type DemoResult } from './generate.js';

// The command each kind's download equals, byte for byte (docs/demo.md; `--geo` with the geo box, `--fields` with fields): the JSON shape that command writes.
const JSON_SHAPES: Readonly<Record<DemoKind, JsonShape>> = {
  address: 'object', // ussynth address --seed S [--state XX]
  batch: 'batch', // ussynth batch --seed S --count N [--state XX]
  ein: 'array', // ussynth ein --seed S --count N
  phone: 'array', // ussynth phone --seed S --count N [--state XX]
  zip: 'object', // ussynth zip ZIP
};

/**
 * A result as the file `ussynth ... --format csv|json` writes for the same
 * seed and options, through the CLI's own writers.
 * @example resultFile(result, 'csv') // "name,street,...\n..."
 */
export function resultFile(result: DemoResult, format: 'csv' | 'json'): string {
  const kind = result.request.kind;
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
