import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * Content-Security-Policy of the service's HTML pages: scripts, styles,
 * fonts, images and fetches from this origin only (no inline script, no
 * eval), no plugins, no `<base>` and no form posting elsewhere, and no framing
 * by any page (`frame-ancestors 'none'`, clickjacking). Images may also be
 * `data:` URIs (Swagger UI's icons).
 * @example reply.header('content-security-policy', PAGE_CSP)
 */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * The security headers of every HTML page (and the static files around it):
 * the CSP above, `X-Frame-Options: DENY` for browsers without
 * `frame-ancestors`, `Referrer-Policy: no-referrer` and `nosniff`.
 * @example for (const [name, value] of Object.entries(PAGE_HEADERS)) res.setHeader(name, value);
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': PAGE_CSP,
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

/**
 * The page headers of the API docs (Swagger UI): the same, but inline styles
 * are allowed, since Swagger UI's bundle sets style attributes in the markup
 * it renders (blocked, Chromium reports it). Styles cannot run script;
 * scripts stay same-origin files only.
 * @example reply.headers(DOCS_PAGE_HEADERS)
 */
export const DOCS_PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...PAGE_HEADERS,
  'content-security-policy': PAGE_CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
};

/**
 * An onRequest hook that gives a route's responses the page security headers;
 * pages reuse it as a route option.
 * @example app.get('/signin', { onRequest: pageHeaders }, handler)
 */
export function pageHeaders(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.headers(PAGE_HEADERS);
  done();
}
