// The `ussynth/client` entry: exported by the package with its types, free of
// dependencies and Node built-ins, and working on web platform globals alone.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/index.js';
import { spawnServer, type SpawnedServer } from './spawned-server.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, Record<string, string>>;
};

let server: SpawnedServer;
beforeAll(async () => {
  server = await spawnServer();
});
afterAll(() => server?.stop());

/** Every module `entry` loads at run time, following its import specifiers. */
function runtimeImports(entry: string): { files: string[]; specifiers: string[] } {
  const files = new Set<string>();
  const specifiers: string[] = [];
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)) {
      specifiers.push(match[1]);
      if (match[1].startsWith('.')) visit(resolve(dirname(file), match[1]));
    }
  };
  visit(entry);
  return { files: [...files], specifiers };
}

describe('ussynth/client', () => {
  it('is a package entry with its types', () => {
    expect(packageJson.exports['./client']).toEqual({
      types: './dist/client/index.d.ts',
      default: './dist/client/index.js',
    });
    expect(existsSync(join(ROOT, 'dist/client/index.d.ts'))).toBe(true);
    const loaded = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('ussynth/client'); console.log(typeof m.createClient, typeof m.UssynthApiError)",
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(loaded.stderr).toBe('');
    expect(loaded.stdout).toBe('function function\n');
  });

  it('loads nothing at run time but its own files and the one seed rule: no dependency, no Node built-in, not the generator', () => {
    const { files, specifiers } = runtimeImports(join(ROOT, 'dist/client/index.js'));
    // The seed rule is the library's, shared so a seed means the same everywhere; it imports nothing.
    const seedRule = join(ROOT, 'dist/random/seed-rule.js');
    expect(specifiers.every((specifier) => specifier.startsWith('./') || specifier === '../random/seed-rule.js')).toBe(
      true,
    );
    expect(files.every((file) => file.startsWith(join(ROOT, 'dist/client/')) || file === seedRule)).toBe(true);
    expect(files).toContain(seedRule);
    expect(runtimeImports(seedRule).specifiers).toEqual([]);
  });

  it('bundles for browsers and works with nothing but web platform globals', async () => {
    const bundle = await build({
      entryPoints: [join(ROOT, 'src/client/index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      globalName: 'ussynthClient',
      write: false,
      logLevel: 'silent',
    });
    const code = bundle.outputFiles[0].text;
    expect(code).not.toMatch(/\brequire\(|from\s*"node:|\bprocess\.|\bBuffer\b/);
    // A few kilobytes: the client, not the generator and its index.
    expect(code.length).toBeLessThan(20_000);
    const web = { fetch, URL, URLSearchParams, AbortController, AbortSignal, DOMException, setTimeout, clearTimeout };
    const context = createContext({ ...web });
    runInContext(code, context);
    const client = runInContext('ussynthClient', context).createClient({
      baseUrl: server.url,
      apiKey: server.createKey('browser-like', { tier: 'standard' }),
    });
    expect(await client.addresses({ seed: 'web', start: 10, count: 1500 })).toEqual(
      createGenerator({ seed: 'web' }).addresses({ start: 10, count: 1500 }),
    );
  });
});
