import type { ColumnType, KindField, RecordKind } from 'ussynth/records';

// A field's JSON type by its column type; a state is its two-letter code.
const JSON_TYPES: Record<ColumnType, object> = {
  text: { type: 'string' },
  state: { type: 'string', pattern: '^[A-Z]{2}$' },
  date: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
  uuid: { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' },
  bigint: { type: 'integer' },
  double: { type: 'number' },
};

/**
 * JSON schema of one field: its column type's JSON type, then what the kind says of it (`KindField.schema`).
 * @example fieldSchema({ name: 'ein', type: 'text', schema: { pattern: '^[0-9]{2}-[0-9]{7}$' } }) // { type: 'string', pattern: ... }
 */
export function fieldSchema(field: KindField): Record<string, unknown> {
  return { ...JSON_TYPES[field.type], ...field.schema };
}

/**
 * JSON schema of a kind's record, registered under `$id` (the kind's name by default): its fields, all required,
 * in order, then its `geoFields`, optional (present with geo=true); no other property.
 * @example recordSchema(recordKind('ein')) // { $id: 'ein', type: 'object', required: ['ein'], ... }
 */
export function recordSchema(kind: RecordKind, id: string = kind.name) {
  return fieldsSchema(id, kind.fields, kind.geoFields);
}

/**
 * JSON schema of an object of `fields`, all required, in order, then `optional` ones; no other property.
 * @example fieldsSchema('ein', [{ name: 'ein', type: 'text' }]) // { $id: 'ein', type: 'object', required: ['ein'], ... }
 */
export function fieldsSchema(id: string, fields: readonly KindField[], optional: readonly KindField[] = []) {
  return {
    $id: id,
    type: 'object',
    required: fields.map((field) => field.name),
    additionalProperties: false,
    properties: Object.fromEntries([...fields, ...optional].map((field) => [field.name, fieldSchema(field)])),
  } as const;
}
