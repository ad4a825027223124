import { connect, createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now (for a server a test starts).
 * @example const port = await freePort();
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Resolves once something accepts connections on 127.0.0.1:`port`; rejects
 * after `timeoutMs`, or as soon as `failed` returns a reason (a child that
 * exited, say).
 * @example await waitForPort(port, 10_000, () => (child.exitCode !== null ? `exited ${child.exitCode}` : undefined));
 */
export async function waitForPort(
  port: number,
  timeoutMs: number,
  failed: () => string | undefined = () => undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = failed();
    if (reason !== undefined) throw new Error(reason);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listened on 127.0.0.1:${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
