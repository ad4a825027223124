import '../runtime/require-supported-node.js';
import type { Command } from 'ussynth/cli';
import { accountsCommand } from './accounts.js';
import { keysCommand } from './keys.js';
import { serveCommand } from './serve.js';
import { statusCommand } from './status.js';
import { storeCommand } from './store.js';

/**
 * The operator commands of `ussynth-server` (and of `ussynth` when this
 * package is installed), in the order `--help` lists them.
 * @example SERVICE_COMMANDS.map((c) => c.name) // ['serve', 'keys', 'accounts', 'store', 'status']
 */
export const SERVICE_COMMANDS: readonly Command[] = [
  serveCommand,
  keysCommand,
  accountsCommand,
  storeCommand,
  statusCommand,
];
