import type { Static } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { body, STRING } from '../../../src/routes/account/schemas.js';

describe('body', () => {
  it('is the plain JSON Schema of a closed body, and its TypeBox type makes the listed fields required', () => {
    const schema = body(
      { name: { type: 'string', description: 'A label.' }, expiresAt: { type: ['string', 'null'] } },
      ['name'],
    );
    expect(JSON.parse(JSON.stringify(schema))).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: { type: 'string', description: 'A label.' }, expiresAt: { type: ['string', 'null'] } },
    });
    expect(Object.keys(schema)).toEqual(['type', 'additionalProperties', 'required', 'properties']);
    expectTypeOf<Static<typeof schema>>().toEqualTypeOf<{ name: string; expiresAt?: string | null }>();
  });

  it('types every listed field as required, with its JSON type', () => {
    const schema = body({ email: STRING, graceSeconds: { type: 'integer' } }, ['email', 'graceSeconds']);
    expect(schema.required).toEqual(['email', 'graceSeconds']);
    expectTypeOf<Static<typeof schema>>().toEqualTypeOf<{ email: string; graceSeconds: number }>();
  });
});
