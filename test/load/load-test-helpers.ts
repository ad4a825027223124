// Helpers of the --to tests: the library's records to compare with, and a running binary to interrupt.
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator } from '../../src/index.js';

/**
 * Records 0..count-1 of the address stream of `seed`, as the CLI writes them.
 * @example libraryRows('s', 10, true)
 */
export function libraryRows(seed: string, count: number, geo = false): Record<string, unknown>[] {
  return createGenerator({ seed }).addresses({ start: 0, count, geo }) as unknown as Record<string, unknown>[];
}

/**
 * Rows in code-point order of their JSON: a table has no row order, so both sides are compared sorted.
 * @example expect(sorted(read)).toEqual(sorted(expected))
 */
export function sorted<T>(rows: readonly T[]): T[] {
  const key = (row: T): string => JSON.stringify(row);
  const keyed = rows.map((row) => [key(row), row] as const);
  keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return keyed.map(([, row]) => row);
}

/**
 * Resolves with the child's stderr so far once it matches `pattern` (rejects if the child exits first).
 * @example await stderrMatching(child, /committed records/)
 */
export function stderrMatching(child: ChildProcess, pattern: RegExp): Promise<string> {
  let text = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      if (pattern.test(text)) {
        child.stderr!.off('data', onData);
        resolve(text);
      }
    };
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code} before printing ${pattern}: ${text}`)));
  });
}

/**
 * Waits until `check` returns true, polling every 50 ms for at most `timeoutMs`.
 * @example await until(async () => (await copying()) > 0, 60_000)
 */
export async function until(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A copy of the built package (dist and package.json, the data linked) with
 * no node_modules at all: the drivers cannot be found from it. Returns its binary.
 * @example const binary = packageWithoutDrivers(); spawn(process.execPath, [binary, 'address', '--to', url])
 */
export function packageWithoutDrivers(): string {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const scratch = mkdtempSync(join(tmpdir(), 'ussynth-no-drivers-'));
  cpSync(join(root, 'dist'), join(scratch, 'dist'), { recursive: true });
  cpSync(join(root, 'package.json'), join(scratch, 'package.json'));
  symlinkSync(join(root, 'dist-data'), join(scratch, 'dist-data'));
  writeFileSync(join(scratch, 'README.md'), 'a copy without node_modules for the missing-driver tests\n');
  return join(scratch, 'dist', 'cli', 'main.js');
}
