import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// A static import or re-export at the start of a line, to its `from '...'` (or a bare `import '...'`); `import type`
// and `export type` included. `import(` (dynamic, runs later) does not match. TypeScript 7 has no JS parser API, so
// the test checks this reading against esbuild's graph of the imports that run (see the first test).
const STATIC_IMPORT = /^[ \t]*(?:import|export)(?![ \t]*\()\b[^;'"]*?(?:\bfrom[ \t]*)?['"](\.[^'"]+)['"]/gm;

/**
 * Every static import and re-export between the TypeScript files under `dir` (`import type` included: a type-only
 * cycle is a tangle of concepts even though it vanishes at run time). Dynamic `import()` runs later and is left out;
 * so are packages and files outside `dir`. Names are relative to `dir`.
 */
function importGraph(dir: string): Map<string, string[]> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.split(/[\\/]/).includes('node_modules'))
    .map((file) => file.split('\\').join('/'));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const [, specifier] of readFileSync(join(dir, file), 'utf8').matchAll(STATIC_IMPORT)) {
      const target = relative(dir, resolve(dir, dirname(file), specifier.replace(/\.js$/, '.ts')))
        .split('\\')
        .join('/');
      if (known.has(target)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The imports under `dir` that run when a module loads, as esbuild sees them after TypeScript's type-only imports
 * are dropped (the project's verbatimModuleSyntax: what tsc emits). Dynamic imports run later and are left out.
 */
async function runtimeImports(dir: string): Promise<Map<string, string[]>> {
  const entryPoints = [...importGraph(dir).keys()].map((file) => join(dir, file));
  const { metafile } = await build({
    entryPoints,
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    outdir: 'unused',
    logLevel: 'silent',
  });
  const dirFromCwd = relative(process.cwd(), dir).split('\\').join('/') + '/';
  const name = (path: string) => (path.startsWith(dirFromCwd) ? path.slice(dirFromCwd.length) : null);
  const graph = new Map<string, string[]>();
  for (const [path, input] of Object.entries(metafile.inputs)) {
    const from = name(path);
    if (from === null) continue;
    const to = input.imports
      .filter((edge) => edge.kind === 'import-statement' && !edge.external)
      .map((edge) => name(edge.path));
    graph.set(
      from,
      to.filter((file): file is string => file !== null),
    );
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

/**
 * The imports between the folders at the top of a tree (a file's first folder), from the file graph: a folder
 * imports another when one of its files does. The files at the tree's root (entry points and composition) are left
 * out. A cycle here is two concepts each built on the other, even where no file imports one that imports it back.
 */
function folderGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const folderOf = (file: string): string | undefined =>
    file.includes('/') ? file.slice(0, file.indexOf('/')) : undefined;
  const folders = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const folder = folderOf(from);
    if (folder === undefined) continue;
    const imported = folders.get(folder) ?? new Set<string>();
    folders.set(folder, imported);
    for (const target of targets) {
      const other = folderOf(target);
      if (other !== undefined && other !== folder) imported.add(other);
    }
  }
  return new Map([...folders].map(([folder, imported]) => [folder, [...imported].sort()]));
}

describe('imports', () => {
  it.each([
    ['server/src', 'app.ts', 'problem/error-handler.ts'],
    ['src', 'index.ts', 'default-index.ts'],
    ['pipeline', 'main.ts', 'load/write-outputs.ts'],
  ])(
    'of %s form no cycle, type-only imports included (a module of a cycle can run before the one it imports has set its exports)',
    async (dir, file, imported) => {
      const graph = importGraph(join(ROOT, dir));
      // The walk saw the whole tree, not an empty graph.
      expect(graph.get(file)).toContain(imported);
      expect(cycles(graph).map((cycle) => cycle.join(' > '))).toEqual([]);
      // Every import that runs is in the graph read from the text (which adds the type-only ones).
      const missed = [...(await runtimeImports(join(ROOT, dir)))].flatMap(([from, to]) =>
        to.filter((target) => !graph.get(from)?.includes(target)).map((target) => `${from} > ${target}`),
      );
      expect(missed).toEqual([]);
    },
  );

  it.each([
    ['server/src', 'problem', 'schemas'],
    ['src', 'cli', 'load'],
    ['pipeline', 'transform', 'sources'],
  ])('between the folders of %s form no cycle (docs/architecture.md, the layer maps)', (dir, folder, imported) => {
    const graph = folderGraph(importGraph(join(ROOT, dir)));
    // The folders were seen, with their imports.
    expect(graph.get(folder)).toContain(imported);
    expect(cycles(graph).map((cycle) => cycle.join(' > '))).toEqual([]);
  });

  it('are found to cycle between folders when no file imports one that imports it back (the check can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ussynth-folder-cycle-'));
    try {
      mkdirSync(join(dir, 'a'));
      mkdirSync(join(dir, 'b'));
      writeFileSync(join(dir, 'a', 'one.ts'), "import { two } from '../b/two.js';\nexport const one = two + 1;\n");
      writeFileSync(join(dir, 'b', 'two.ts'), 'export const two = 2;\n');
      writeFileSync(
        join(dir, 'b', 'three.ts'),
        "import type { Four } from '../a/four.js';\nexport const three = (f: Four) => f;\n",
      );
      writeFileSync(join(dir, 'a', 'four.ts'), 'export interface Four { n: number }\n');
      writeFileSync(join(dir, 'main.ts'), "import { one } from './a/one.js';\nexport default one;\n");
      const graph = importGraph(dir);
      expect(cycles(graph)).toEqual([]);
      expect(cycles(folderGraph(graph)).map((cycle) => cycle.join(' > '))).toEqual(['a > b']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are found to cycle through a type-only import and a re-export (the check can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ussynth-cycle-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import type { B } from './b.js';\nexport interface A { b: B }\n");
      writeFileSync(join(dir, 'b.ts'), "export { c } from './c.js';\nexport interface B { n: number }\n");
      writeFileSync(join(dir, 'c.ts'), "import type { A } from './a.js';\nexport const c = (a: A) => a;\n");
      writeFileSync(join(dir, 'd.ts'), "const later = () => import('./a.js');\nexport default later;\n");
      expect(cycles(importGraph(dir)).map((cycle) => cycle.join(' > '))).toEqual(['a.ts > b.ts > c.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
