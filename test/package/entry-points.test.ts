import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Every file an entry point reaches and every package or built-in it imports, found by bundling it with esbuild. */
async function reach(entry: string): Promise<{ files: string[]; imports: string[] }> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'neutral',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const files = Object.keys(result.metafile.inputs).sort();
  const imports = [
    ...new Set(
      Object.values(result.metafile.inputs).flatMap((input) =>
        input.imports.filter((i) => i.external).map((i) => i.path),
      ),
    ),
  ].sort();
  return { files, imports };
}

describe('library entry points never reach the service', () => {
  // What each entry point may import beyond its own files under src/.
  const cases: { entry: string; allowed: (name: string) => boolean; rule: string }[] = [
    { entry: 'src/index.ts', allowed: (name) => NODE_BUILTINS.has(name), rule: 'Node built-ins only' },
    { entry: 'src/browser.ts', allowed: () => false, rule: 'nothing: no package, no Node built-in' },
    {
      entry: 'src/client/index.ts',
      allowed: () => false,
      rule: 'nothing: no package, no Node built-in (it runs in browsers)',
    },
    { entry: 'src/cli.ts', allowed: (name) => NODE_BUILTINS.has(name), rule: 'Node built-ins only' },
    { entry: 'src/cli/main.ts', allowed: (name) => NODE_BUILTINS.has(name), rule: 'Node built-ins only' },
    {
      entry: 'src/records.ts',
      allowed: (name) => NODE_BUILTINS.has(name),
      rule: 'Node built-ins only (its Parquet and database writers live in the command line and ussynth/load)',
    },
    {
      entry: 'src/load.ts',
      allowed: (name) => NODE_BUILTINS.has(name),
      rule: 'Node built-ins only (its drivers are imported by name when a load runs)',
    },
    {
      entry: 'src/database.ts',
      allowed: (name) => NODE_BUILTINS.has(name) || name === 'better-sqlite3' || name === 'kysely',
      rule: 'Node built-ins and its optional peers better-sqlite3 and kysely',
    },
  ];
  for (const { entry, allowed, rule } of cases) {
    it(`${entry} imports ${rule}, and only files under src/`, async () => {
      const { files, imports } = await reach(entry);
      expect(files.length).toBeGreaterThan(1);
      expect(files.filter((file) => !file.startsWith('src/'))).toEqual([]);
      expect(imports.filter((name) => !allowed(name))).toEqual([]);
    });
  }

  it('would catch an entry point that reached the service', async () => {
    // The check itself can fail: the service's app reaches Fastify and SQLite.
    const { files, imports } = await reach('server/src/app.ts');
    expect(files.some((file) => file.startsWith('server/'))).toBe(true);
    expect(imports).toContain('fastify');
  });
});
