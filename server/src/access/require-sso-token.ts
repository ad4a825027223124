import type { FastifyRequest } from 'fastify';

/**
 * onRequest hook of the API routes, after `authenticate`: an Enterprise
 * account with SSO also needs its provider's access token (SsoVerifier).
 * Other tiers pass on one comparison; an Enterprise account without SSO on
 * a map lookup of its cached settings. A separate hook, so key checking
 * stays as it is. Sets `request.ssoSubject` (the token's `sub`, for the
 * access log).
 * @example api.addHook('onRequest', authenticate); api.addHook('onRequest', requireSsoToken);
 */
export async function requireSsoToken(request: FastifyRequest): Promise<void> {
  const access = request.access;
  const sso = request.server.ussynth.sso;
  if (access === null || access.key.tier !== 'enterprise') return;
  request.ssoSubject = await sso.check(access.key.accountId, request.headers.authorization, access.now);
}
