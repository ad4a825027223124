// A real `ussynth serve` for the client's tests, started only through the built
// binary (dist/cli/main.js, built by `npm test`) on a fresh store and a free
// loopback port, with keys made by `ussynth keys create`. Nothing of the
// server's own code is imported, so these tests do not care where it lives.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The compiled binary. */
const BINARY = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

// The server folds usage into the store every second; `keys list` shows it after the next fold.
const FOLD_WAIT_MS = 1500;

/**
 * Limits of a key: a tier's own, or an enterprise key's rate (requests/s) and monthly quota (records).
 * @example const limits: KeyLimits = { tier: 'enterprise', rate: 1, monthlyQuota: 1000 }
 */
export type KeyLimits = { tier: 'standard' | 'pro' } | { tier: 'enterprise'; rate: number; monthlyQuota: number };

/**
 * A running server on its own store.
 * @example const server = await spawnServer(); const key = server.createKey('acme', { tier: 'standard' });
 */
export interface SpawnedServer {
  /** `http://127.0.0.1:PORT`, the service root. */
  url: string;
  /** The environment the server and its `keys` commands run with (USSYNTH_DB). */
  env: NodeJS.ProcessEnv;
  /** Creates a key for a new account and returns it. */
  createKey(account: string, limits: KeyLimits): string;
  /** Records the account used this month, as `keys list` shows them once the server has folded its usage into the store (every second). */
  usedBy(account: string): Promise<number>;
  /** SIGTERM, wait for the exit, remove the store. */
  stop(): Promise<void>;
}

function keysCommand(env: NodeJS.ProcessEnv, args: string[]): string {
  const result = spawnSync(process.execPath, [BINARY, 'keys', ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ussynth keys ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/**
 * Starts `ussynth serve --no-dev-key` with PORT=0 on a temporary store and
 * resolves once it prints `listening on http://127.0.0.1:PORT`. `extraEnv`
 * adds configuration, such as USSYNTH_WEB_DIR.
 * @example const server = await spawnServer(); try { ... } finally { await server.stop() }
 */
export async function spawnServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<SpawnedServer> {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run \`npm run build\` first (npm test does)`);
  const dir = mkdtempSync(join(tmpdir(), 'ussynth-client-'));
  const env = { ...process.env, PORT: '0', USSYNTH_DB: join(dir, 'store.sqlite'), LOG_LEVEL: 'warn', ...extraEnv };
  const child: ChildProcess = spawn(process.execPath, [BINARY, 'serve', '--no-dev-key'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`ussynth serve exited ${code} before listening: ${output}`)));
  });
  return {
    url,
    env,
    createKey(account, limits) {
      const extra =
        limits.tier === 'enterprise'
          ? ['--rate', String(limits.rate), '--monthly-quota', String(limits.monthlyQuota)]
          : [];
      return (
        JSON.parse(keysCommand(env, ['create', '--account', account, '--tier', limits.tier, ...extra, '--json'])) as {
          key: string;
        }
      ).key;
    },
    async usedBy(account) {
      await new Promise((resolve) => setTimeout(resolve, FOLD_WAIT_MS));
      const keys = JSON.parse(keysCommand(env, ['list', '--json'])) as { account: string; used: number }[];
      const key = keys.find((k) => k.account === account);
      if (!key) throw new Error(`no key of account ${account}`);
      return key.used;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
