/**
 * Regenerates what the README shows from what the code makes now: the example record and versions
 * (docs/tools/readme-example.ts), then the demo's screenshot and size table (docs/tools/refresh-demo-docs.ts, which
 * builds the demo first).
 *   npm run docs:readme
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withExample } from './readme-example.js';
import { refreshDemoDocs } from './refresh-demo-docs.js';

const README = fileURLToPath(new URL('../../README.md', import.meta.url));

writeFileSync(README, withExample(readFileSync(README, 'utf8')));
console.log("Updated README.md's example");
await refreshDemoDocs();
