import { ADDRESS_FIELDS, IDENTIFIER_FIELD_NAMES, VEHICLE_FIELD_NAMES } from '../fields/field-catalogue.js';
import { generatorParts } from '../generator/generator-parts.js';
import type { Generator } from '../generator/generator.js';
import { LicenceMaker } from '../identifiers/drivers-licence.js';
import { MAX_EMPLOYEES, employeeMakerOf } from '../related/employee-maker.js';
import type { Company, Employee, Household, HouseholdMember } from '../types.js';
import type { ColumnRule, RecordSource } from './column-rule.js';
import type { TypeFamily } from './database-schema.js';
import {
  genericColumn,
  genericNumbers,
  keyUuids,
  nullShare,
  secondsOf,
  timestampText,
  type GenericRule,
  type SeedValue,
} from './generic-values.js';
import { dateOf } from '../related/calendar-days.js';
import { mayBeMissing, recordFieldFamily } from './kind-fields.js';
import { streamKey } from '../random/stream-key.js';
import { PerParentCounts, ReferencePicks } from './row-layout.js';
import { SeedError } from './seed-error.js';
import type { RecordUuids } from '../fields/record-uuid.js';
import type { TablePlan } from './seed-plan.js';
import type { SeedCount } from './seed-schema.js';

/**
 * A table to fill: its plan (whose records, each column's rule), its count
 * and its primary key column.
 * @example const run: SeedTableRun = { ...plan.tables[0], count: 100, primaryKey: 'id' }
 */
export interface SeedTableRun extends TablePlan {
  /** undefined for a member table: its households' sizes decide. */
  readonly count: SeedCount | undefined;
  readonly primaryKey?: string;
}

/**
 * The keys of the rows a table already has (a parent not being seeded), for the references to it.
 * @example const keys: ExistingKeys = (table, column) => existing.get(`${table}.${column}`) ?? []
 */
export type ExistingKeys = (table: string, column: string) => readonly SeedValue[];

/**
 * A column the rows write (every column but those the database fills), with the family of its values.
 * @example const column: WrittenColumn = { name: 'email', rule: { rule: 'field', record: 'employee', field: 'email' }, family: 'text' }
 */
export interface WrittenColumn {
  readonly name: string;
  readonly rule: ColumnRule;
  readonly family: TypeFamily;
}

/**
 * What {@link SeedRows} needs: the seed, the tables in insert order, how to
 * make a generator for a seed text, and the keys of existing parent rows.
 * @example const options: SeedRowsOptions = { seed: '42', tables, generatorFor: (seed) => createGenerator({ seed }) }
 */
export interface SeedRowsOptions {
  readonly seed: string;
  readonly tables: readonly SeedTableRun[];
  /** A generator of this seed (the Node entry's `createGenerator`): one per table, seeded by the run's seed and the table's name. */
  readonly generatorFor: (seed: string) => Generator;
  /** Called once per (table, column) referenced that is not being seeded. */
  readonly existingKeys?: ExistingKeys;
}

/**
 * The seed of a table's generator: the stream key of the run's seed and the
 * table's name, in hex (a seed is at most 256 printable characters, and the
 * pair may be longer), so each table's records are a stream of their own.
 * @example createGenerator({ seed: tableSeed('42', 'companies') }).companyAt(0) // the first row of companies
 */
export function tableSeed(seed: string, table: string): string {
  const words = [...streamKey(`${seed}\u0000${table}`)].map((word) => word.toString(16).padStart(8, '0'));
  return `table-${words.join('')}`;
}

/** A row's parent: its row number in the parent table, and the row's number among that parent's children. */
interface ParentLink {
  readonly parent: number;
  readonly child: number;
}

/** How a table's rows map to the rows of the parent they are laid out by. */
interface Layout {
  readonly rows: number;
  /** The reference column the layout follows, and its table: undefined for a plain count without one. */
  readonly column?: string;
  readonly parentTable?: string;
  /** Row -> its parent row and its number among that parent's children. */
  link(row: number): ParentLink;
  /** The first row of each parent row `p` (an array of parents + 1 entries). */
  readonly starts?: Float64Array;
}

