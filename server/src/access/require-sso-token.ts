import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isPromise } from '../runtime/awaitable.js';

/**
 * onRequest hook of the API routes, after `authenticate`: an Enterprise
 * account with SSO also needs its provider's access token (SsoVerifier).
 * Other tiers pass on one comparison; an Enterprise account without SSO on
 * a map lookup of its cached settings. A separate hook, so key checking
 * stays as it is. Sets `request.ssoSubject` (the token's `sub`, for the
 * access log).
 * @example api.addHook('onRequest', authenticate); api.addHook('onRequest', requireSsoToken);
 */
export function requireSsoToken(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const access = request.access;
  const sso = request.server.ussynth.sso;
  if (access === null || access.key.tier !== 'enterprise') return done();
  const subject = sso.check(access.key.accountId, request.headers.authorization, access.now);
  if (!isPromise(subject)) {
    request.ssoSubject = subject;
    return done();
  }
  subject.then((sub) => {
    request.ssoSubject = sub;
    done();
  }, done);
}
