import { spawn, type ChildProcess } from 'node:child_process';

// The real binary, built by `npm test` (npm run build) before vitest runs.
const BIN = new URL('../dist/cli/main.js', import.meta.url).pathname;

/** A running `ussynth-server serve` process and everything it printed. */
export interface ServeProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** stdout and stderr so far (the banner and the log lines). */
  output(): string;
}

/**
 * Starts `ussynth-server serve --no-dev-key` on PORT=0 with `env` and
 * resolves once it prints where it listens.
 * @example const serve = await spawnServe({ ...process.env, USSYNTH_DB: db, LOG_LEVEL: 'info' });
 */
export function spawnServe(env: NodeJS.ProcessEnv): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--no-dev-key'], { env: { ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ child, url: match[1], output: () => output });
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)));
  });
}

/**
 * Runs an operator command of the binary without blocking this process (a
 * test's OpenID Provider answers the command's requests from here).
 * @example const { status, stdout } = await runServerCli(['accounts', 'sso', 'show', 'bigco'], env);
 */
export function runServerCli(args: string[], env: NodeJS.ProcessEnv, stdin = ''): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(stdin);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
