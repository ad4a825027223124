import type { FastifyInstance } from 'fastify';
import { sessionCookie, setSessionCookie } from '../../accounts/session-cookie.js';
import { PAGE_HEADERS } from '../../http/page-headers.js';
import { signInFailurePage } from '../../sso/sign-in-failure-page.js';
import { clearSignInCookie, signInCookieName } from '../../sso/sign-in-cookie.js';
import { SSO_CALLBACK_PATH, SsoSignInError, type SsoSignIn } from '../../sso/sso-sign-in.js';

/**
 * GET /signin/sso/callback: where the provider sends the browser back. A
 * completed sign-in sets the session cookie and goes to the dashboard; a
 * forged, replayed, late or refused one gets a page saying so (400), never
 * an error trace. The sign-in cookie is cleared either way: a callback is
 * used once.
 * @example await app.register(ssoCallbackPage, { signIn, publicUrl })
 */
export async function ssoCallbackPage(
  app: FastifyInstance,
  { signIn, publicUrl }: { signIn: SsoSignIn; publicUrl: () => string },
): Promise<void> {
  app.get(SSO_CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.headers(PAGE_HEADERS);
    reply.header('cache-control', 'no-store');
    const base = publicUrl();
    const sealedSignIn = request.cookies[signInCookieName(base)];
    clearSignInCookie(reply, base);
    let message: string;
    try {
      const { sessionId } = await signIn.finish(sealedSignIn, new URL(request.url, base));
      setSessionCookie(reply, sessionCookie(base), sessionId);
      return reply.redirect('/dashboard', 303);
    } catch (error) {
      if (error instanceof SsoSignInError) {
        message = error.message;
        request.log.warn({ reason: message, ...error.logDetail }, 'SSO sign-in refused');
      } else {
        message = `The sign-in could not be completed just now; try again in a minute (request id ${request.id}).`;
        request.log.error({ err: error }, 'SSO sign-in failed');
      }
    }
    return reply.code(400).type('text/html; charset=utf-8').send(signInFailurePage(message));
  });
}