type RowValue = (row: number) => SeedValue;

/**
 * The fields an employee's or a household member's row takes from the person record of the same row of the
 * table's own stream: neither record carries them, and they hang on no name or place (a licence, which does,
 * is made from the employee's or member's own fields).
 */
const PERSON_IDENTIFIERS: ReadonlySet<string> = new Set([...IDENTIFIER_FIELD_NAMES, ...VEHICLE_FIELD_NAMES]);

const COUNTRY = 'US';
const DAY_SECONDS = 86_400;

/** Person records made at a time: a page reads its field list once, not once per record. */
const PERSON_PAGE = 256;

/** The fields of the generator's default record (`addresses()` without `fields`). */
const DEFAULT_RECORD_FIELDS: ReadonlySet<string> = new Set(ADDRESS_FIELDS);

/**
 * The rows of a seed: each table's row `r` depends only on the seed, the
 * table's name, its plan and `r` (and, for a child, on its parent's rows by
 * the same rule), so adding a table, changing another table's count, or
 * splitting the rows into shards changes no row (docs/seeding.md, "Rows").
 * Records come from one generator per table, seeded by the run's seed and
 * the table's name: a company table's row p is company p of its generator;
 * an employee table's rows are employees of their parent company row (work
 * e-mail at its domain, a home within commuting distance); a member table's
 * rows are the people of their household row, at its address.
 * @example const rows = new SeedRows({ seed: '42', tables, generatorFor: (seed) => createGenerator({ seed }) }); rows.rows('companies', 0, 10)
 */
export class SeedRows {
  private readonly seed: string;
  private readonly plans = new Map<string, SeedTableRun>();
  private readonly generatorFor: (seed: string) => Generator;
  private readonly existingKeys: ExistingKeys;
  private readonly generators = new Map<string, Generator>();
  private readonly layouts = new Map<string, Layout>();
  private readonly written = new Map<string, readonly WrittenColumn[]>();
  private readonly makers = new Map<string, readonly RowValue[]>();
  private readonly existing = new Map<string, readonly SeedValue[]>();
  private readonly filled = new Map<string, readonly SeedValue[]>();
  private readonly householdSizes = new Map<string, Uint8Array>();

  constructor(options: SeedRowsOptions) {
    this.seed = options.seed;
    this.generatorFor = options.generatorFor;
    this.existingKeys = options.existingKeys ?? (() => []);
    for (const table of options.tables) this.plans.set(table.table, table);
  }

  /** The columns written, in order: every column whose rule is not `database`. */
  columns(table: string): readonly WrittenColumn[] {
    let columns = this.written.get(table);
    if (columns === undefined) {
      const plan = this.plan(table);
      columns = plan.columns
        .filter((c) => c.rule.rule !== 'database')
        .map((c) => ({ name: c.column, rule: c.rule, family: this.family(c.rule, 0) }));
      this.written.set(table, columns);
    }
    return columns;
  }

  /** Rows of the table in the whole run: its count, the sum of its per-parent counts, or its households' people. */
  rowCount(table: string): number {
    return this.layout(table).rows;
  }

  /**
   * Rows `first .. end-1` of the table, each its values in {@link columns} order; any split gives the same rows.
   * The columns `skip` marks are left NULL, not made (a binary COPY writes their values straight as bytes:
   * seed-column-bytes.ts).
   */
  rows(table: string, first: number, end: number, skip?: readonly boolean[]): SeedValue[][] {
    const all = this.valueMakers(table);
    const makers = skip === undefined ? all : all.map((maker, c) => (skip[c] === true ? () => null : maker));
    const out: SeedValue[][] = [];
    for (let row = first; row < end; row++) {
      const values: SeedValue[] = new Array(makers.length);
      for (let c = 0; c < makers.length; c++) values[c] = makers[c](row);
      out.push(values);
    }
    return out;
  }

