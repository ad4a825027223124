import { CliError, parseOptions, type CommandIo } from 'ussynth/cli';
import { TIER_LIMITS, type Tier } from '../store/tiers.js';
import type { AccountRecord } from '../store/account-store.js';
import type { Store } from '../store/store.js';

/** Option specs of node:util's parseArgs. */
export type Options = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;

/** The values parsed for `T`: a string (strings when repeatable) or a boolean per option, absent when not given. */
export type OptionValues<T extends Options> = {
  [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : T[K]['multiple'] extends true ? string[] : string;
};

/**
 * Parses a command's options with the library CLI's parser (an unknown option is an error naming it and pointing at
 * `ussynth-server <command> --help`; a repeated option is refused unless declared `multiple`) and checks the number
 * of positionals.
 * @example const { values } = parse('keys', args, { json: { type: 'boolean' } });
 */
export function parse<T extends Options>(
  command: string,
  args: string[],
  options: T,
  positionalCount = 0,
  what = 'key ID',
): { values: OptionValues<T>; positionals: string[] } {
  const parsed = parseOptions(command, args, options, positionalCount > 0, 'ussynth-server');
  if (parsed.positionals.length !== positionalCount) {
    throw new CliError(
      positionalCount === 1 ? `expected exactly one ${what}` : `unexpected argument "${parsed.positionals[0]}"`,
    );
  }
  return { values: parsed.values as OptionValues<T>, positionals: parsed.positionals };
}

/**
 * The limits of a tier: fixed for Standard and Pro (refusing --rate and --monthly-quota), given for Enterprise.
 * @example tierLimits('enterprise', '500', '50000000') // { rate: 500, monthlyQuota: 50000000 }
 */
export function tierLimits(
  tier: Tier,
  rate: string | undefined,
  quota: string | undefined,
): { rate: number; monthlyQuota: number } {
  if (tier !== 'enterprise') {
    if (rate !== undefined || quota !== undefined)
      throw new CliError(
        `--rate and --monthly-quota are set per account for enterprise only; ${tier} has fixed limits`,
      );
    return TIER_LIMITS[tier];
  }
  return {
    rate: positive(rate, '--rate', 'requests per second', 100_000),
    monthlyQuota: positive(quota, '--monthly-quota', 'records per month', 1e12),
  };
}

function positive(text: string | undefined, option: string, unit: string, max: number): number {
  if (text === undefined) throw new CliError(`enterprise keys need ${option} N (${unit})`);
  if (!/^[1-9][0-9]*$/.test(text) || Number(text) > max)
    throw new CliError(`${option} must be a whole number of ${unit} from 1 to ${max}, got ${JSON.stringify(text)}`);
  return Number(text);
}

/**
 * Writes a plain-text table: the header, then the rows, columns padded to their widest cell, two spaces apart.
 * @example table(io, ['ID', 'NAME'], [['k1', 'ci']]);
 */
export function table(io: CommandIo, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const row of [header, ...rows])
    io.stdout.write(
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd() + '\n',
    );
}

/**
 * The account of that name, or a CliError (exit 1) that says how to list them.
 * @example const account = await accountNamed(store, 'acme');
 */
export async function accountNamed(store: Store, name: string): Promise<AccountRecord> {
  const account = await store.accounts.findAccountByName(name);
  if (!account)
    throw new CliError(`no account named ${JSON.stringify(name)}; \`ussynth-server accounts list\` shows them`, 1);
  return account;
}
