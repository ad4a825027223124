import type { ColumnRule } from './column-rule.js';
import type { SeedPlan } from './seed-plan.js';

/**
 * A rule as one short phrase, the way `--set` writes it where it can.
 * @example ruleText({ rule: 'integer', min: 1, max: 5 }) // "int:1..5"
 */
export function ruleText(rule: ColumnRule): string {
  switch (rule.rule) {
    case 'database':
      return 'database';
    case 'field':
      return `${rule.record}.${rule.field}`;
    case 'key':
      return rule.form;
    case 'reference':
      return `-> ${rule.table}.${rule.column}`;
    case 'integer':
      return `int:${rule.min}..${rule.max}`;
    case 'decimal':
      return `decimal:${rule.min.toFixed(rule.scale)}..${rule.max.toFixed(rule.scale)}`;
    case 'date':
    case 'timestamp':
      return `${rule.rule}:${rule.from}..${rule.to}`;
    case 'after':
      return `${rule.form}:after:${rule.table}.${rule.column}+${rule.min}..${rule.max}`;
    case 'boolean':
      return `bool:${rule.share}`;
    case 'pick':
      return `pick:${rule.values.map((v, i) => (rule.weights[i] === 1 ? v : `${v}=${rule.weights[i]}`)).join(',')}`;
    case 'constant':
      return `const:${rule.value}`;
    case 'null':
      return 'null';
  }
}

/**
 * The plan as `--dry-run` prints it: each table in insert order, whose
 * records its rows are, then each column, its rule and why, in columns.
 * @example console.log(planText(plan))
 */
export function planText(plan: Pick<SeedPlan, 'tables'>): string {
  const lines: string[] = [];
  for (const table of plan.tables) {
    lines.push(`${table.table} (${table.source === 'plain' ? 'plain rows' : `${table.source} records`})`);
    const width = Math.max(...table.columns.map((c) => c.column.length), 0);
    const ruleWidth = Math.max(
      ...table.columns.map((c) => ruleText(c.rule).length + (c.nulls > 0 ? ` ?${c.nulls}`.length : 0)),
      0,
    );
    for (const c of table.columns) {
      const rule = ruleText(c.rule) + (c.nulls > 0 ? ` ?${c.nulls}` : '');
      lines.push(`  ${c.column.padEnd(width)}  ${rule.padEnd(ruleWidth)}  ${c.why}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
