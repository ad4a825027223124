import type { FastifyInstance } from 'fastify';

/**
 * The http URL a listening app answers on (the configured host, the bound
 * port: PORT=0 picks one), e.g. `http://127.0.0.1:3000`.
 * @example listeningUrl(app, '127.0.0.1') // 'http://127.0.0.1:41234'
 */
export function listeningUrl(app: FastifyInstance, host: string, fallbackPort = 0): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : fallbackPort;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
