import type { FieldSchema, KindField } from 'ussynth/records';
import { recordKind } from 'ussynth/records';
import { fieldsSchema, recordSchema } from './record-schema.js';

// The API's schemas of issue 49's related records: companies (the company kind's), households with their members and
// a company's employees. A field an address has is described as the address kind describes it, so one field has one
// schema everywhere; server/test/routes/v1/related.test.ts holds every schema's keys, in order, to the library's
// records, and real answers to the schemas.

/** The address kind's fields by name, their API schema with them. */
const KNOWN = new Map<string, KindField>(recordKind('address').fields.map((field) => [field.name, field]));

/** A field of the address kind, as it describes it. */
function known(name: string): KindField {
  const field = KNOWN.get(name);
  if (field === undefined) throw new Error(`no address field named ${name}`);
  return field;
}

const text = (name: string, schema?: FieldSchema): KindField => ({ name, type: 'text', ...(schema && { schema }) });
const uuid = (name: string, description: string): KindField => ({ name, type: 'uuid', schema: { description } });

/** A person's fields as on an address record and the field catalogue (docs/generator.md, "Fields"). */
const PERSON: readonly KindField[] = [
  known('name'),
  text('firstName', { minLength: 1 }),
  text('lastName', { minLength: 1 }),
  text('sex', { description: '`F` or `M`: the sex the first name was drawn for.' }),
  { name: 'birthDate', type: 'date' },
];

/** The field's pattern, or an empty string (a child's phone and e-mail). */
function orEmpty(field: KindField, description: string): Record<string, unknown> {
  return { type: 'string', pattern: `^$|${field.schema?.pattern}`, description };
}

/** `fieldsSchema` with some properties replaced (an enum, an array of members, a field that may be empty). */
function withProperties<S extends ReturnType<typeof fieldsSchema>>(schema: S, properties: Record<string, unknown>) {
  return { ...schema, properties: { ...schema.properties, ...properties } } as const;
}

/**
 * JSON schema of a Company (/v1/companies): the company kind's record (`src/records/kinds/company.ts`), its fields
 * in order, as the table `companies` has them.
 * @example response: { 200: { $ref: 'company#' } }
 */
export const companySchema = recordSchema(recordKind('company'));

/**
 * JSON schema of a HouseholdMember: one person of a household, at its address.
 * @example response: { 200: { $ref: 'householdMember#' } }
 */
export const householdMemberSchema = withProperties(
  fieldsSchema('householdMember', [
    uuid('id', "The person's key, from the household's and the person's place in it."),
    uuid('householdId', "The household's `id`."),
    text('relationship'),
    ...PERSON,
    known('street'),
    known('city'),
    { name: 'state', type: 'state' },
    known('zip'),
    known('phone'),
    known('email'),
    known('country'),
  ]),
  {
    relationship: {
      type: 'string',
      enum: ['householder', 'spouse', 'partner', 'child', 'relative', 'roommate'],
      description: 'To the householder.',
    },
    phone: orEmpty(known('phone'), 'Own mobile, local to the ZIP; empty for a child under 13.'),
    email: orEmpty(known('email'), 'Own e-mail; empty for a child under 13.'),
  },
);

/**
 * JSON schema of a Household: one address and landline, and its members (the householder first).
 * @example response: { 200: { $ref: 'household#' } }
 */
export const householdSchema = withProperties(
  fieldsSchema('household', [
    uuid('id', "The household's key, from the seed, the state asked and the household's index."),
    known('street'),
    text('line1', { minLength: 1, description: 'Street line.' }),
    text('line2', { description: 'Apartment or unit, or empty.' }),
    known('city'),
    { name: 'state', type: 'state' },
    known('zip'),
    { ...known('phone'), schema: { ...known('phone').schema, description: 'The landline, local to the ZIP.' } },
    { name: 'size', type: 'bigint', schema: { minimum: 1, description: 'Number of members.' } },
    text('type'),
    // Required, in its place; its schema is the array below.
    text('members'),
  ]),
  {
    type: { type: 'string', enum: ['family', 'nonfamily'], description: 'Census household type.' },
    members: { type: 'array', items: { $ref: 'householdMember#' }, minItems: 1 },
  },
);

/**
 * JSON schema of an Employee: a person who works for the company and lives within commuting distance of it.
 * @example response: { 200: { $ref: 'employee#' } }
 */
export const employeeSchema = fieldsSchema('employee', [
  uuid('id', "The employee's key, from the company's and the employee's index."),
  uuid('companyId', "The company's `id`."),
  text('title', { minLength: 1, description: 'Job title, from a list by sector.' }),
  ...PERSON,
  known('street'),
  known('city'),
  { name: 'state', type: 'state' },
  known('zip'),
  { ...known('phone'), schema: { ...known('phone').schema, description: 'Mobile, local to the home.' } },
  text('email', { pattern: '^[^@\\s]+@[^@\\s]+$', description: "Work e-mail, first.last@ the company's domain." }),
  known('country'),
]);
