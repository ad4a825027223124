/**
 * Saves text as a file through a temporary object URL: nothing is fetched
 * or sent, the browser writes the bytes it already has.
 * @example downloadText(document, 'ussynth-batch-42.csv', csv, 'text/csv')
 */
export function downloadText(document: Document, fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A file name for a result: kind and seed, the seed reduced to safe characters, and the table for a result of
 * several tables (households and people, a company and its employees).
 * @example resultFileName('batch', 'my seed/1', 'csv') // "ussynth-batch-my-seed-1.csv"
 * @example resultFileName('household', '42', 'csv', 'people') // "ussynth-household-42-people.csv"
 */
export function resultFileName(kind: string, seed: string, extension: string, table?: string): string {
  const safeSeed = seed.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 64);
  return `ussynth-${kind}-${safeSeed}${table === undefined ? '' : `-${table}`}.${extension}`;
}
