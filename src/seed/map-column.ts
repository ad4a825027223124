import { nameKey } from './column-names.js';
import type { ColumnChoice, ColumnRule, RecordSource } from './column-rule.js';
import type { ColumnInfo, TableInfo, TypeFamily } from './database-schema.js';
import { recordFieldFamily, recordFieldNames } from './kind-fields.js';

/** Column names (as {@link nameKey} writes them) and the record field each means. */
const NAMED: Readonly<Record<string, string>> = {
  first_name: 'firstName',
  firstname: 'firstName',
  fname: 'firstName',
  given_name: 'firstName',
  last_name: 'lastName',
  lastname: 'lastName',
  lname: 'lastName',
  surname: 'lastName',
  family_name: 'lastName',
  name: 'name',
  full_name: 'name',
  fullname: 'name',
  display_name: 'name',
  contact_name: 'name',
  email: 'email',
  email_address: 'email',
  e_mail: 'email',
  mail: 'email',
  phone: 'phone',
  phone_number: 'phone',
  telephone: 'phone',
  tel: 'phone',
  mobile: 'phone',
  mobile_phone: 'phone',
  cell: 'phone',
  cell_phone: 'phone',
  address: 'street',
  street: 'street',
  street_address: 'street',
  address1: 'line1',
  address_line1: 'line1',
  street1: 'line1',
  line1: 'line1',
  address2: 'line2',
  address_line2: 'line2',
  street2: 'line2',
  line2: 'line2',
  unit: 'line2',
  suite: 'line2',
  city: 'city',
  town: 'city',
  state: 'state',
  state_code: 'state',
  region: 'state',
  province: 'state',
  state_name: 'stateFull',
  zip: 'zip',
  zipcode: 'zip',
  zip_code: 'zip',
  postal_code: 'zip',
  postcode: 'zip',
  postal: 'zip',
  country: 'country',
  dob: 'birthDate',
  birth_date: 'birthDate',
  birthdate: 'birthDate',
  date_of_birth: 'birthDate',
  birthday: 'birthDate',
  sex: 'sex',
  gender: 'sex',
  lat: 'lat',
  latitude: 'lat',
  lon: 'lon',
  lng: 'lon',
  long: 'lon',
  longitude: 'lon',
  county: 'county',
  county_fips: 'countyFips',
  fips: 'countyFips',
  timezone: 'timeZone',
  time_zone: 'timeZone',
  tz: 'timeZone',
  ein: 'ein',
  fein: 'ein',
  tax_id: 'ein',
  employer_id: 'ein',
  company: 'companyName',
  company_name: 'companyName',
  organization: 'companyName',
  organization_name: 'companyName',
  business_name: 'companyName',
  employer: 'companyName',
  website: 'website',
  url: 'website',
  homepage: 'website',
  domain: 'domain',
  naics: 'naics',
  naics_code: 'naics',
  industry: 'naicsTitle',
  legal_form: 'legalForm',
  employees: 'employees',
  employee_count: 'employees',
  headcount: 'employees',
  founded: 'founded',
  founded_on: 'founded',
  incorporation_state: 'incorporationState',
  household_size: 'size',
  size: 'size',
  job_title: 'title',
  title: 'title',
  relationship: 'relationship',
};

/** Which column families take a value of a family (text takes anything written as text). */
function fits(value: TypeFamily, column: TypeFamily): boolean {
  if (column === value || column === 'text') return true;
  if (value === 'date') return column === 'timestamp';
  if (value === 'float') return column === 'decimal';
  if (value === 'integer') return column === 'decimal' || column === 'float';
  return false;
}

/** The longest value of some text fields, for varchar(n) columns too short to hold them. */
const FIELD_WIDTH: Readonly<Record<string, number>> = {
  state: 2,
  zip: 5,
  sex: 1,
  ein: 10,
  naics: 6,
  countyFips: 5,
  incorporationState: 2,
  phone: 14,
  birthDate: 10,
  founded: 10,
};

/** The record field a column's name means for this table's record, with the record it comes from. */
function namedField(key: string, source: RecordSource): { record: RecordSource; field: string } | undefined {
  const meant = NAMED[key];
  if (meant === undefined) return undefined;
  if (meant === 'companyName') return { record: 'company', field: 'name' };
  // Households have a street; companies keep theirs as line1 and line2, so a street column takes line1.
  const field = meant === 'street' && recordFieldFamily(source, 'street') === undefined ? 'line1' : meant;
  if (recordFieldFamily(source, field) !== undefined) return { record: source, field };
  // A company's own fields named in a table of people (not a place or a name a person has too): the row's company.
  if (
    source !== 'company' &&
    source !== 'household' &&
    recordFieldFamily('company', field) !== undefined &&
    recordFieldFamily('person', field) === undefined
  )
    return { record: 'company', field };
  return undefined;
}

const TIMESTAMP_NAME = /(^|_)(created|updated|modified|deleted|inserted|last_login|signed_up)(_at|_on|_time)?$|_at$/;
const DATE_NAME = /(_date|_on|_day)$|^date$/;
const FROM = '2021-01-01';
const TO = '2025-12-31';

/**
 * Chooses how to fill one column of a table whose rows are `source`
 * records, and says why; undefined when nothing fits and the column must
 * have a value (NOT NULL, no default): the plan refuses such columns up front.
 * The order of the checks: the database fills it, a reference, the key, a
 * field by name, a generic rule by name and type, NULL.
 * @example chooseColumnRule(table, emailColumn, 'person') // { column: 'email', rule: { rule: 'field', record: 'person', field: 'email' }, why: 'named email' }
 */
