#!/usr/bin/env node
// The `ussynth` command npm links at install time (this file is committed, so `npm ci` in a clone links it even
// before anything is built). Plain JavaScript with Node built-ins only. dist/ not built yet (a fresh clone): says to
// run `npm run build` and exits 1; otherwise runs dist/cli/main.js in this process (the library's command line runs
// on Node 20 too).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const main = join(here, '..', 'dist', 'cli', 'main.js');
if (!existsSync(main)) {
  process.stderr.write(
    `ussynth: not built yet (${main} is missing): run \`npm run build\` in ${join(here, '..')} first (\`npm start\` builds too)\n`,
  );
  process.exit(1);
}
// A database password in `--to` leaves the command line others see (ps) before the CLI's modules load.
const { hidePasswordsFromCommandLine } = await import(
  pathToFileURL(join(here, '..', 'dist', 'cli', 'hidden-passwords.js')).href
);
hidePasswordsFromCommandLine(process.argv);
// dist/cli/main.js runs when it is the script Node was started with.
process.argv[1] = main;
await import(pathToFileURL(main).href);
