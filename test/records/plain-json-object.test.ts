import { describe, expect, it } from 'vitest';
import { recordKind } from '../../src/records/kinds/registry.js';
import { jsonFormat } from '../../src/records/formats/json-format.js';
import { ndjsonFormat } from '../../src/records/formats/ndjson-format.js';
import { plainJsonObjectWriter } from '../../src/records/plain-json-object.js';
import type { TextRecord } from '../../src/records/formats/record-format.js';
import { createGenerator } from '../../src/index.js';

const generator = createGenerator({ seed: 'plain-json', emailDomain: 'qa.example' });
const KIND_COLUMNS = (kind: string): string[] => recordKind(kind).fields.map((field) => field.name);
const SAMPLES: Record<string, TextRecord[]> = {
  address: generator.addresses({ start: 0, count: 2000 }) as unknown as TextRecord[],
  ein: Array.from({ length: 200 }, (_, i) => generator.einAt(i) as unknown as TextRecord),
  phone: Array.from({ length: 200 }, (_, i) => generator.phoneAt(i) as unknown as TextRecord),
};

describe('plain JSON objects (values that need no escaping)', () => {
  it('writes exactly what JSON.stringify writes for every record kind of the command line', () => {
    for (const [kind, records] of Object.entries(SAMPLES)) {
      const writer = plainJsonObjectWriter(KIND_COLUMNS(kind))!;
      expect(writer, kind).toBeTypeOf('function');
      for (const record of records) expect(writer(record)).toBe(JSON.stringify(record));
    }
  });

  it('has no writer for other columns, and the formats then escape as before', () => {
    expect(plainJsonObjectWriter(['a', 'b'])).toBeUndefined();
    const format = ndjsonFormat({ columns: ['a', 'b'], table: 't', jsonShape: 'array', plainValues: true });
    expect(format.body([{ a: 'say "hi"', b: '\\' }], 0, 1)).toBe('{"a":"say \\"hi\\"","b":"\\\\"}\n');
  });

  it('gives NDJSON and JSON bodies byte-identical to the escaping path', () => {
    for (const [kind, records] of Object.entries(SAMPLES)) {
      const columns = KIND_COLUMNS(kind);
      for (const make of [ndjsonFormat, jsonFormat]) {
        const plain = make({
          columns,
          table: 't',
          jsonShape: 'array',
          plainValues: true,
          plainObject: recordKind(kind).plainJson,
        });
        const escaped = make({ columns, table: 't', jsonShape: 'array' });
        expect(plain.body(records, 0, records.length), `${kind} ${make.name}`).toBe(
          escaped.body(records, 0, records.length),
        );
      }
    }
  });
});