  /**
   * Where a column's values come from when they are UUIDs made from a row number alone: a UUID key, a person
   * record's UUID, or a reference without NULLs to either (its parent row's). Row `row`'s value is then
   * `uuids.uuid(0, index(row))`, the text {@link rows} gives. Undefined for any other column. A binary COPY writes
   * them as bytes without making their text and parsing it back (seed-column-bytes.ts).
   */
  uuidsOf(table: string, column: string): { uuids: RecordUuids; index: (row: number) => number } | undefined {
    return this.uuidSource(this.plan(table), column, 0);
  }

  /**
   * A generic decimal, date or timestamp column's values as numbers (genericNumbers: a decimal's units, a date's
   * days, a timestamp's seconds), with the rule; undefined for any other column, or one with NULLs.
   */
  numbersOf(table: string, column: string): { rule: GenericRule; value: (row: number) => number } | undefined {
    const choice = this.plan(table).columns.find((c) => c.column === column);
    if (choice === undefined) return undefined;
    const { rule } = choice;
    if (rule.rule !== 'decimal' && rule.rule !== 'date' && rule.rule !== 'timestamp') return undefined;
    const value = genericNumbers(this.seed, table, column, rule, choice.nulls);
    return value === undefined ? undefined : { rule, value };
  }

  /** Where a column's UUIDs come from: stream 0 of `uuids`, record `index(row)`; undefined when not that simply. */
  private uuidSource(
    plan: SeedTableRun,
    column: string,
    depth: number,
  ): { uuids: RecordUuids; index: (row: number) => number } | undefined {
    const choice = plan.columns.find((c) => c.column === column);
    if (choice === undefined || choice.nulls > 0 || depth > this.plans.size) return undefined;
    const { rule } = choice;
    if (rule.rule === 'key' && rule.form === 'uuid')
      return { uuids: keyUuids(this.seed, plan.table, column), index: (row) => row };
    // A person record's UUID as RowRecords.field makes it: made alone, by row.
    if (
      rule.rule === 'field' &&
      rule.record === 'person' &&
      rule.field === 'uuid' &&
      plan.source !== 'employee' &&
      plan.source !== 'member' &&
      !mayBeMissing(rule.record, rule.field)
    )
      return { uuids: generatorParts(this.generator(plan.table)).uuids, index: (row) => row };
    if (rule.rule !== 'reference') return undefined;
    const parent = this.plans.get(rule.table);
    const target = parent === undefined ? undefined : this.uuidSource(parent, rule.column, depth + 1);
    if (target === undefined) return undefined;
    const parentOf = this.parentRowOf(plan, column, rule.table);
    return { uuids: target.uuids, index: (row) => target.index(parentOf(row)) };
  }

  /**
   * The rows shard `shard` (0-based) of `shards` writes: a table laid out by
   * a parent takes the children of its parent's shard, any other an even
   * split of its rows, so the shards of every table together are the whole run.
   */
  shardRange(table: string, shard: number, shards: number): { first: number; end: number } {
    const layout = this.layout(table);
    const split = (rows: number): { first: number; end: number } => ({
      first: Math.floor((rows * shard) / shards),
      end: Math.floor((rows * (shard + 1)) / shards),
    });
    if (layout.starts === undefined || layout.parentTable === undefined) return split(layout.rows);
    const parents = layout.starts.length - 1;
    const range = this.plans.has(layout.parentTable)
      ? this.shardRange(layout.parentTable, shard, shards)
      : split(parents);
    return { first: layout.starts[range.first], end: layout.starts[range.end] };
  }

  /**
   * The keys the database filled (identity, serial, AUTO_INCREMENT) of a
   * seeded table's column, in row order, read back after its rows went in:
   * the references to it take them. Call before asking for a child's rows.
   */
  setFilledKeys(table: string, column: string, keys: readonly SeedValue[]): void {
    this.filled.set(`${table}\u0000${column}`, keys);
  }

