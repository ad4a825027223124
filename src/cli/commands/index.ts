import type { Command } from '../command.js';
import { addressCommand } from './address.js';
import { batchCommand } from './batch.js';
import { einCommand } from './ein.js';
import { phoneCommand } from './phone.js';
import { zipCommand } from './zip.js';
import { dataCommand } from './data.js';
import { serveCommand } from './serve.js';
import { keysCommand } from './keys.js';

/**
 * Every command of the `ussynth` binary, in the order `--help` lists them.
 * Each lives in its own file in this folder; add one line here per command.
 */
export const COMMANDS: readonly Command[] = [
  addressCommand,
  batchCommand,
  einCommand,
  phoneCommand,
  zipCommand,
  dataCommand,
  serveCommand,
  keysCommand,
];
