import { recordFile } from '../../src/cli/output/record-file.js';
import type { JsonShape } from '../../src/cli/output/record-format.js';
import type { DemoKind } from './demo-request.js';
import { DEMO_COLUMNS, type DemoResult } from './generate.js';

// The command each kind's download equals, byte for byte (docs/demo.md): the JSON shape that command writes.
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
  const columns = DEMO_COLUMNS[kind].map((column) => column.key);
  return recordFile(format, { columns, table: 'records', jsonShape: JSON_SHAPES[kind] }, result.records);
}
