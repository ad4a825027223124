import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, waitForPort } from './free-port.js';

/** A real Redis server on loopback for tests (no persistence: a restart loses its data, as the failure test wants). */
export interface TestRedis {
  port: number;
  /** `redis://127.0.0.1:PORT`. */
  url: string;
  /** Kills it (SIGKILL): clients see a dead server. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

/**
 * Starts Debian's redis-server on a free loopback port with `--save ''`
 * (nothing kept across restarts) and returns its handle.
 * @example const redis = await startRedis(); ... await redis.stop();
 */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'],
      { stdio: 'ignore' },
    );
    await waitForPort(port, 10_000);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start };
}
