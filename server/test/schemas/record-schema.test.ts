// A kind defined here only, registered with one call: the server's record schema is built from its fields with no
// other change to the server, and it is a JSON schema (strict ajv) that holds the kind's records and nothing else.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { type RecordKind, recordKind, registerRecordKind, type TextRecord } from 'ussynth/records';
import { recordSchema } from '../../src/schemas/record-schema.js';

/** Widgets: text with a pattern and a description, a state, a date, a uuid, a whole number and a double. */
const widgetKind: RecordKind = {
  name: 'widget',
  table: 'widgets',
  fields: [
    { name: 'sku', type: 'text', schema: { pattern: '^W-[0-9]+$', description: 'Stock-keeping unit.' } },
    { name: 'state', type: 'state' },
    { name: 'made', type: 'date' },
    { name: 'id', type: 'uuid' },
    { name: 'serial', type: 'bigint', schema: { minimum: 0 } },
    { name: 'weight', type: 'double' },
  ],
  geoFields: [{ name: 'lat', type: 'double', schema: { minimum: -90, maximum: 90 } }],
  takes: {},
  reader: () => (start, count) =>
    Array.from(
      { length: count },
      (_, k) =>
        ({
          sku: `W-${start + k}`,
          state: 'TX',
          made: '2024-01-02',
          id: '0f8fad5b-d9cb-469f-a165-70867728950e',
          serial: start + k,
          weight: start + k + 0.25,
        }) as unknown as TextRecord,
    ),
};

registerRecordKind(widgetKind);

describe('recordSchema', () => {
  const schema = recordSchema(recordKind('widget'));
  const ajv = new Ajv({ allErrors: true, strict: true });

  it("is a valid JSON schema, strictly, of the kind's fields in order, their types, and what the kind says of them", () => {
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(schema).toMatchObject({ $id: 'widget', type: 'object', additionalProperties: false });
    expect(schema.required).toEqual(['sku', 'state', 'made', 'id', 'serial', 'weight']);
    expect(Object.keys(schema.properties)).toEqual([...schema.required, 'lat']);
    expect(schema.properties.sku).toEqual({
      type: 'string',
      pattern: '^W-[0-9]+$',
      description: 'Stock-keeping unit.',
    });
    expect(schema.properties.serial).toEqual({ type: 'integer', minimum: 0 });
    expect(schema.properties.weight).toEqual({ type: 'number' });
  });

  it("holds the kind's records, with and without the geographic field, and refuses what is not one", () => {
    const validate = ajv.compile(schema);
    const records = widgetKind.reader!({ seed: '1', fictionalPhones: false })(0, 5);
    for (const record of records) expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...records[0], lat: 40.5 })).toBe(true);
    const bad: Record<string, unknown>[] = [
      { ...records[0], sku: 'X-1' },
      { ...records[0], state: 'Texas' },
      { ...records[0], made: 'yesterday' },
      { ...records[0], id: 'not-a-uuid' },
      { ...records[0], serial: 1.5 },
      { ...records[0], weight: '1.25' },
      { ...records[0], lat: 91 },
      { ...records[0], extra: 1 },
    ];
    for (const record of bad) expect(validate(record), JSON.stringify(record)).toBe(false);
    const { weight: _, ...missing } = records[0] as unknown as Record<string, unknown>;
    expect(validate(missing)).toBe(false);
  });

  it("takes another $id, for a kind's record registered under another name", () => {
    expect(recordSchema(recordKind('widget'), 'gadget').$id).toBe('gadget');
  });
});
