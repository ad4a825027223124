import { createGenerator, GENERATOR_VERSION } from '../../src/index.js';

/** The seed of the README's example record and screenshot. */
export const README_SEED = 42;

/** Marks the start and end of the README's generated example (between them: made by `readmeExample`). */
export const EXAMPLE_START =
  '<!-- readme-example: made by `npm run docs:readme`; test/docs/readme.test.ts checks it -->';
export const EXAMPLE_END = '<!-- /readme-example -->';

/**
 * The README's example: what `ussynth address --seed 42` prints and the
 * versions that make it, as the code makes them now.
 * @example readmeExample().includes(GENERATOR_VERSION) // true
 */
export function readmeExample(): string {
  const gen = createGenerator({ seed: README_SEED });
  return [
    EXAMPLE_START,
    `With generator ${GENERATOR_VERSION} and dataset ${gen.datasetVersion}, \`ussynth address --seed ${README_SEED}\` (or \`createGenerator({ seed: ${README_SEED} }).address()\`, or \`GET /v1/address?seed=${README_SEED}\`) gives:`,
    '',
    '```json',
    JSON.stringify(gen.address(), null, 2),
    '```',
    EXAMPLE_END,
  ].join('\n');
}

/**
 * `readme` with its example block replaced by the current one.
 * @example writeFileSync('README.md', withExample(readFileSync('README.md', 'utf8')))
 */
export function withExample(readme: string): string {
  const start = readme.indexOf(EXAMPLE_START);
  const end = readme.indexOf(EXAMPLE_END);
  if (start < 0 || end < start) throw new Error('README.md has no readme-example block');
  return readme.slice(0, start) + readmeExample() + readme.slice(end + EXAMPLE_END.length);
}
