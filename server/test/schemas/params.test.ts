import type { Static } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { MAX_START, objectOf, PARAMS, requiredObjectOf } from '../../src/schemas/params.js';

// The JSON Schema AJV validates with and the OpenAPI document shows; its TypeBox type exists for the compiler only.
const asJson = (schema: object): unknown => JSON.parse(JSON.stringify(schema));

describe('objectOf', () => {
  it('is the plain JSON Schema of optional parameters, unknown ones refused, with nothing but JSON keys', () => {
    const schema = objectOf('count', 'seed', 'geo');
    expect(asJson(schema)).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: { count: PARAMS.count.schema, seed: PARAMS.seed.schema, geo: PARAMS.geo.schema },
    });
    expect(Object.keys(schema)).toEqual(['type', 'additionalProperties', 'properties']);
    expect(schema.properties.count).toBe(PARAMS.count.schema);
    expect(asJson(objectOf())).toEqual({ type: 'object', additionalProperties: false, properties: {} });
  });

  it('types a parameter with a default as always set (AJV fills it) and the others as optional', () => {
    expectTypeOf<Static<ReturnType<typeof objectOf<'count' | 'start' | 'state' | 'fictional'>>>>().toEqualTypeOf<{
      count: number;
      start: number;
      state?: string;
      fictional?: boolean;
    }>();
    expect(PARAMS.count.schema.default).toBe(10);
    expect(PARAMS.start.schema).toMatchObject({ default: 0, maximum: MAX_START });
  });
});

describe('requiredObjectOf', () => {
  it('is the plain JSON Schema of required path parameters', () => {
    expect(asJson(requiredObjectOf('zip'))).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: { zip: PARAMS.zip.schema },
      required: ['zip'],
    });
    expectTypeOf<Static<ReturnType<typeof requiredObjectOf<'zip'>>>>().toEqualTypeOf<{ zip: string }>();
  });
});
