import type { CommandIo } from 'ussynth/cli';
import { escapedText } from '../text/escaped-text.js';

/**
 * The command's io with its standard output passed through escapedText:
 * the operator commands print text that sign-ups chose (addresses, key and
 * account names), which must never reach the terminal raw.
 * @example return withStore(io, (store) => run(rest, terminalSafeIo(io), store));
 */
export function terminalSafeIo(io: CommandIo): CommandIo {
  const stdout = io.stdout;
  const safe = Object.create(stdout) as CommandIo['stdout'];
  safe.write = ((chunk: unknown, ...rest: unknown[]) =>
    (stdout.write as (...args: unknown[]) => boolean)(
      typeof chunk === 'string' ? escapedText(chunk) : chunk,
      ...rest,
    )) as CommandIo['stdout']['write'];
  return { ...io, stdout: safe };
}
