import type { DemoColumn } from './generate.js';

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
  table.caption!.textContent = caption;
  const headRow = document.createElement('tr');
  headRow.append(headerCell(document, '#', 'row'));
  for (const column of columns) headRow.append(headerCell(document, column.label, column.key));
  table.tHead!.replaceChildren(headRow);

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
  table.tBodies[0].replaceChildren(rows);
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
