import { createGenerator } from '../../index.js';
import type { TextRecord } from '../formats/record-format.js';
import type { KindField, RecordKind } from '../record-kind.js';

const text = (...names: string[]): KindField[] => names.map((name) => ({ name, type: 'text' as const }));

/**
 * Households and their people: two tables, `households` and `people`
 * (`people.householdId -> households.id`), over the library's `households()`;
 * JSON nests each household's `members`, as the library's object.
 * @example householdKind.children!.foreignKey // "householdId"
 */
export const householdKind: RecordKind = {
  name: 'household',
  table: 'households',
  fields: [
    { name: 'id', type: 'uuid' },
    ...text('street', 'line1', 'line2', 'city'),
    { name: 'state', type: 'state' },
    ...text('zip', 'phone'),
    { name: 'size', type: 'bigint' },
    ...text('type'),
  ],
  takes: { state: true },
  children: {
    table: 'people',
    fields: [
      { name: 'id', type: 'uuid' },
      { name: 'householdId', type: 'uuid' },
      ...text('relationship', 'name', 'firstName', 'lastName', 'sex'),
      { name: 'birthDate', type: 'date' },
      ...text('street', 'city'),
      { name: 'state', type: 'state' },
      ...text('zip', 'phone', 'email', 'country'),
    ],
    key: 'id',
    foreignKey: 'householdId',
    nest: (household, members) => ({ ...household, members }),
    reader: ({ seed, state }) => {
      const generator = createGenerator({ seed });
      return (start, count) => {
        const parents: TextRecord[] = [];
        const children: TextRecord[] = [];
        for (const household of generator.households({ start, count, state })) {
          parents.push(household as unknown as TextRecord);
          for (const member of household.members) children.push(member as unknown as TextRecord);
        }
        return { parents, children };
      };
    },
  },
};