  private plan(table: string): SeedTableRun {
    const plan = this.plans.get(table);
    if (plan === undefined) throw new RangeError(`table ${table} is not part of this seed`);
    return plan;
  }

  /** The generator of a table's records (a parent not being seeded has one too: its children's parents). */
  private generator(table: string): Generator {
    let generator = this.generators.get(table);
    if (generator === undefined) {
      generator = this.generatorFor(tableSeed(this.seed, table));
      this.generators.set(table, generator);
    }
    return generator;
  }

  /** The reference a table's rows are laid out by: a per-parent count's, or an employee's or member's parent. */
  private layoutReference(plan: SeedTableRun): { column: string; table: string } | undefined {
    const references = plan.columns.flatMap((c) =>
      c.rule.rule === 'reference' && c.nulls === 0 ? [{ column: c.column, table: c.rule.table }] : [],
    );
    const count = plan.count;
    if (typeof count === 'object') {
      const found = references.find((r) => r.table === count.per);
      if (found === undefined)
        throw new SeedError(
          'invalid_count',
          `table ${plan.table} counts rows per ${count.per} but has no NOT NULL column referencing it`,
        );
      return found;
    }
    if (plan.source === 'employee' || plan.source === 'member') {
      const parentKind = plan.source === 'employee' ? 'company' : 'household';
      return references.find((r) => {
        const parent = this.plans.get(r.table);
        return parent === undefined ? true : parent.source === parentKind;
      });
    }
    return undefined;
  }

  private layout(table: string): Layout {
    let layout = this.layouts.get(table);
    if (layout === undefined) {
      layout = this.makeLayout(this.plan(table));
      this.layouts.set(table, layout);
    }
    return layout;
  }

  private makeLayout(plan: SeedTableRun): Layout {
    const reference = this.layoutReference(plan);
    const count = plan.count;
    if (plan.source === 'member' && count === undefined) {
      if (reference === undefined)
        throw new SeedError(
          'invalid_count',
          `table ${plan.table} holds household members but references no household table`,
        );
      const sizes = this.sizesOf(reference.table);
      return this.startsLayout(reference, sizes.length, (p) => sizes[p]);
    }
    if (count === undefined)
      throw new SeedError('invalid_count', `table ${plan.table} needs a count (a number, or a range per parent row)`);
    if (typeof count === 'object') {
      const counts = new PerParentCounts(this.seed, plan.table, count.min, count.max);
      return this.startsLayout(reference!, this.parentRows(reference!.table, plan.table), (p) => counts.count(p));
    }
    if (reference === undefined) return { rows: count, link: (row) => ({ parent: row, child: row }) };
    if (plan.source === 'member')
      throw new SeedError(
        'invalid_count',
        `table ${plan.table} holds the people of its households: their sizes decide its rows, so it takes no count`,
      );
    // Employees of a plain count work for their companies in turn: row r for company r mod n, the
    // (r div n)-th of its people, so no two rows are the same person.
    const parents = this.parentRows(reference.table, plan.table);
    if (count / parents > MAX_EMPLOYEES)
      throw new SeedError(
        'invalid_count',
        `table ${plan.table}: ${count} employees over ${parents} companies is more than ${MAX_EMPLOYEES} per company`,
      );
    return {
      rows: count,
      column: reference.column,
      parentTable: reference.table,
      link: (row) => ({ parent: row % parents, child: Math.floor(row / parents) }),
    };
  }

  /** A layout of children numbered in parent order, `count(p)` for parent row p. */
  private startsLayout(
    reference: { column: string; table: string },
    parents: number,
    count: (parent: number) => number,
  ): Layout {
    const starts = new Float64Array(parents + 1);
    for (let p = 0; p < parents; p++) starts[p + 1] = starts[p] + count(p);
    return {
      rows: starts[parents],
      column: reference.column,
      parentTable: reference.table,
      starts,
      link: (row) => {
        // The last parent whose first row is at or before `row`.
        let low = 0;
        let high = parents - 1;
        while (low < high) {
          const mid = (low + high + 1) >>> 1;
          if (starts[mid] <= row) low = mid;
          else high = mid - 1;
        }
        return { parent: low, child: row - starts[low] };
      },
    };
  }

