import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { AccountKeyService } from '../../accounts/account-key-service.js';
import type { PeopleService } from '../../accounts/people-service.js';
import type { PlanService } from '../../accounts/plan-service.js';
import { sameToken } from '../../accounts/secret-token.js';
import { sessionCookie } from '../../accounts/session-cookie.js';
import { allowedOrigins, isSameOrigin } from '../../access/same-origin.js';
import { ProblemError } from '../../problem/problem-error.js';
import { ACCOUNT_BODY_LIMIT, type AccountRouteContext } from './account-route.js';
import { accountBillingRoutes } from './billing.js';
import { accountKeyRoutes } from './keys.js';
import { accountProfileRoutes } from './profile.js';
import { accountSessionRoutes } from './session.js';
import { accountSsoRoutes } from './sso.js';
import { accountSlaRoutes } from './sla.js';
import { accountQuotaNoticeRoutes } from './quota-notices.js';
import type { SlaService } from '../../sla/sla-service.js';
import type { SsoSignIn } from '../../sso/sso-sign-in.js';

/** Options of the account API and the pages that need a session. */
export interface AccountSiteOptions {
  /** Sign-up, sign-in, sessions, passwords, deletion. */
  people: PeopleService;
  /** The account's API keys. */
  accountKeys: AccountKeyService;
  /** Plans, billing and usage. */
  plans: PlanService;
  /** The public base URL (links, cookie security, allowed origins). */
  publicUrl: () => string;
  /** Dashboard sign-in through Enterprise accounts' SSO. */
  ssoSignIn: SsoSignIn;
  /** The SLA's terms and an account's measured month (the sign-up page and the dashboard). */
  sla: SlaService;
}

/**
 * The JSON account API under `/account/v1` that the dashboard pages use:
 * sign-up, verification, sessions, passwords, plan, keys and usage. Every
 * state-changing request must come from this site (Origin check); those of
 * a signed-in session must also carry its `x-csrf-token`. Every route takes
 * a body of at most ACCOUNT_BODY_LIMIT bytes (its `bodyLimit`, which the
 * request limits hook checks against the declared length, GETs included).
 * @example await app.register(accountApi, { prefix: '/account/v1', people, accountKeys, plans, ssoSignIn, publicUrl: () => 'http://127.0.0.1:3000' })
 */
export async function accountApi(app: FastifyInstance, options: AccountSiteOptions): Promise<void> {
  const { people, accountKeys, plans, publicUrl } = options;
  // Encapsulated here: only the account API and the pages (siteRoutes) read cookies, not /v1.
  await app.register(fastifyCookie);
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= ACCOUNT_BODY_LIMIT;
  });
  const cookie = () => sessionCookie(publicUrl());
  const context: AccountRouteContext = {
    people,
    accountKeys,
    plans,
    publicUrl,
    cookie,
    async session(request) {
      const session = await people.session(request.cookies[cookie().name]);
      if (
        request.method !== 'GET' &&
        request.method !== 'HEAD' &&
        !sameToken(request.headers['x-csrf-token'], session.csrfToken)
      ) {
        throw new ProblemError(
          'csrf_failed',
          "this request needs the session's x-csrf-token header (from GET /account/v1/me)",
        );
      }
      return session;
    },
    clientIp: (request) => request.ip,
  };
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    reply.header('cache-control', 'no-store');
    if (request.method !== 'GET' && request.method !== 'HEAD' && !isSameOrigin(request, allowedOrigins(publicUrl()))) {
      throw new ProblemError(
        'csrf_failed',
        "state-changing requests must come from a page of this site (the Origin header is missing or another site's)",
      );
    }
    done();
  });
  await app.register(accountSessionRoutes, { context });
  await app.register(accountProfileRoutes, { context });
  await app.register(accountKeyRoutes, { context });
  await app.register(accountBillingRoutes, { context });
  await app.register(accountSsoRoutes, { context, signIn: options.ssoSignIn });
  await app.register(accountSlaRoutes, { context, sla: options.sla });
  await app.register(accountQuotaNoticeRoutes, { context });
}
