import { Type, type Static } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { body, STRING } from '../../../src/routes/account/schemas.js';

describe('body', () => {
  it('is the plain JSON Schema of a closed body whose fields are required unless optional', () => {
    const schema = body({ name: { type: 'string', description: 'A label.' }, expiresAt: Type.Optional({ type: ['string', 'null'] } as const) });
    expect(JSON.parse(JSON.stringify(schema))).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: { type: 'string', description: 'A label.' }, expiresAt: { type: ['string', 'null'] } },
    });
    expect(Object.keys(schema).sort()).toEqual(['additionalProperties', 'properties', 'required', 'type']);
    expectTypeOf<Static<typeof schema>>().toEqualTypeOf<{ name: string; expiresAt?: string | null }>();
  });

  it('types every listed field as required', () => {
    const schema = body({ email: STRING, graceSeconds: { type: 'integer' } });
    expect(schema.required).toEqual(['email', 'graceSeconds']);
    expectTypeOf<Static<typeof schema>>().toEqualTypeOf<{ email: string; graceSeconds: number }>();
  });
});