  /** The rows of a parent table: its run's, or the rows it already has. */
  private parentRows(parent: string, child: string): number {
    if (this.plans.has(parent)) return this.rowCount(parent);
    const plan = this.plan(child);
    const column = plan.columns.find((c) => c.rule.rule === 'reference' && c.rule.table === parent);
    const rule = column?.rule as Extract<ColumnRule, { rule: 'reference' }> | undefined;
    return this.existingOf(parent, rule?.column ?? 'id', child).length;
  }

  /** Household sizes of a household table's rows (its run's, or one per existing row). */
  private sizesOf(table: string): Uint8Array {
    let sizes = this.householdSizes.get(table);
    if (sizes === undefined) {
      const rows = this.plans.has(table) ? this.rowCount(table) : this.existingCount(table);
      const generator = this.generator(table);
      sizes = new Uint8Array(rows);
      for (let p = 0; p < rows; p++) sizes[p] = generator.householdAt(p).size;
      this.householdSizes.set(table, sizes);
    }
    return sizes;
  }

  /** The existing rows of a parent table not being seeded, for a member table: from any of its referenced columns. */
  private existingCount(parent: string): number {
    for (const plan of this.plans.values())
      for (const c of plan.columns)
        if (c.rule.rule === 'reference' && c.rule.table === parent)
          return this.existingOf(parent, c.rule.column, plan.table).length;
    return 0;
  }

  private existingOf(table: string, column: string, child: string): readonly SeedValue[] {
    const key = `${table}\u0000${column}`;
    let keys = this.existing.get(key);
    if (keys === undefined) {
      keys = this.existingKeys(table, column);
      this.existing.set(key, keys);
    }
    if (keys.length === 0)
      throw new SeedError(
        'no_parent_rows',
        `table ${child} references ${table}.${column}, which has no rows: seed ${table} too, or add rows to it first`,
      );
    return keys;
  }

  /** The family of a rule's values (a reference takes its target column's). */
  private family(rule: ColumnRule, depth: number): TypeFamily {
    switch (rule.rule) {
      case 'field':
        return recordFieldFamily(rule.record, rule.field) ?? 'text';
      case 'key':
        return rule.form === 'uuid' ? 'uuid' : 'integer';
      case 'reference': {
        const target = this.plans.get(rule.table)?.columns.find((c) => c.column === rule.column);
        return target === undefined || depth > this.plans.size ? 'other' : this.family(target.rule, depth + 1);
      }
      case 'after':
        return rule.form;
      case 'integer':
        return 'integer';
      case 'decimal':
        return 'decimal';
      case 'date':
      case 'timestamp':
      case 'boolean':
        return rule.rule;
      default:
        return 'text';
    }
  }

  private valueMakers(table: string): readonly RowValue[] {
    let makers = this.makers.get(table);
    if (makers === undefined) {
      const plan = this.plan(table);
      const records = new RowRecords(this, plan);
      makers = plan.columns
        .filter((c) => c.rule.rule !== 'database')
        .map((c) => {
          const value = this.valueMaker(plan, c, records);
          // A generic rule draws its own NULLs (genericColumn); a field's or a reference's are drawn here.
          if (c.nulls <= 0 || (c.rule.rule !== 'field' && c.rule.rule !== 'reference')) return value;
          const isNull = nullShare(this.seed, plan.table, c.column, c.nulls);
          return (row: number) => (isNull(row) ? null : value(row));
        });
      this.makers.set(table, makers);
    }
    return makers;
  }

