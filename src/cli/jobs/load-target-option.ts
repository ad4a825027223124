import { LoadError } from '../../load/load-error.js';
import { type LoadTarget, parseLoadTarget } from '../../load/load-target.js';
import { targetFromOption } from '../../load/target-source.js';
import { CliError } from '../command.js';

/**
 * The database `--to` names (a URL, `env:NAME` or `@FILE`), parsed; a target the loaders refuse is a CliError
 * (exit 2) that starts with `--to:` and never shows the password.
 * @example loadTargetOption('env:DATABASE_URL', process.env).dialect // "postgres"
 */
export function loadTargetOption(to: string, env: NodeJS.ProcessEnv): LoadTarget {
  try {
    return parseLoadTarget(targetFromOption(to, env));
  } catch (error) {
    if (error instanceof LoadError) throw new CliError(`--to: ${error.message}`);
    throw error;
  }
}
