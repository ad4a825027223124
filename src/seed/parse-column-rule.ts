import type { ColumnRule, RecordSource } from './column-rule.js';
import { SeedError } from './seed-error.js';

const RULE_FORMS =
  'sequence, uuid, null, database, field:NAME (or person.NAME, company.NAME, household.NAME), int:MIN..MAX, decimal:MIN..MAX, date:FROM..TO, timestamp:FROM..TO, date:after:TABLE.COLUMN+MIN..MAX (days; timestamp:after: too), bool:SHARE, pick:A,B,C (or pick:A=3,B=1), const:TEXT';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function bad(where: string, text: string, problem: string): SeedError {
  return new SeedError('invalid_rule', `${where}: ${JSON.stringify(text)} ${problem}; a rule is one of ${RULE_FORMS}`);
}

function range(where: string, text: string, body: string): [string, string] {
  const parts = body.split('..');
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '') throw bad(where, text, 'needs a range FROM..TO');
  return [parts[0], parts[1]];
}

function validDate(text: string): boolean {
  const time = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(text.slice(0, 10));
}

/**
 * Parses a rule as `--set table.column=RULE` and the schema file write it;
 * `where` names the place for the error (`--set contacts.tier`). A NULL
 * share may follow any rule: `int:1..5?0.2` is NULL one row in five.
 * @example parseColumnRule('int:1..5', '--set orders.quantity') // { rule: { rule: 'integer', min: 1, max: 5 }, nulls: 0 }
 */
export function parseColumnRule(
  text: string,
  where: string,
  source: RecordSource = 'person',
): { rule: ColumnRule; nulls: number } {
  const mark = text.lastIndexOf('?');
  const body = mark >= 0 ? text.slice(0, mark) : text;
  const nulls = mark >= 0 ? Number(text.slice(mark + 1)) : 0;
  if (!(nulls >= 0 && nulls <= 1)) throw bad(where, text, 'has a NULL share that is not a number from 0 to 1');
  const colon = body.indexOf(':');
  const head = colon >= 0 ? body.slice(0, colon) : body;
  const rest = colon >= 0 ? body.slice(colon + 1) : '';
  const dotted = /^(person|company|household|employee|member)\.([A-Za-z][A-Za-z0-9]*)$/.exec(body);
  if (dotted) return { rule: { rule: 'field', record: dotted[1] as RecordSource, field: dotted[2] }, nulls };
  switch (head) {
    case 'sequence':
    case 'uuid':
      return { rule: { rule: 'key', form: head }, nulls };
    case 'null':
      return { rule: { rule: 'null' }, nulls };
    case 'database':
      return { rule: { rule: 'database' }, nulls };
    case 'field':
      if (!/^[A-Za-z][A-Za-z0-9]*$/.test(rest)) throw bad(where, text, 'needs a field name');
      return { rule: { rule: 'field', record: source, field: rest }, nulls };
    case 'int': {
      const [from, to] = range(where, text, rest);
      const min = Number(from);
      const max = Number(to);
      if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max)
        throw bad(where, text, 'needs whole numbers MIN..MAX with MIN <= MAX');
      return { rule: { rule: 'integer', min, max }, nulls };
    }
    case 'decimal': {
      const [from, to] = range(where, text, rest);
      const min = Number(from);
      const max = Number(to);
      if (!/^-?\d+(\.\d+)?$/.test(from) || !/^-?\d+(\.\d+)?$/.test(to) || min > max)
        throw bad(where, text, 'needs decimal numbers MIN..MAX with MIN <= MAX');
      const scale = Math.max(from.split('.')[1]?.length ?? 0, to.split('.')[1]?.length ?? 0);
      return { rule: { rule: 'decimal', min, max, scale }, nulls };
    }
    case 'date':
    case 'timestamp': {
      if (rest.startsWith('after:')) {
        const after = /^after:([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)\+(\d+)\.\.(\d+)$/.exec(rest);
        const min = Number(after?.[3]);
        const max = Number(after?.[4]);
        if (after === null || !(min <= max) || max > 36_600)
          throw bad(
            where,
            text,
            `needs ${head}:after:TABLE.COLUMN+MIN..MAX, whole days with MIN <= MAX <= 36600 (such as ${head}:after:orders.ordered_at+0..30)`,
          );
        return { rule: { rule: 'after', form: head, table: after[1], column: after[2], min, max }, nulls };
      }
      const [from, to] = range(where, text, rest);
      const shape = head === 'date' ? DATE : TIMESTAMP;
      if (!shape.test(from) || !shape.test(to) || !validDate(from) || !validDate(to) || from > to)
        throw bad(
          where,
          text,
          head === 'date'
            ? 'needs dates YYYY-MM-DD..YYYY-MM-DD, the first not after the second'
            : 'needs UTC timestamps YYYY-MM-DDTHH:MM:SSZ..YYYY-MM-DDTHH:MM:SSZ, the first not after the second',
        );
      return { rule: { rule: head, from, to }, nulls };
    }
    case 'bool': {
      const share = Number(rest);
      if (rest === '' || !(share >= 0 && share <= 1)) throw bad(where, text, 'needs the share of true, 0 to 1');
      return { rule: { rule: 'boolean', share }, nulls };
    }
    case 'pick': {
      const entries = rest.split(',').map((entry) => {
        const eq = entry.lastIndexOf('=');
        const value = eq >= 0 ? entry.slice(0, eq) : entry;
        const weight = eq >= 0 ? Number(entry.slice(eq + 1)) : 1;
        if (value === '' || !(weight > 0) || !Number.isFinite(weight))
          throw bad(where, text, 'needs values, each with an optional positive weight (A=3)');
        return [value, weight] as const;
      });
      return {
        rule: { rule: 'pick', values: entries.map(([v]) => v), weights: entries.map(([, w]) => w) },
        nulls,
      };
    }
    case 'const':
      if (colon < 0) throw bad(where, text, 'needs the value after const:');
      return { rule: { rule: 'constant', value: rest }, nulls };
    default:
      throw bad(where, text, 'is not a rule');
  }
}