  private valueMaker(plan: SeedTableRun, choice: SeedTableRun['columns'][number], records: RowRecords): RowValue {
    const { column, rule } = choice;
    switch (rule.rule) {
      case 'field': {
        const value = records.field(rule.record, rule.field);
        if (!mayBeMissing(rule.record, rule.field)) return value;
        // A child's phone and e-mail: NULL where the column takes it (a UNIQUE column takes many NULLs, one '').
        const missing = choice.notNull === true ? '' : null;
        return (row) => {
          const made = value(row);
          return made === '' ? missing : made;
        };
      }
      case 'reference':
        return this.referenceMaker(plan, column, rule);
      case 'after':
        return this.afterMaker(plan, choice);
      case 'database':
        throw new RangeError(`column ${plan.table}.${column} is filled by the database`);
      default:
        return genericColumn(this.seed, plan.table, column, rule as GenericRule, choice.nulls);
    }
  }

  /** The parent row each row's reference `column` (to `parentTable`) points to: its layout's parent, or a pick. */
  private parentRowOf(plan: SeedTableRun, column: string, parentTable: string): (row: number) => number {
    const layout = this.layout(plan.table);
    if (layout.column === column) return (row) => layout.link(row).parent;
    const picks = new ReferencePicks(this.seed, plan.table, column);
    const parents = this.parentRows(parentTable, plan.table);
    return (row) => picks.pick(row, parents);
  }

  /**
   * A date or timestamp `min..max` days after the parent row's (the row its
   * first reference to that table points to, the layout's when it is one);
   * the days (or seconds) drawn from the column's own stream.
   */
  private afterMaker(plan: SeedTableRun, choice: SeedTableRun['columns'][number]): RowValue {
    const rule = choice.rule as Extract<ColumnRule, { rule: 'after' }>;
    const layout = this.layout(plan.table);
    const reference =
      layout.parentTable === rule.table
        ? layout.column!
        : plan.columns.find((c) => c.rule.rule === 'reference' && c.rule.table === rule.table)?.column;
    if (reference === undefined || !this.plans.has(rule.table))
      throw new SeedError('invalid_rule', `${plan.table}.${choice.column}: ${rule.table} is not a seeded parent of it`);
    const parentOf = this.parentRowOf(plan, reference, rule.table);
    const parentValue = this.valueMakers(rule.table)[this.columns(rule.table).findIndex((c) => c.name === rule.column)];
    const unit = rule.form === 'date' ? 1 : DAY_SECONDS;
    const offset = genericColumn(
      this.seed,
      plan.table,
      choice.column,
      { rule: 'integer', min: rule.min * unit, max: rule.max * unit },
      choice.nulls,
    );
    return (row) => {
      const from = parentValue(parentOf(row));
      const by = offset(row);
      if (typeof from !== 'string' || by === null) return null;
      const seconds = secondsOf(from) + (by as number) * (rule.form === 'date' ? DAY_SECONDS : 1);
      return rule.form === 'date' ? dateOf(Math.floor(seconds / DAY_SECONDS)) : timestampText(seconds);
    };
  }

  /** A reference column: the key of the row's parent row (its layout's parent, or a pick). */
  private referenceMaker(
    plan: SeedTableRun,
    column: string,
    rule: Extract<ColumnRule, { rule: 'reference' }>,
  ): RowValue {
    const parentOf = this.parentRowOf(plan, column, rule.table);
    const parent = this.plans.get(rule.table);
    if (parent === undefined) {
      const keys = this.existingOf(rule.table, rule.column, plan.table);
      return (row) => keys[parentOf(row)];
    }
    const target = parent.columns.find((c) => c.column === rule.column);
    if (target === undefined)
      throw new SeedError(
        'unknown_column',
        `${plan.table}.${column} references ${rule.table}.${rule.column}, not a column of it`,
      );
    if (target.rule.rule === 'database') {
      const key = `${rule.table}\u0000${rule.column}`;
      return (row) => {
        const keys = this.filled.get(key);
        if (keys === undefined)
          throw new RangeError(
            `the keys the database gave ${rule.table}.${rule.column} are needed first (setFilledKeys)`,
          );
        return keys[parentOf(row)];
      };
    }
    const parentValue = this.valueMakers(rule.table)[this.columns(rule.table).findIndex((c) => c.name === rule.column)];
    // Children come in their parents' order: a parent's key is made once for all its children.
    let lastParent = -1;
    let lastKey: SeedValue = null;
    return (row) => {
      const parent = parentOf(row);
      if (parent !== lastParent) {
        lastKey = parentValue(parent);
        lastParent = parent;
      }
      return lastKey;
    };
  }

