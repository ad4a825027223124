import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGenerator as createInBrowser } from '../../src/browser.js';
import { createGenerator, DEFAULT_INDEX_PATH, GENERATOR_VERSION } from '../../src/index.js';

const sample = (gen: ReturnType<typeof createGenerator>) =>
  JSON.stringify([
    gen.addresses({ start: 1_000_000, count: 50 }),
    gen.batch({ count: 20, state: 'PR' }),
    gen.ein(),
    gen.phone({ state: 'HI' }),
    gen.zip('96799'),
  ]);

describe('determinism', () => {
  it('gives identical bytes in another process', () => {
    const script = `import { createGenerator } from ${JSON.stringify(new URL('../../src/index.ts', import.meta.url).href)};
      const gen = createGenerator({ seed: 1337 });
      process.stdout.write(JSON.stringify([gen.addresses({ start: 1_000_000, count: 50 }), gen.batch({ count: 20, state: 'PR' }), gen.ein(), gen.phone({ state: 'HI' }), gen.zip('96799')]));`;
    const child = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(child).toBe(sample(createGenerator({ seed: 1337 })));
  });

  it('gives identical bytes through the browser entry, which takes the index as bytes', () => {
    const bytes = readFileSync(DEFAULT_INDEX_PATH);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    expect(sample(createInBrowser({ index: buffer, seed: 1337 }))).toBe(sample(createGenerator({ seed: 1337 })));
  });

  it('treats a number seed as its text', () => {
    expect(sample(createGenerator({ seed: 42 }))).toBe(sample(createGenerator({ seed: '42' })));
    expect(sample(createGenerator({ seed: 42 }))).not.toBe(sample(createGenerator({ seed: 43 })));
  });

  it('picks and tells a seed when none is given, so the run can be replayed', () => {
    const first = createGenerator();
    const second = createGenerator();
    expect(first.seed).toMatch(/^\d+$/);
    expect(first.seed).not.toBe(second.seed);
    expect(sample(createGenerator({ seed: first.seed }))).toBe(sample(first));
  });

  it('exposes the generator and dataset versions', () => {
    const gen = createGenerator({ seed: 1 });
    expect(gen.generatorVersion).toBe(GENERATOR_VERSION);
    expect(gen.datasetVersion).toBe(
      JSON.parse(readFileSync(new URL('../../dist-data/manifest.json', import.meta.url), 'utf8')).datasetVersion,
    );
  });

  it('keeps the generator core free of Math.random, Date.now and Node built-ins', () => {
    const core = ['generator', 'random', 'data-index'].flatMap((dir) =>
      readdirSync(new URL(`../../src/${dir}`, import.meta.url)).map((name) => `${dir}/${name}`),
    );
    expect(core).toEqual(
      expect.arrayContaining([
        'generator/generator.ts',
        'generator/string-pairs.ts',
        'random/keyed-permutation.ts',
        'data-index/read-index.ts',
      ]),
    );
    for (const file of core) {
      const source = readFileSync(new URL(`../../src/${file}`, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/Math\.random|Date\.now|new Date|from 'node:/);
    }
  });
});
