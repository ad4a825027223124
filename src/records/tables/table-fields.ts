import type { RecordKind } from '../record-kind.js';

/**
 * The columns a two-table run keeps of each table; a table not named keeps all its fields.
 * @example const kept: TableFields = { child: ['id', 'householdId', 'name'] }
 */
export interface TableFields {
  parent?: string[];
  child?: string[];
}

/**
 * Parses a two-table kind's `--fields`: comma-separated `FIELD` (a field of
 * the children's table) or `TABLE.FIELD` (TABLE the parents' or the
 * children's table name). A table keeps the fields named for it, in that
 * order. Returns a message naming the problem instead for an empty list, an
 * unknown table or field (with the valid ones), a field named twice, and a
 * list that leaves out a key: the parents' `key` (the children's foreign
 * key refers to it) or the children's `foreignKey`.
 * @example parseTableFields(householdKind, 'households.id,households.zip,id,householdId,name', 'households', 'people') // { parent: ['id', 'zip'], child: ['id', 'householdId', 'name'] }
 */
export function parseTableFields(
  kind: RecordKind,
  text: string,
  parentTable: string,
  childTable: string,
): TableFields | string {
  const children = kind.children!;
  const known = { parent: kind.fields.map(({ name }) => name), child: children.fields.map(({ name }) => name) };
  const kept: TableFields = {};
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.length === 0 || entries.every((entry) => entry === ''))
    return `--fields needs at least one field, such as --fields ${childTable}.${children.foreignKey}`;
  for (const entry of entries) {
    const dot = entry.indexOf('.');
    const table = dot < 0 ? childTable : entry.slice(0, dot);
    const field = dot < 0 ? entry : entry.slice(dot + 1);
    const side = table === parentTable ? 'parent' : table === childTable ? 'child' : undefined;
    if (side === undefined)
      return `--fields: ${JSON.stringify(entry)} names no table of ${kind.name}: use ${parentTable}.FIELD or ${childTable}.FIELD (or FIELD for ${childTable})`;
    if (!known[side].includes(field)) {
      return `--fields: ${JSON.stringify(field)} is not a field of ${table}; its fields are ${known[side].join(', ')}`;
    }
    const list = (kept[side] ??= []);
    if (list.includes(field)) return `--fields names ${table}.${field} twice`;
    list.push(field);
  }
  if (kept.parent !== undefined && !kept.parent.includes(children.key))
    return `--fields leaves out ${parentTable}.${children.key}, the key ${childTable}.${children.foreignKey} refers to; keep it`;
  if (kept.child !== undefined && !kept.child.includes(children.foreignKey))
    return `--fields leaves out ${childTable}.${children.foreignKey}, which joins each row to ${parentTable}.${children.key}; keep it`;
  return kept;
}
