import { maskedTarget } from '../load/masked-target.js';

let hidden = false;

/** An argument with the password of a database URL in it (`--to URL` or `--to=URL`) masked. */
function maskedArgument(arg: string): string {
  return arg.startsWith('--to=') ? '--to=' + maskedTarget(arg.slice('--to='.length)) : maskedTarget(arg);
}

/**
 * Rewrites this process's command line as others see it (`ps`, /proc/PID/cmdline) without the passwords of database
 * URLs among `argv` (process.argv), through process.title, which on Linux writes over the arguments' memory. Does
 * nothing when there is none, or once done; returns whether the title was changed. Between the start of the process
 * and this call (the loading of a few modules) the password is still visible: `--to env:NAME` and `--to @FILE`
 * (docs/cli.md) keep it off the command line altogether.
 * @example hidePasswordsFromCommandLine(process.argv)
 */
export function hidePasswordsFromCommandLine(argv: readonly string[]): boolean {
  if (hidden) return false;
  const args = argv.slice(1);
  const masked = args.map(maskedArgument);
  if (masked.every((arg, i) => arg === args[i])) return false;
  process.title = [process.argv0, ...process.execArgv, ...masked].join(' ');
  hidden = true;
  return true;
}
