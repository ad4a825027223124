import { createGenerator, MAX_PAGE } from '../../index.js';
import type { TextRecord } from '../formats/record-format.js';
import type { KindField, RecordKind } from '../record-kind.js';
import { companyKind } from './company.js';

const text = (...names: string[]): KindField[] => names.map((name) => ({ name, type: 'text' as const }));

/**
 * Companies and their employees: two tables, `companies` and `employees`
 * (`employees.companyId -> companies.id`), over the library's `companyAt()`
 * and `employees()`. The companies are chosen by `--company N` or `A-B`;
 * `--count`/`--start` choose each company's employees (cut to its headcount).
 * @example employeeKind.children!.parentOption // "company"
 */
export const employeeKind: RecordKind = {
  name: 'employee',
  table: 'companies',
  // The parents' table is the `company` kind's: the same columns and types.
  fields: companyKind.fields,
  takes: { state: true },
  children: {
    table: 'employees',
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'companyId', type: 'uuid' },
      ...text('title', 'name', 'firstName', 'lastName', 'sex'),
      { name: 'birthDate', type: 'date' },
      ...text('street', 'city'),
      { name: 'state', type: 'state' },
      ...text('zip', 'phone', 'email', 'country'),
    ],
    key: 'id',
    foreignKey: 'companyId',
    parentOption: 'company',
    // A company may have thousands of employees: one company a chunk keeps a chunk's rows bounded by one headcount.
    parentsPerChunk: 1,
    nest: (company, employees) => ({ company, employees }),
    reader: ({ seed, state, parentOffset = 0, childStart = 0, childCount }) => {
      const generator = createGenerator({ seed });
      return (start, count) => {
        const parents: TextRecord[] = [];
        const children: TextRecord[] = [];
        for (let p = start; p < start + count; p++) {
          const index = parentOffset + p;
          const company = generator.companyAt(index, { state });
          parents.push(company as unknown as TextRecord);
          const end =
            childCount === undefined ? company.employees : Math.min(company.employees, childStart + childCount);
          for (let at = childStart; at < end; at += MAX_PAGE) {
            const page = generator.employees({ company: index, start: at, count: Math.min(MAX_PAGE, end - at), state });
            for (const employee of page) children.push(employee as unknown as TextRecord);
          }
        }
        return { parents, children };
      };
    },
  },
};