  /** For RowRecords: a table's layout, generator, and the records its parents are. */
  link(table: string, row: number): ParentLink & { table: string | undefined } {
    const layout = this.layout(table);
    return { ...layout.link(row), table: layout.parentTable };
  }

  /** For RowRecords: the generator of a table's records. */
  generatorOf(table: string): Generator {
    return this.generator(table);
  }

  /**
   * Whether the text of `table`'s generator's data index holds no backslash, quote or control character, so the
   * fields made of it need no escape in COPY text (`DataIndex.jsonPlainText`, true for the shipped index).
   * @example rows.indexPlain('people') // true
   */
  indexPlain(table: string): boolean {
    return generatorParts(this.generator(table)).data.jsonPlainText;
  }
}

/**
 * The records of one table's rows, made once per row however many columns
 * read them: the row's own record (a person's fields, a company, a
 * household, an employee, a household member) and its company or household.
 */
class RowRecords {
  private readonly personFields: string[] = [];
  /** The first row of `persons`, a page of person records. */
  private personRow = 0;
  private persons: Record<string, unknown>[] = [];
  private companyRow = -1;
  private company: Company | undefined;
  private householdRow = -1;
  private household: Household | undefined;
  private memberRow = -1;
  private member: HouseholdMember | undefined;
  private employeeRow = -1;
  private employee: Employee | undefined;
  private licences: LicenceMaker | undefined;
  private stateNames: ReadonlyMap<string, string> | undefined;

  constructor(
    private readonly rows: SeedRows,
    private readonly plan: SeedTableRun,
  ) {}

  /** The table's own generator, made on first use (a table of generic columns only makes none). */
  private get generator(): Generator {
    return this.rows.generatorOf(this.plan.table);
  }

  /** The value maker of a field of `record` for this table's rows. */
  field(record: RecordSource, field: string): RowValue {
    const source = this.plan.source === 'plain' ? 'person' : this.plan.source;
    if (record === 'company') return (row) => fieldOf(this.companyOf(row, source), field);
    if (record === 'household') return (row) => fieldOf(this.householdOf(row), field);
    if (record === 'employee' || (record === 'person' && source === 'employee'))
      return this.personLike(field, (row) => this.employeeOf(row));
    if (record === 'member' || (record === 'person' && source === 'member'))
      return this.personLike(field, (row) => this.memberOf(row));
    if (field === 'uuid') {
      // The person record's UUID, made alone (stream 0: these records are drawn from every state), so that a table
      // of the default record's fields and a UUID takes the default record, made without a field list.
      const uuids = generatorParts(this.generator).uuids;
      return (row) => uuids.uuid(0, row);
    }
    if (!this.personFields.includes(field)) this.personFields.push(field);
    return (row) => this.personOf(row)[field] as SeedValue;
  }

