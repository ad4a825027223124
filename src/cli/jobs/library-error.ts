import { UssynthError } from '../../index.js';
import { CliError } from '../command.js';

// The library's parameter names that the command line spells differently.
const OPTION_OF_PARAM: Readonly<Record<string, string>> = { emailDomain: '--email-domain' };

/**
 * Runs `action`; a UssynthError becomes a CliError naming the option (the
 * library's message already says what is wrong and what is expected).
 * @example const gen = asCliError(() => createGenerator({ seed }))
 */
export function asCliError<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (error instanceof UssynthError) {
      const option = error.param === undefined ? undefined : (OPTION_OF_PARAM[error.param] ?? `--${error.param}`);
      throw new CliError(option === undefined ? error.message : `${option}: ${error.message}`);
    }
    throw error;
  }
}
