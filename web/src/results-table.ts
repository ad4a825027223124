import type { DemoColumn, DemoGroup } from './generate.js';

/**
 * Fills the results table: a numbered row per record, each cell's text set
 * with `textContent` (never HTML; a value with spaces as one span per word, so it wraps only between words), built off-document in one fragment so
 * 1000 rows cost one layout. Header cells carry `data-key` so tests and
 * scripts can read the table back as records.
 * @example renderTable(document.querySelector('table')!, DEMO_COLUMNS.ein, [{ ein: '27-1234567' }], '1 EIN')
 */
export function renderTable(
  table: HTMLTableElement,
  columns: readonly DemoColumn[],
  records: readonly Record<string, string>[],
  caption: string,
): void {
  const document = table.ownerDocument;
  renderHead(table, columns, caption);
  const body = document.createElement('tbody');
  body.append(recordRows(document, columns, records));
  table.replaceChildren(table.caption!, table.tHead!, body);
}

/**
 * Fills the results table with records in groups (a household's members):
 * one `<tbody>` per group, opened by a heading row (`<th scope="rowgroup">`,
 * "Household 2: <what the group shares>") that screen readers announce with
 * each row of the group, and the group's rows numbered from 1.
 * @example renderGroupedTable(table, DEMO_COLUMNS.household, result.groups!, '3 households')
 */
export function renderGroupedTable(
  table: HTMLTableElement,
  columns: readonly DemoColumn[],
  groups: readonly DemoGroup[],
  caption: string,
): void {
  const document = table.ownerDocument;
  renderHead(table, columns, caption);
  const bodies = groups.map((group, i) => {
    const body = document.createElement('tbody');
    body.className = 'group';
    const headingRow = document.createElement('tr');
    const heading = document.createElement('th');
    heading.scope = 'rowgroup';
    heading.colSpan = columns.length + 1;
    heading.className = 'group-heading';
    heading.textContent = `Household ${i + 1}: ${group.heading}`;
    headingRow.append(heading);
    body.append(headingRow, recordRows(document, columns, group.records));
    return body;
  });
  table.replaceChildren(table.caption!, table.tHead!, ...bodies);
}

function renderHead(table: HTMLTableElement, columns: readonly DemoColumn[], caption: string): void {
  const document = table.ownerDocument;
  table.caption!.textContent = caption;
  const headRow = document.createElement('tr');
  headRow.append(headerCell(document, '#', 'row'));
  for (const column of columns) headRow.append(headerCell(document, column.label, column.key));
  table.tHead!.replaceChildren(headRow);
}

/** Numbered rows, one per record, off-document in one fragment. */
function recordRows(
  document: Document,
  columns: readonly DemoColumn[],
  records: readonly Record<string, string>[],
): DocumentFragment {
  const rows = document.createDocumentFragment();
  for (let i = 0; i < records.length; i++) {
    const row = document.createElement('tr');
    const number = document.createElement('td');
    number.className = 'number';
    number.textContent = String(i + 1);
    row.append(number);
    const record = records[i];
    for (const column of columns) {
      row.append(valueCell(document, record[column.key] ?? ''));
    }
    rows.append(row);
  }
  return rows;
}

/**
 * A cell that never breaks a value inside a word: a value without spaces is one text (the cell does not wrap,
 * see styles.css); one with spaces wraps only at them, each word an unbreakable span ("Magnolia", "367-1799" and
 * "America/Chicago" stay whole). The cell's textContent is the value, unchanged.
 */
function valueCell(document: Document, value: string): HTMLTableCellElement {
  const cell = document.createElement('td');
  if (!/\s/.test(value)) {
    cell.textContent = value;
    return cell;
  }
  cell.className = 'words';
  for (const part of value.split(/(\s+)/)) {
    if (part === '') continue;
    if (/^\s/.test(part)) cell.append(part);
    else {
      const word = document.createElement('span');
      word.textContent = part;
      cell.append(word);
    }
  }
  return cell;
}

function headerCell(document: Document, label: string, key: string): HTMLTableCellElement {
  const cell = document.createElement('th');
  cell.scope = 'col';
  cell.dataset.key = key;
  cell.textContent = label;
  return cell;
}
