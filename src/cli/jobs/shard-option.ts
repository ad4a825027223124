import { CliError } from '../command.js';

/**
 * Parses `--shard K/N`: the K-th (0-based) of N ranges, N from 1 to the count.
 * @example shardOption('1/4', 100) // { index: 1, total: 4 }
 */
export function shardOption(text: string | undefined, count: number): { index: number; total: number } | undefined {
  if (text === undefined) return undefined;
  const match = /^([0-9]+)\/([0-9]+)$/.exec(text);
  const index = match ? Number(match[1]) : NaN;
  const total = match ? Number(match[2]) : NaN;
  if (!match || !Number.isSafeInteger(total) || total < 1 || total > count || !(index < total)) {
    throw new CliError(
      `--shard must be K/N with N from 1 to the count (${count}) and K from 0 to N-1, such as 0/4; got ${JSON.stringify(text)}`,
    );
  }
  return { index, total };
}