  /** An employee's or a member's field: its record's own, or one made from it. */
  private personLike(field: string, recordOf: (row: number) => Employee | HouseholdMember): RowValue {
    switch (field) {
      case 'uuid':
        return (row) => recordOf(row).id;
      case 'index':
        return (row) => row;
      case 'line1':
        return this.plan.source === 'member' ? (row) => this.householdOf(row).line1 : (row) => recordOf(row).street;
      case 'line2':
        return this.plan.source === 'member' ? (row) => this.householdOf(row).line2 : () => '';
      case 'stateFull':
        return (row) => this.stateName(recordOf(row).state);
      case 'phoneIntl':
        return (row) => {
          const phone = recordOf(row).phone;
          return phone === '' ? '' : `+1 ${phone.slice(1, 4)}-${phone.slice(6)}`;
        };
      case 'emailDomain':
        return (row) => {
          const email = recordOf(row).email;
          return email === '' ? '' : email.slice(email.lastIndexOf('@') + 1);
        };
      case 'driversLicenseState':
        return (row) => recordOf(row).state;
      case 'driversLicense':
        return (row) => {
          const person = recordOf(row);
          const licences = (this.licences ??= new LicenceMaker(generatorParts(this.generator).key));
          return licences.derives(person.state)
            ? licences.derived(person.state, person.firstName, person.lastName, person.birthDate, person.sex === 'F')
            : licences.make(person.state, 0, row);
        };
      default:
        if (PERSON_IDENTIFIERS.has(field)) {
          // The person of the same row of this table's own stream: its identifiers hang on no name or place.
          if (!this.personFields.includes(field)) this.personFields.push(field);
          return (row) => this.personOf(row)[field] as SeedValue;
        }
        return (row) => fieldOf(recordOf(row), field);
    }
  }

  private stateName(code: string): string {
    this.stateNames ??= new Map(generatorParts(this.generator).data.states.map((s) => [s.code, s.name]));
    return this.stateNames.get(code) ?? code;
  }

  /** The person record of a row, made a page at a time (rows are asked for in order; a page reads its field list once). */
  private personOf(row: number): Record<string, unknown> {
    const at = row - this.personRow;
    if (at < 0 || at >= this.persons.length) {
      // The default record when it has every field asked for: the same values, made without a field list.
      this.persons = (this.personFields.every((field) => DEFAULT_RECORD_FIELDS.has(field))
        ? this.generator.addresses({ start: row, count: PERSON_PAGE })
        : this.generator.addresses({ start: row, count: PERSON_PAGE, fields: this.personFields })) as unknown as Record<
        string,
        unknown
      >[];
      this.personRow = row;
      return this.persons[0];
    }
    return this.persons[at];
  }

  /** The row's company: its own (a company table), its employer's (an employee's parent), or one of its own stream. */
  private companyOf(row: number, source: RecordSource): Company {
    if (row !== this.companyRow) {
      if (source === 'employee') {
        const link = this.rows.link(this.plan.table, row);
        this.company = this.rows.generatorOf(link.table!).companyAt(link.parent);
      } else this.company = this.generator.companyAt(row);
      this.companyRow = row;
    }
    return this.company!;
  }

  /** The row's household: its own (a household table), or its parent's (a member). */
  private householdOf(row: number): Household {
    if (row !== this.householdRow) {
      if (this.plan.source === 'member') {
        const link = this.rows.link(this.plan.table, row);
        this.household = this.rows.generatorOf(link.table!).householdAt(link.parent);
      } else this.household = this.generator.householdAt(row);
      this.householdRow = row;
    }
    return this.household!;
  }

  private memberOf(row: number): HouseholdMember {
    if (row !== this.memberRow) {
      const link = this.rows.link(this.plan.table, row);
      const household = this.householdOf(row);
      // A pick (a plain count) may land past the household's size: its people repeat.
      this.member = household.members[link.child % household.members.length];
      this.memberRow = row;
    }
    return this.member!;
  }

  private employeeOf(row: number): Employee {
    if (row !== this.employeeRow) {
      const link = this.rows.link(this.plan.table, row);
      const maker = employeeMakerOf(this.rows.generatorOf(link.table!));
      this.employee = maker.employee(maker.workplaceOf(link.parent, undefined), link.child);
      this.employeeRow = row;
    }
    return this.employee!;
  }
}

/** A field of a record object, `country` added (the records leave it out where it is always US). */
function fieldOf(record: object, field: string): SeedValue {
  const value = (record as Record<string, unknown>)[field];
  if (value === undefined && field === 'country') return COUNTRY;
  return (value ?? null) as SeedValue;
}
