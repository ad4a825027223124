import type { FastifyInstance } from 'fastify';
import type { PeopleService } from '../../accounts/people-service.js';
import { sessionCookie } from '../../accounts/session-cookie.js';
import { PAGE_HEADERS } from '../../http/page-headers.js';

/** The account pages: path -> file of the built web folder. */
export const ACCOUNT_PAGES: Readonly<Record<string, string>> = {
  '/signup': 'signup.html',
  '/signin': 'signin.html',
  '/forgot-password': 'forgot-password.html',
  '/reset-password': 'reset-password.html',
  '/verify-email': 'verify-email.html',
  '/dashboard': 'dashboard.html',
};

/**
 * The account pages (sign-up, sign-in, password reset, e-mail verification,
 * dashboard), each a static page of the web build that calls `/account/v1`.
 * A signed-out visitor of `/dashboard` is sent to `/signin`.
 * @example await app.register(accountPages, { people, publicUrl, webDir: 'server/web-dist' })
 */
export async function accountPages(
  app: FastifyInstance,
  options: { people: PeopleService; publicUrl: () => string; webDir: string },
): Promise<void> {
  for (const [path, file] of Object.entries(ACCOUNT_PAGES)) {
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      reply.headers(PAGE_HEADERS);
      reply.header('cache-control', 'no-store');
      if (path === '/dashboard') {
        const signedIn = await options.people.session(request.cookies[sessionCookie(options.publicUrl()).name]).then(
          () => true,
          () => false,
        );
        if (!signedIn) return reply.redirect('/signin', 303);
      }
      return reply.sendFile(file, options.webDir);
    });
  }
}
