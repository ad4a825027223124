import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** datasets/ at the project root, independent of the current directory. */
export const DATASETS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'datasets');

/** Writes bytes as-is (verbatim copies). Returns the dataset-relative path. */
export function writeDatasetBytes(relPath: string, data: Buffer): string {
  const path = join(DATASETS_DIR, relPath);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
  return relPath;
}

/** Writes UTF-8 text lines joined by \n with a final newline; rejects stray line breaks inside a line. */
export function writeDatasetLines(relPath: string, lines: readonly string[]): string {
  for (const line of lines) {
    if (/[\r\n]/.test(line)) throw new Error(`${relPath}: line contains a line break: ${JSON.stringify(line)}`);
  }
  return writeDatasetBytes(relPath, Buffer.from(lines.join('\n') + '\n', 'utf8'));
}

/** Writes a value as 2-space-indented JSON with a final newline. */
export function writeDatasetJson(relPath: string, value: unknown): string {
  return writeDatasetBytes(relPath, Buffer.from(JSON.stringify(value, null, 2) + '\n', 'utf8'));
}
