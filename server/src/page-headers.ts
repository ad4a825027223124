import type { FastifyReply } from 'fastify';

/**
 * The Content-Security-Policy of every HTML page the service sends: scripts,
 * styles and requests only from this origin (no inline script, no eval),
 * no plugins, no framing by any site, no <base> rewriting, forms only to
 * this origin.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Sets the headers of an HTML page: the CSP above, no framing (also for
 * browsers that predate frame-ancestors), no referrer (page URLs may carry
 * a link's token after `#`, which is never sent, but no path should leak
 * either), and nosniff.
 * @example setPageHeaders(reply); reply.sendFile('signin.html');
 */
export function setPageHeaders(reply: Pick<FastifyReply, 'header'>): void {
  reply.header('content-security-policy', PAGE_CSP);
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-content-type-options', 'nosniff');
}
