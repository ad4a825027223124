import type { LoadColumn } from '../columns/load-columns.js';
import { quoteIdentifier, quoteTable, type SqlDialect } from '../columns/sql-dialect.js';
import type { TextRecord } from '../formats/record-format.js';
import { recordKind } from '../kinds/registry.js';
import { jobRange, type RecordJob } from '../record-job.js';
import type { ChildTable, KindField, RecordKind } from '../record-kind.js';

/**
 * One table of a two-table run: its name and its typed columns (the kind's fields, or those `--fields` kept).
 * @example const table: RunTable = { name: 'people', columns: [{ name: 'id', field: 'id', type: 'uuid' }] }
 */
export interface RunTable {
  name: string;
  columns: readonly LoadColumn[];
}

/**
 * The two tables of a run of a two-table kind and the key that joins them.
 * @example runTables(job).child.name // "people"
 */
export interface RunTables {
  kind: RecordKind;
  children: ChildTable;
  parent: RunTable;
  child: RunTable;
}

/**
 * Whether a kind is a two-table kind (parents and their children).
 * @example isTwoTableKind('household') // true
 */
export function isTwoTableKind(name: string): boolean {
  return recordKind(name).children !== undefined;
}

function kept(fields: readonly KindField[], names: readonly string[] | undefined): LoadColumn[] {
  const chosen = names === undefined ? fields : names.map((name) => fields.find((field) => field.name === name)!);
  return chosen.map(({ name, type }) => ({ name, field: name, type }));
}

/**
 * The tables of a job of a two-table kind: the parents' (`job.table`) and the children's.
 * Throws a RangeError for a one-table kind.
 * @example runTables({ kind: 'household', table: 'households' }).parent.columns[0].name // "id"
 */
export function runTables(job: Pick<RecordJob, 'kind' | 'table' | 'childTable' | 'tableFields'>): RunTables {
  const kind = recordKind(job.kind);
  const children = kind.children;
  if (children === undefined) throw new RangeError(`record kind ${JSON.stringify(kind.name)} has one table`);
  return {
    kind,
    children,
    parent: { name: job.table, columns: kept(kind.fields, job.tableFields?.parent) },
    child: { name: job.childTable ?? children.table, columns: kept(children.fields, job.tableFields?.child) },
  };
}

/**
 * The constraint lines of `CREATE TABLE` for each table: the parents' PRIMARY
 * KEY and the children's FOREIGN KEY to it, quoted for the dialect.
 * @example tableConstraints('postgres', tables).child // ['FOREIGN KEY ("householdId") REFERENCES "households" ("id")']
 */
export function tableConstraints(
  dialect: SqlDialect | 'portable',
  tables: RunTables,
): { parent: string[]; child: string[] } {
  const key = quoteIdentifier(dialect, tables.children.key);
  const foreignKey = quoteIdentifier(dialect, tables.children.foreignKey);
  return {
    parent: [`PRIMARY KEY (${key})`],
    child: [`FOREIGN KEY (${foreignKey}) REFERENCES ${quoteTable(dialect, tables.parent.name)} (${key})`],
  };
}

/**
 * Parents `first .. end-1` of a run (as the run counts them) with their children.
 * @example const chunk: FamilyChunk = { first: 0, end: 100, parents, children }
 */
export interface FamilyChunk {
  first: number;
  end: number;
  parents: readonly TextRecord[];
  children: readonly TextRecord[];
}

/**
 * The job's range of parents with their children, `parentsPerChunk` parents
 * at a time, on this thread (a two-table run is written and loaded on one thread).
 * @example for (const { parents, children } of familyChunks(job)) write(parents, children)
 */
export function* familyChunks(job: RecordJob, range = jobRange(job)): Generator<FamilyChunk> {
  const { children } = runTables(job);
  const read = children.reader(job);
  const per = children.parentsPerChunk ?? 100;
  for (let first = range.first; first < range.end; first += per) {
    const end = Math.min(range.end, first + per);
    const { parents, children: rows } = read(first, end - first);
    yield { first, end, parents, children: rows };
  }
}

/**
 * The children split into runs of one parent each (they come in their parents' order).
 * @example childrenByParent(rows, 'householdId').map((run) => run.length) // [3, 1, 2]
 */
export function childrenByParent(children: readonly TextRecord[], foreignKey: string): TextRecord[][] {
  const runs: TextRecord[][] = [];
  for (const child of children) {
    const last = runs.at(-1);
    if (last !== undefined && last[0][foreignKey] === child[foreignKey]) last.push(child);
    else runs.push([child]);
  }
  return runs;
}

/**
 * A record with only these columns, in their order.
 * @example pickColumns({ a: '1', b: '2' }, ['b']) // { b: '2' }
 */
export function pickColumns(record: TextRecord, columns: readonly LoadColumn[]): TextRecord {
  const out: Record<string, string> = {};
  for (const column of columns) out[column.name] = record[column.field];
  return out;
}
