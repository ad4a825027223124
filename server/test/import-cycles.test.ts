import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/**
 * The imports of server/src that run when a module loads, as esbuild sees them after TypeScript's type-only imports
 * are dropped (the project's verbatimModuleSyntax: what tsc emits). Dynamic imports run later and are left out.
 */
async function runtimeImports(): Promise<Map<string, string[]>> {
  const entryPoints = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => join(SRC, file));
  const { metafile } = await build({ entryPoints, bundle: true, write: false, metafile: true, packages: 'external', platform: 'node', format: 'esm', outdir: 'unused', logLevel: 'silent' });
  const srcFromCwd = relative(process.cwd(), SRC).split('\\').join('/') + '/';
  const name = (path: string) => (path.startsWith(srcFromCwd) ? path.slice(srcFromCwd.length) : null);
  const graph = new Map<string, string[]>();
  for (const [path, input] of Object.entries(metafile.inputs)) {
    const from = name(path);
    if (from === null) continue;
    const to = input.imports.filter((edge) => edge.kind === 'import-statement' && !edge.external).map((edge) => name(edge.path));
    graph.set(from, to.filter((file): file is string => file !== null));
  }
  return graph;
}

/** Every cycle's first appearance in a depth-first walk, as the list of files around it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    const at = path.indexOf(file);
    if (at >= 0) return void found.push(path.slice(at));
    if (done.has(file)) return;
    path.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) visit(file);
  return found;
}

describe('server/src imports', () => {
  it('form no cycle at run time (a module of a cycle can run before the one it imports has set its exports)', async () => {
    const graph = await runtimeImports();
    // The walk saw the whole tree, not an empty graph.
    expect(graph.get('app.ts')).toContain('problem/error-handler.ts');
    expect(cycles(graph).map((cycle) => cycle.join(' > '))).toEqual([]);
  });
});
