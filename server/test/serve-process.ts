import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';

// The real binary, built by `npm test` (npm run build) before vitest runs.
export const BIN = new URL('../dist/cli/main.js', import.meta.url).pathname;

/** A running `ussynth-server serve` process. */
export interface ServeProcess {
  child: ChildProcess;
  /** Base URL from its banner. */
  url: string;
  /** Port it listens on. */
  port: number;
  /** What it printed before it listened. */
  banner: string;
  /** Everything it printed on stdout so far (banner and log lines). */
  output: () => string;
  /** Everything it printed on stderr so far. */
  errors: () => string;
  /** Its exit status (null when killed by a signal). */
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];

/**
 * The environment of a server process on store `db`: a free port, logs at `logLevel`.
 * @example await serve({ env: serverEnv(join(dir, 'store.sqlite')) }, '--no-dev-key')
 */
export function serverEnv(db: string, logLevel = 'warn'): NodeJS.ProcessEnv {
  return { ...process.env, USSYNTH_DB: db, PORT: '0', LOG_LEVEL: logLevel };
}

/** Kills every process these helpers started that is still running (for afterAll). */
export function killServers(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Options of a spawned process: its environment, a user to run as (tests running as root), a time limit (commands). */
export interface SpawnOptions {
  env: NodeJS.ProcessEnv;
  uid?: number;
  gid?: number;
  timeoutMs?: number;
}

/**
 * Starts `ussynth-server serve` and resolves once it listens (with `--no-dev-key`) or has printed its
 * development key; rejects with its output if it exits first.
 */
export function serve(options: SpawnOptions, ...args: string[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    env: options.env,
    uid: options.uid,
    gid: options.gid,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(stdout);
      if (match && (args.includes('--no-dev-key') || stdout.includes('curl'))) {
        resolve({
          child,
          url: match[1],
          port: Number(match[2]),
          banner: stdout,
          output: () => stdout,
          errors: () => stderr,
          exited,
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${stdout}${stderr}`)));
  });
}

/**
 * Runs an operator command of the binary without blocking this process (a
 * test's OpenID Provider answers the command's requests from here).
 * @example const { status, stdout } = await runServerCli(['accounts', 'sso', 'show', 'bigco'], env);
 */
export function runServerCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin = '',
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin!.end(stdin);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs a `ussynth-server` command (keys ...) to its end. */
export function runServerCommand(options: SpawnOptions, ...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [BIN, ...args], {
    env: options.env,
    uid: options.uid,
    gid: options.gid,
    timeout: options.timeoutMs,
    encoding: 'utf8',
  });
}

/** Creates an enterprise key on a new account with `keys create` and returns the key. */
export function keysCreate(options: SpawnOptions, account: string, rate: number, quota: number): string {
  const result = runServerCommand(
    options,
    'keys',
    'create',
    '--account',
    account,
    '--tier',
    'enterprise',
    '--rate',
    String(rate),
    '--monthly-quota',
    String(quota),
    '--json',
  );
  if (result.status !== 0) throw new Error(`keys create failed: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { key: string }).key;
}

/** Records the account used this month, as `keys list --json` reports them. */
export function usedBy(options: SpawnOptions, account: string): number {
  const result = runServerCommand(options, 'keys', 'list', '--json');
  if (result.status !== 0) throw new Error(`keys list failed: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { account: string; used: number }[]).find((k) => k.account === account)!.used;
}

/** Resolves when `condition` holds, checking every 20 ms; rejects after `timeoutMs` saying what was awaited. */
export async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const giveUp = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > giveUp) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Requests kept going against a server by a few concurrent clients, and what they got. */
export interface Load {
  /** Responses received, by status. */
  statuses: Map<number, number>;
  /** Responses with this status so far. */
  count(status: number): number;
  /** Answers that were neither 200 nor the expected refusal, described. */
  unexpected: string[];
  /** Requests that failed without an answer (the server went away while they were in flight). */
  failed: number;
  /** 503 answers without a Retry-After header. */
  withoutRetryAfter: number;
  /** The longest a request took, in ms, by answer status. */
  slowest: Map<number, number>;
  /** Stops the clients and waits for their last requests. */
  stop(): Promise<void>;
}

/**
 * Keeps `concurrency` clients sending GET `path` with `key` until stopped. An answer other than 200 counts as
 * expected only when it is problem+json with one of `refusals` (e.g. 503 store_unavailable); a client whose
 * request fails without an answer stops (the server died under it).
 */
export function startLoad(
  url: string,
  key: string,
  path: string,
  concurrency: number,
  refusals: readonly string[] = [],
): Load {
  const statuses = new Map<number, number>();
  const slowest = new Map<number, number>();
  const unexpected: string[] = [];
  let failed = 0;
  let withoutRetryAfter = 0;
  let stopped = false;
  const client = async () => {
    while (!stopped) {
      let response: Response;
      let text: string;
      const started = performance.now();
      try {
        response = await fetch(url + path, { headers: { 'x-api-key': key } });
        text = await response.text();
      } catch {
        failed++;
        return;
      }
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      slowest.set(response.status, Math.max(slowest.get(response.status) ?? 0, performance.now() - started));
      if (response.status === 200) continue;
      if (response.status === 503 && !response.headers.has('retry-after')) withoutRetryAfter++;
      const problem = response.headers.get('content-type')?.startsWith('application/problem+json')
        ? (JSON.parse(text) as { code?: string })
        : undefined;
      if (!problem?.code || !refusals.includes(problem.code))
        unexpected.push(`${response.status} ${text.slice(0, 200)}`);
    }
  };
  const clients = Array.from({ length: concurrency }, client);
  return {
    statuses,
    slowest,
    count: (status) => statuses.get(status) ?? 0,
    unexpected,
    get failed() {
      return failed;
    },
    get withoutRetryAfter() {
      return withoutRetryAfter;
    },
    async stop() {
      stopped = true;
      await Promise.all(clients);
    },
  };
}
