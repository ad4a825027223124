import { CliError } from 'ussynth/cli';
import { unsupportedNodeMessage } from './node-version.js';

// Imported first by the package's entry points (server.ts, cli/commands.ts): ES modules run their imports in order,
// so this refuses an old Node with a sentence before any module that needs a newer one runs. A CliError, so that
// `ussynth serve` (the library's command line loading ussynth-server/commands) prints it and exits 1.
const problem = unsupportedNodeMessage();
if (problem !== null) throw new CliError(problem, 1);
