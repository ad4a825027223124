import type { Command } from '../command.js';

/**
 * Every command of the `ussynth` binary, in the order `--help` lists them.
 * Each lives in its own file in this folder; add one line here per command.
 */
export const COMMANDS: readonly Command[] = [];
