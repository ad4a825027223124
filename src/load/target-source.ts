import { readFileSync } from 'node:fs';
import { LoadError } from './load-error.js';

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The target `--to` names: `env:NAME` reads it from the environment variable NAME, `@FILE` from the first line of
 * FILE, so the URL and its password stay off the command line (`ps`, shell history); anything else is the target
 * itself. A variable unset or empty, or a file missing or empty, is a LoadError (`invalid_load_option`).
 * @example targetFromOption('env:DATABASE_URL', { DATABASE_URL: 'postgres://app:s@db/test' }) // "postgres://app:s@db/test"
 */
export function targetFromOption(
  option: string,
  env: NodeJS.ProcessEnv,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): string {
  if (option.startsWith('env:')) {
    const name = option.slice('env:'.length);
    if (!VARIABLE_NAME.test(name))
      throw new LoadError(
        'invalid_load_option',
        `env: takes an environment variable name (letters, digits, _), such as env:DATABASE_URL; got ${JSON.stringify(name)}`,
      );
    const value = env[name]?.trim();
    if (value === undefined || value === '')
      throw new LoadError(
        'invalid_load_option',
        `the environment variable ${name} (from env:${name}) is not set or empty`,
      );
    return value;
  }
  if (option.startsWith('@')) {
    const path = option.slice(1);
    if (path === '')
      throw new LoadError('invalid_load_option', '@ takes a file holding the target URL, such as @db-url.txt');
    let text: string;
    try {
      text = readFile(path);
    } catch (error) {
      throw new LoadError(
        'invalid_load_option',
        `cannot read the target from ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
    const line = text
      .split(/\r?\n/)
      .find((candidate) => candidate.trim() !== '')
      ?.trim();
    if (line === undefined) throw new LoadError('invalid_load_option', `${path} (from @${path}) holds no target URL`);
    return line;
  }
  return option;
}
