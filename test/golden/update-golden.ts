/** `npm run golden:update`: rewrites test/golden/*.json from the current generator. */
import { writeFileSync } from 'node:fs';
import { createGenerator } from '../../src/index.js';
import { GOLDEN_CALLS, GOLDEN_SEEDS, goldenFile } from './golden-plan.js';

/** The golden text of one method and seed: versions, then the output. */
export function goldenText(method: string, seed: number): string {
  const gen = createGenerator({ seed });
  const output = GOLDEN_CALLS[method](gen);
  return (
    JSON.stringify(
      {
        generatedBy: 'npm run golden:update',
        generatorVersion: gen.generatorVersion,
        datasetVersion: gen.datasetVersion,
        seed,
        method,
        output,
      },
      null,
      2,
    ) + '\n'
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const method of Object.keys(GOLDEN_CALLS)) {
    for (const seed of GOLDEN_SEEDS)
      writeFileSync(new URL(goldenFile(method, seed), import.meta.url), goldenText(method, seed));
  }
  console.log(`wrote ${Object.keys(GOLDEN_CALLS).length * GOLDEN_SEEDS.length} golden files`);
}
