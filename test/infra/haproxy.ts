import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './free-port.js';

/** haproxy in front of several HTTP servers on loopback, for tests. */
export interface TestHaproxy {
  /** `http://127.0.0.1:PORT`, the address clients use. */
  url: string;
  /** The configuration it runs with. */
  config: string;
  stop(): Promise<void>;
}

/**
 * The haproxy configuration the tests use and docs/deploy.md shows: round
 * robin over the instances, each checked on /healthz every half second (not
 * /readyz, which fails while Redis is down, when instances still serve on
 * their fallbacks, and while PostgreSQL is down, when every instance answers
 * the same 503 anyway);
 * a request whose connection failed, or that got no answer or a 503 (a
 * draining instance refuses what it has not started), is sent again to
 * another instance, at most three times. GETs are idempotent, and a refused
 * or unanswered request was not charged. Nothing is sticky: an SSO sign-in
 * in progress travels sealed in the browser's cookie, so any instance
 * finishes it.
 * @example haproxyConfig(8080, [3001, 3002, 3003])
 */
export function haproxyConfig(port: number, backends: readonly number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  retries 3',
    '  option redispatch',
    '  retry-on conn-failure empty-response 503',
    '  option forwardfor',
    'frontend api',
    `  bind 127.0.0.1:${port}`,
    '  default_backend ussynth',
    'backend ussynth',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 1',
    ...backends.map((backend, i) => `  server instance${i + 1} 127.0.0.1:${backend} check`),
    '',
  ].join('\n');
}

/**
 * Starts Debian's haproxy (in the foreground) in front of `backends`.
 * @example const lb = await startHaproxy([3001, 3002, 3003]); await fetch(lb.url + '/healthz');
 */
export async function startHaproxy(backends: readonly number[]): Promise<TestHaproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'ussynth-haproxy-'));
  const port = await freePort();
  const config = haproxyConfig(port, backends);
  const path = join(dir, 'haproxy.cfg');
  writeFileSync(path, config);
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', path], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await waitForPort(port, 10_000, () =>
    child.exitCode !== null ? `haproxy exited ${child.exitCode}` : undefined,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; haproxy said: ${errors}`);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    config,
    async stop() {
      if (child.exitCode === null)
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
