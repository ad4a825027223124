import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { writeRawProblem } from './raw-problem.js';

/**
 * Answers CONNECT (which Node hands to a 'connect' listener, or else drops
 * without a word) like any other method the API does not take: 405
 * `method_not_allowed` problem+json with `Allow`, then the connection closes.
 * Whatever the client sent after the head is read and discarded, so closing
 * does not reset the connection before the answer arrives.
 * @example app.server.on('connect', connectHandler)
 */
export function connectHandler(_request: IncomingMessage, socket: Socket): void {
  socket.on('error', () => {});
  socket.resume();
  writeRawProblem(
    socket,
    'method_not_allowed',
    `CONNECT is not supported (this is not a proxy); the API takes GET and HEAD`,
    { Allow: 'GET, HEAD' },
  );
  // A client that never closes its side would keep the socket: it is closed once the answer is out.
  socket.once('finish', () => setTimeout(() => socket.destroy(), 1000).unref());
}
