import { nameKey, singular } from './column-names.js';
import type { RecordSource } from './column-rule.js';
import type { TableInfo } from './database-schema.js';

const COMPANY_WORDS = new Set([
  'company',
  'organization',
  'organisation',
  'org',
  'business',
  'vendor',
  'supplier',
  'merchant',
  'employer',
  'firm',
]);
const HOUSEHOLD_WORDS = new Set(['household', 'family']);

/**
 * Whose record a table's rows are, from its name's last word: companies
 * (`companies`, `vendors`, `merchants`, ...), households (`households`,
 * `families`), else people (contacts, customers, users, addresses, ...).
 * @example recordSourceOf('crm_companies') // "company"
 */
export function recordSourceOf(table: string): 'person' | 'company' | 'household' {
  const words = nameKey(table).split('_');
  const last = singular(words[words.length - 1] ?? '');
  if (COMPANY_WORDS.has(last)) return 'company';
  if (HOUSEHOLD_WORDS.has(last)) return 'household';
  return 'person';
}

/**
 * Whose records a table's rows are, with its references: a table of people
 * with a NOT NULL foreign key to a company table holds employees, to a
 * household table household members (the first such key, in column order).
 * @example tableSource(contacts) // "employee" (contacts.company_id -> companies.id)
 */
export function tableSource(table: TableInfo): RecordSource {
  const own = recordSourceOf(table.name);
  if (own !== 'person') return own;
  for (const column of table.columns) {
    const fk = table.foreignKeys.find((f) => f.columns.length === 1 && f.columns[0] === column.name);
    if (fk === undefined || !column.notNull) continue;
    const parent = recordSourceOf(fk.refTable);
    if (parent === 'company') return 'employee';
    if (parent === 'household') return 'member';
  }
  return 'person';
}
