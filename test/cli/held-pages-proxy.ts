// A loopback HTTP proxy in front of a real API server that passes every request through unchanged, except that it
// holds the requests a test has not released yet, so a test decides in which order concurrent `--remote` runs reach
// the server (which page is debited first), instead of the scheduler.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Which requests a rule is about, from the request's URL (path and query). */
export type RequestMatch = (url: URL) => boolean;

/**
 * The proxy: its URL for `--remote`, and the test's controls.
 * @example const proxy = await startHeldPagesProxy(server.url, (url) => url.pathname !== '/v1/usage'); await proxy.release((url) => url.searchParams.get('seed') === 'a', 2);
 */
export interface HeldPagesProxy {
  /** `http://127.0.0.1:PORT`, to give as `--remote`. */
  url: string;
  /** Resolves once `count` requests that `match` have been answered (their whole body passed on). */
  answered(match: RequestMatch, count: number): Promise<void>;
  /** Passes the held requests that `match` through, and those that arrive later; resolves once `count` of them have been answered. */
  release(match: RequestMatch, count: number): Promise<void>;
  close(): Promise<void>;
}

interface Waiter {
  match: RequestMatch;
  count: number;
  resolve: () => void;
}

/**
 * Starts the proxy to `target` (the server's root URL): requests that `held` matches wait until a `release` matches
 * them; the others pass at once.
 * @example const proxy = await startHeldPagesProxy(server.url, (url) => url.pathname === '/v1/batch');
 */
export async function startHeldPagesProxy(target: string, held: RequestMatch): Promise<HeldPagesProxy> {
  const upstream = new URL(target);
  const waiting: { url: URL; pass: () => void }[] = [];
  const released: RequestMatch[] = [];
  const done: URL[] = [];
  const waiters: Waiter[] = [];
  const settle = (): void => {
    for (const waiter of [...waiters]) {
      if (done.filter(waiter.match).length < waiter.count) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const pass = (url: URL, incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const forwarded = request(
      new URL(`${url.pathname}${url.search}`, upstream),
      { method: incoming.method, headers: { ...incoming.headers, host: upstream.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
        answer.on('end', () => {
          done.push(url);
          settle();
        });
      },
    );
    forwarded.on('error', (error) => outgoing.destroy(error));
    // The client gave up on it (a run that stopped): so does the proxy.
    outgoing.on('close', () => forwarded.destroy());
    incoming.pipe(forwarded);
  };
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url!, upstream);
    if (!held(url) || released.some((match) => match(url))) pass(url, incoming, outgoing);
    else waiting.push({ url, pass: () => pass(url, incoming, outgoing) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const answered = (match: RequestMatch, count: number): Promise<void> =>
    new Promise((resolve) => {
      waiters.push({ match, count, resolve });
      settle();
    });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answered,
    release(match, count) {
      released.push(match);
      for (const request of waiting.filter((w) => match(w.url))) {
        waiting.splice(waiting.indexOf(request), 1);
        request.pass();
      }
      return answered(match, count);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
