import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_END, EXAMPLE_START, README_SEED, readmeExample } from '../../docs/tools/readme-example.js';
import { createGenerator, GENERATOR_VERSION, MAX_BATCH } from '../../src/index.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README.md shows what the code makes now', () => {
  it('its example record and versions are the current ones (npm run docs:readme rewrites them)', () => {
    const block = readme.slice(readme.indexOf(EXAMPLE_START), readme.indexOf(EXAMPLE_END) + EXAMPLE_END.length);
    expect(block).toContain(`generator ${GENERATOR_VERSION}`);
    const gen = createGenerator({ seed: README_SEED });
    expect(block).toContain(`dataset ${gen.datasetVersion}`);
    const json = /```json\n([\s\S]+?)\n```/.exec(block)![1];
    expect(JSON.parse(json)).toEqual(gen.address());
    expect(block).toBe(readmeExample());
  });

  it('names no generator or dataset version but the current ones', () => {
    const dataset = createGenerator({ seed: 1 }).datasetVersion;
    for (const match of readme.matchAll(/generator (\d+\.\d+\.\d+)/gi)) expect(match[1]).toBe(GENERATOR_VERSION);
    for (const match of readme.matchAll(/dataset (\d{4}\.\d+\.\d+)/gi)) expect(match[1]).toBe(dataset);
  });

  it('names, in Start, every package whose engines need more than Node 20 (the EBADENGINE lines of npm ci on Node 20)', () => {
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, { name?: string; engines?: { node?: string } }>;
    };
    // A plain lower bound above 20 (">=22", ">=22.14.0"); the lock's ranges with "||" all admit Node 20.19 and later.
    const node22 = Object.entries(lock.packages)
      .filter(([, entry]) => Number(/^>=\s*(\d+)(\.\d+)*$/.exec(entry.engines?.node ?? '')?.[1] ?? 0) > 20)
      .map(([path, entry]) => entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(node22.length).toBeGreaterThan(0);
    const start = readme.slice(readme.indexOf('## Start'), readme.indexOf('\n## ', readme.indexOf('## Start') + 1));
    expect(start).toContain('EBADENGINE');
    for (const name of new Set(node22)) expect(start, name).toContain(`\`${name}\``);
  });

  it('the library examples it shows in comments hold', () => {
    expect(createGenerator({ seed: 42 }).zip('10001')).toEqual({
      zip: '10001',
      state: 'NY',
      stateFull: 'New York',
      city: 'New York',
    });
    expect(readme).toContain(
      "gen.zip('10001');                             // { zip: '10001', state: 'NY', stateFull: 'New York', city: 'New York' }",
    );
    expect(createGenerator({ seed: 42 }).phone({ state: 'NY' }).phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
  });

  it('says what the command line does with batches over the library and API cap', () => {
    expect(readme).toContain(
      `up to ${MAX_BATCH} per library or API call; any size\nfrom the command line's \`ussynth batch\``,
    );
  });

  it('says how to run both commands from a clone and from an install', () => {
    expect(readme).toContain('| data | `npx ussynth address --count 10` |');
    expect(readme).toContain('| service | `npx ussynth-server keys list`');
    expect(readme).not.toMatch(/(?<![-\w])ussynth (keys|accounts)\b/);
  });
});
