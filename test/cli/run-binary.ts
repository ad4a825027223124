// Spawns the real `ussynth` binary (dist/cli/main.js, built by `npm run build`) and collects its output.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The compiled binary the tests run. */
export const BINARY = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run \`npm run build\` first (npm test does)`);

/** What a finished run gave. */
export interface BinaryResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * Where and how the binary runs.
 * @example await runBinary(['ein', '--remote', url], { env: { ...process.env, USSYNTH_API_KEY: key } })
 */
export interface BinaryOptions {
  cwd?: string;
  /** A prefix run by sh before exec'ing node, e.g. "ulimit -f 64;". */
  shell?: string;
  /** The environment (default this process's). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs `node dist/cli/main.js ...args` to completion with piped stdio.
 * @example const { status, stdout } = await runBinary(['zip', '10001'])
 */
export function runBinary(args: string[], options: BinaryOptions = {}): Promise<BinaryResult> {
  return finished(startBinary(args, options));
}

/**
 * Starts the binary without waiting, for tests that signal it.
 * @example const child = startBinary(['address', '--count', '100000000', '--out', path])
 */
export function startBinary(args: string[], options: BinaryOptions = {}): ChildProcess {
  if (options.shell !== undefined) {
    const quoted = [process.execPath, BINARY, ...args].map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`).join(' ');
    return spawn('sh', ['-c', `${options.shell} exec ${quoted}`], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
  return spawn(process.execPath, [BINARY, ...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Collects a started child's output and waits for it to exit.
 * @example await finished(startBinary(['ein']))
 */
export function finished(child: ChildProcess): Promise<BinaryResult> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status, signal) =>
      resolve({ status, signal, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
}
