import { recordFile } from '../../src/cli/output/record-file.js';
import type { JsonShape } from '../../src/cli/output/record-format.js';
import type { DemoKind } from './demo-request.js';
import { demoColumns, type DemoResult } from './generate.js';

// The command each kind's download equals, byte for byte (docs/demo.md; `--geo` with the geo box): the JSON shape that command writes.
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
  return recordFile(format, { columns, table: 'records', jsonShape: JSON_SHAPES[kind] }, result.records);
}
