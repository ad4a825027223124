import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  COLUMN_NAME_PATTERN,
  createGenerator,
  FIELD_NAMES,
  parseFieldList,
  RESERVED_COLUMN_NAMES,
  sqlTypeOf,
  UssynthError,
  type FieldRecord,
} from '../../src/index.js';

function errorOf(list: unknown): UssynthError {
  try {
    parseFieldList(list);
  } catch (error) {
    expect(error).toBeInstanceOf(UssynthError);
    return error as UssynthError;
  }
  throw new Error(`${JSON.stringify(list)} was accepted`);
}

describe('parseFieldList', () => {
  it('reads `field` and `column=field` entries from a string or an array, in order, spaces around parts ignored', () => {
    const expected = [
      { column: 'id', field: 'uuid' },
      { column: 'first_name', field: 'firstName' },
      { column: 'email', field: 'email' },
    ];
    expect(parseFieldList('id=uuid,first_name=firstName,email')).toEqual(expected);
    expect(parseFieldList(' id = uuid , first_name=firstName, email ')).toEqual(expected);
    expect(parseFieldList(['id=uuid', 'first_name=firstName', 'email'])).toEqual(expected);
  });

  it('refuses an unknown field, naming it and listing the valid ones', () => {
    const error = errorOf('email,phone_number');
    expect(error.code).toBe('invalid_fields');
    expect(error.param).toBe('fields');
    expect(error.message).toContain('"phone_number"');
    expect(error.message).toContain(`valid fields: ${FIELD_NAMES.join(', ')}`);
    expect(errorOf('x=Email').message).toContain('unknown field "Email"');
  });

  it('refuses a repeated column, also in another case', () => {
    expect(errorOf('email,email').message).toContain('column "email" appears twice');
    expect(errorOf('zip,ZIP=zip').message).toContain('column "ZIP" appears twice in fields (as "zip"');
    expect(errorOf('a=zip,a=state').message).toContain('column "a" appears twice');
  });

  it('refuses a column name that is not an identifier', () => {
    for (const column of ['first-name', '1st', 'a b', 'x"y', 'a,b', 'é', 'a'.repeat(64), '']) {
      const error = errorOf([`${column}=zip`]);
      expect(error.code).toBe('invalid_fields');
      expect(error.message).toContain(`column name ${JSON.stringify(column)}`);
    }
    expect(() => parseFieldList([`${'a'.repeat(63)}=zip`])).not.toThrow();
  });

  it('refuses __proto__, constructor and prototype as column names, renamed or not', () => {
    expect([...RESERVED_COLUMN_NAMES]).toEqual(['__proto__', 'constructor', 'prototype']);
    for (const column of RESERVED_COLUMN_NAMES) {
      for (const list of [`${column}=name`, [`zip`, `${column}=zip`], ` ${column} = email`]) {
        const error = errorOf(list);
        expect(error.code).toBe('invalid_fields');
        expect(error.param).toBe('fields');
        expect(error.message).toContain(`column name ${JSON.stringify(column)}`);
        expect(error.message).toContain('is reserved');
      }
    }
    // JavaScript compares property names with case, so other spellings are ordinary columns.
    const record = createGenerator({ seed: 1 }).addressAt(0, {
      fields: '__PROTO__=zip,Constructor=state,Prototype=city',
    });
    const { zip, state, city } = createGenerator({ seed: 1 }).addressAt(0);
    expect(record).toEqual({ __PROTO__: zip, Constructor: state, Prototype: city });
  });

  it('gives, for any valid column name, a plain record whose own key holds the value (a property test)', () => {
    // Names JavaScript objects already have (Object.prototype's own and __proto__-like ones) besides random identifiers.
    const inherited = Object.getOwnPropertyNames(Object.prototype).concat(
      'prototype',
      'Constructor',
      '__PROTO__',
      'then',
      'length',
      'name',
    );
    const columns = fc.oneof(fc.constantFrom(...inherited), fc.stringMatching(COLUMN_NAME_PATTERN));
    fc.assert(
      fc.property(
        fc.uniqueArray(columns, { minLength: 1, maxLength: 5, selector: (c) => c.toLowerCase() }),
        fc.nat({ max: 100_000 }),
        (names, index) => {
          const list = names.map((column, i) => `${column}=${FIELD_NAMES[i]}`);
          const reserved = names.find((column) => (RESERVED_COLUMN_NAMES as readonly string[]).includes(column));
          const gen = createGenerator({ seed: 'columns' });
          if (reserved !== undefined) {
            expect(errorOf(list).message).toContain(`column name ${JSON.stringify(reserved)}`);
            expect(() => gen.addressAt(index, { fields: list })).toThrow(/is reserved/);
            return;
          }
          const record = gen.addressAt(index, { fields: list });
          const fields = gen.addressAt(index, { fields: FIELD_NAMES.slice(0, names.length) }) as Record<
            string,
            unknown
          >;
          expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
          expect(Object.keys(record)).toEqual(names);
          names.forEach((column, i) => {
            expect(Object.getOwnPropertyDescriptor(record, column)?.value).toBe(fields[FIELD_NAMES[i]]);
          });
          expect(JSON.parse(JSON.stringify(record))).toEqual(record);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses an empty list, an empty entry, too many entries and what is not a list', () => {
    expect(errorOf('').message).toContain('fields is empty');
    expect(errorOf('   ').message).toContain('fields is empty');
    expect(errorOf([]).message).toContain('fields is empty');
    expect(errorOf('zip,,state').message).toContain('fields entry 2 is empty');
    expect(errorOf('zip,').message).toContain('fields entry 2 is empty');
    expect(errorOf(Array.from({ length: 65 }, (_, i) => `c${i}=zip`)).message).toContain('at most 64');
    expect(errorOf(42).message).toContain('fields must be');
    expect(errorOf([1]).message).toContain('not a string');
  });

  it('makes the generator throw before it advances: no partial output, the cursor unmoved', () => {
    const gen = createGenerator({ seed: 1 });
    expect(() => gen.address({ fields: 'zip,nope' })).toThrow(UssynthError);
    expect(() => gen.batch({ count: 3, fields: [] })).toThrow(/fields is empty/);
    expect(gen.address({ fields: 'zip' })).toEqual({ zip: createGenerator({ seed: 1 }).addressAt(0).zip });
  });
});

describe('field types', () => {
  it('follow the fields asked (a mapped type)', () => {
    const gen = createGenerator({ seed: 1 });
    expectTypeOf(gen.addressAt(0, { fields: ['email', 'zip'] })).toEqualTypeOf<{ email: string; zip: string }>();
    expectTypeOf(gen.addressAt(0, { fields: 'id=uuid, n=index,lat' })).toEqualTypeOf<{
      id: string;
      n: number;
      lat: number;
    }>();
    expectTypeOf(gen.addresses({ count: 1, fields: ['sex'] })).toEqualTypeOf<{ sex: 'F' | 'M' }[]>();
    expectTypeOf(gen.batch({ count: 1, fields: ['birthDate'] }).addresses).toEqualTypeOf<{ birthDate: string }[]>();
    expectTypeOf<FieldRecord<string>>().toEqualTypeOf<{ [column: string]: string | number }>();
  });
});

describe('sqlTypeOf', () => {
  it('types dates, UUIDs, integers and coordinates per dialect', () => {
    expect(['birthDate', 'uuid', 'index', 'lat', 'name'].map((f) => sqlTypeOf(f as never, 'postgres'))).toEqual([
      'DATE',
      'UUID',
      'BIGINT',
      'DOUBLE PRECISION',
      'TEXT',
    ]);
    expect(['birthDate', 'uuid', 'index', 'lat', 'name'].map((f) => sqlTypeOf(f as never, 'mysql'))).toEqual([
      'DATE',
      'CHAR(36)',
      'BIGINT',
      'DOUBLE',
      'VARCHAR(255)',
    ]);
    expect(['birthDate', 'uuid', 'index', 'lat', 'name'].map((f) => sqlTypeOf(f as never, 'sqlite'))).toEqual([
      'DATE',
      'TEXT',
      'INTEGER',
      'REAL',
      'TEXT',
    ]);
  });
});
