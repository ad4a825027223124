import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from '../command.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parsed values: strings for value options (string arrays for `multiple` ones), booleans for flags.
 * @example parseOptions('ein', ['--count', '3'], options).values // { count: '3' }
 */
export type ParsedValues = Record<string, string | boolean | string[] | undefined>;

/**
 * `util.parseArgs` in strict mode with errors as CliError naming the option
 * and pointing at `<program> <command> --help`, and a repeated option
 * refused rather than silently taking the last value (unless declared
 * `multiple`). The one option parser of both CLIs: `ussynth` and
 * `ussynth-server` (which passes its own program name).
 * @example parseOptions('ein', ['--count', '5'], { count: { type: 'string' } }).values.count // "5"
 */
export function parseOptions(
  command: string,
  args: string[],
  options: Options,
  allowPositionals = false,
  program = 'ussynth',
): { values: ParsedValues; positionals: string[] } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(args, options),
      allowPositionals,
      options,
      strict: true,
      tokens: true,
    });
  } catch (error) {
    // Node's messages name the option; keep their first sentence and point at --help.
    const message = error instanceof Error ? error.message.split('. ')[0].replace(/\.$/, '') : String(error);
    throw new CliError(`${message}; run \`${program} ${command} --help\` for the options`);
  }
  const seen = new Set<string>();
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== 'option' || options[token.name]?.multiple) continue;
    if (seen.has(token.name)) throw new CliError(`option --${token.name} is given more than once`);
    seen.add(token.name);
  }
  return { values: parsed.values as ParsedValues, positionals: parsed.positionals };
}

// `--count -5`: parseArgs refuses a value starting with a dash as "ambiguous"; a number is not an option, so it is
// joined to its option (`--count=-5`) and the option's own check says what is wrong with it.
function joinNegativeValues(args: string[], options: Options): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i].startsWith('--') ? args[i].slice(2) : undefined;
    if (name !== undefined && options[name]?.type === 'string' && i + 1 < args.length && /^-[0-9.]/.test(args[i + 1])) {
      joined.push(`${args[i]}=${args[++i]}`);
    } else {
      joined.push(args[i]);
    }
  }
  return joined;
}

/**
 * A whole positive decimal number (no sign, exponent, fraction or separators).
 * @example positiveInteger('--count', '1000000', Number.MAX_SAFE_INTEGER) // 1000000
 */
export function positiveInteger(option: string, text: string, max: number): number {
  const value = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new CliError(`${option} must be a whole number from 1 to ${max}, got ${JSON.stringify(text)}`);
  }
  return value;
}