export function chooseColumnRule(table: TableInfo, column: ColumnInfo, source: RecordSource): ColumnChoice | undefined {
  const choice = (rule: ColumnRule, why: string): ColumnChoice => ({ column: column.name, rule, why });
  if (column.generated) return choice({ rule: 'database' }, 'filled by the database (identity, auto-increment)');
  const reference = table.foreignKeys.find((fk) => fk.columns.length === 1 && fk.columns[0] === column.name);
  if (reference !== undefined)
    return choice(
      { rule: 'reference', table: reference.refTable, column: reference.refColumns[0] },
      `foreign key to ${reference.refTable}.${reference.refColumns[0]}`,
    );
  const onlyKey = column.primaryKey && table.columns.filter((c) => c.primaryKey).length === 1;
  if (onlyKey) {
    if (column.family === 'uuid') return choice({ rule: 'key', form: 'uuid' }, 'primary key: a UUID');
    if (column.family === 'integer') return choice({ rule: 'key', form: 'sequence' }, 'primary key: 1, 2, 3, ...');
    if (column.family === 'text' && (column.maxLength === undefined || column.maxLength >= 36))
      return choice({ rule: 'key', form: 'uuid' }, 'primary key: a UUID');
  }
  const key = nameKey(column.name);
  const named = namedField(key, source);
  if (named !== undefined) {
    const family = recordFieldFamily(named.record, named.field);
    const width = FIELD_WIDTH[named.field];
    const roomy = column.maxLength === undefined || width === undefined || column.maxLength >= width;
    if (family !== undefined && fits(family, column.family) && roomy)
      return choice(
        { rule: 'field', record: named.record, field: named.field },
        named.record === source ? `named ${column.name}` : `named ${column.name}: the row's ${named.record}`,
      );
  }
  if ((key === 'uuid' || key === 'guid') && (column.family === 'uuid' || column.family === 'text'))
    return choice({ rule: 'key', form: 'uuid' }, `named ${column.name}: a UUID`);
  if (column.hasDefault) return choice({ rule: 'database' }, 'has a DEFAULT');
  if (column.family === 'timestamp' && TIMESTAMP_NAME.test(key))
    return choice(
      { rule: 'timestamp', from: `${FROM}T00:00:00Z`, to: `${TO}T23:59:59Z` },
      `a timestamp named ${column.name}`,
    );
  if (column.family === 'date' && DATE_NAME.test(key))
    return choice({ rule: 'date', from: FROM, to: TO }, `a date named ${column.name}`);
  if (column.family === 'boolean')
    return choice({ rule: 'boolean', share: /(^|_)(active|enabled|verified)$/.test(key) ? 0.9 : 0.5 }, 'a boolean');
  if (column.notNull) return undefined;
  return choice({ rule: 'null' }, 'nullable, and no rule fits its name and type');
}

/** The family of the values a generic rule writes. */
const RULE_FAMILY: Readonly<Partial<Record<ColumnRule['rule'], TypeFamily>>> = {
  integer: 'integer',
  decimal: 'decimal',
  date: 'date',
  timestamp: 'timestamp',
  boolean: 'boolean',
};

/**
 * Why a rule named for a column cannot fill it (a field its record does not
 * have, a value of another type), or undefined when it can.
 * @example ruleProblem({ rule: 'integer', min: 1, max: 5 }, dateColumn) // "writes integer values into a date column"
 */
export function ruleProblem(rule: ColumnRule, column: ColumnInfo): string | undefined {
  if (rule.rule === 'field') {
    const family = recordFieldFamily(rule.record, rule.field);
    if (family === undefined)
      return `names ${rule.record}.${rule.field}, which is not a field of ${rule.record} records (its fields: ${recordFieldNames(rule.record).join(', ')})`;
    return fits(family, column.family) ? undefined : `writes ${family} values into a ${column.type} column`;
  }
  if (rule.rule === 'key')
    return rule.form === 'sequence'
      ? fits('integer', column.family)
        ? undefined
        : `writes integers into a ${column.type} column`
      : column.family === 'uuid' || column.family === 'text'
        ? undefined
        : `writes UUIDs into a ${column.type} column`;
  const family = rule.rule === 'after' ? rule.form : RULE_FAMILY[rule.rule];
  if (family === undefined || column.family === 'other') return undefined;
  if (family === 'boolean')
    return column.family === 'boolean' || column.family === 'integer'
      ? undefined
      : `writes booleans into a ${column.type} column`;
  if (family === 'timestamp')
    return column.family === 'timestamp' || column.family === 'text'
      ? undefined
      : `writes timestamps into a ${column.type} column`;
  return fits(family, column.family) ? undefined : `writes ${family} values into a ${column.type} column`;
}

/**
 * Why an `after` rule cannot fill its column: the table it names is not
 * being seeded, this table has no column referencing it, or the column it
 * names is not a date or a timestamp of it; undefined when it can.
 * @example afterRuleProblem(rule, ['orders'], ['id', 'ordered_at'], 'timestamp') // undefined
 */
export function afterRuleProblem(
  rule: Extract<ColumnRule, { rule: 'after' }>,
  referenced: readonly string[],
  parentColumns: readonly string[] | undefined,
  parentFamily: TypeFamily | undefined,
): string | undefined {
  if (parentColumns === undefined) return `names ${rule.table}, which is not a table being seeded`;
  if (!referenced.includes(rule.table))
    return `needs a column of its table referencing ${rule.table} (the row whose ${rule.column} it follows)`;
  if (parentFamily === undefined)
    return `names ${rule.table}.${rule.column}, which is not a column of ${rule.table} (its columns: ${parentColumns.join(', ')})`;
  if (parentFamily !== 'date' && parentFamily !== 'timestamp')
    return `names ${rule.table}.${rule.column}, which holds ${parentFamily} values, not dates or timestamps`;
  return undefined;
}
