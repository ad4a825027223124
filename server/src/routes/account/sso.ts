import { normalizeEmail } from '../../accounts/email-address.js';
import { ProblemError } from '../../problem/problem-error.js';
import { problemResponses } from '../../schemas/problem.js';
import { setSignInCookie } from '../../sso/sign-in-cookie.js';
import type { SsoSignIn } from '../../sso/sso-sign-in.js';
import { ACCOUNT_ROUTE, type AccountRouteContext } from './account-route.js';
import type { TypeBoxApp } from '../typebox-app.js';
import { body, ISO_TIME, STRING } from './schemas.js';

const NULLABLE_STRING = { type: ['string', 'null'] } as const;

/** An Enterprise account's SSO settings as its people see them (never the client secret). */
const SSO_SETTINGS_SCHEMA = {
  type: 'object',
  required: ['sso', 'redirectUri'],
  properties: {
    sso: {
      type: ['object', 'null'],
      description: 'null: the account has no SSO (set by the operator for Enterprise accounts).',
      required: ['issuer', 'clientId', 'audience', 'orgClaim', 'orgValue', 'domains', 'updatedAt'],
      properties: {
        issuer: STRING,
        clientId: STRING,
        audience: STRING,
        orgClaim: NULLABLE_STRING,
        orgValue: NULLABLE_STRING,
        domains: { type: 'array', items: STRING },
        updatedAt: ISO_TIME,
      },
    },
    redirectUri: { type: 'string', description: 'The redirect URI to register at the provider.' },
  },
} as const;

/**
 * "Sign in with SSO" (the start of the flow; the provider returns to
 * /signin/sso/callback) and the account's SSO settings, read-only: an
 * Enterprise account's provider and e-mail domains are set by the operator,
 * who checks that the account owns the domains.
 * @example await app.register(accountSsoRoutes, { context, signIn })
 */
export async function accountSsoRoutes(
  app: TypeBoxApp,
  { context, signIn }: { context: AccountRouteContext; signIn: SsoSignIn },
): Promise<void> {
  app.post(
    '/sso/start',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        summary: "Start signing in through the SSO of the work e-mail's domain (sets the sign-in cookie)",
        body: body({ email: STRING }, ['email']),
        response: {
          200: {
            type: 'object',
            required: ['authorizationUrl'],
            properties: { authorizationUrl: { type: 'string', description: 'Send the browser here.' } },
          },
          ...problemResponses(400, 403, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const email = request.body.email;
      // Counted per IP like password sign-ins (each start asks the provider's discovery document and seals a sign-in),
      // and refused while the address's sign-in budget is spent; it checks no password, so it takes none of it.
      await context.people.throttled('sso', context.clientIp(request), normalizeEmail(email) ?? '');
      const { sealedSignIn, authorizationUrl } = await signIn.start(email);
      setSignInCookie(reply, context.publicUrl(), sealedSignIn);
      return { authorizationUrl };
    },
  );

  app.get(
    '/sso',
    {
      schema: {
        ...ACCOUNT_ROUTE,
        summary: "The account's SSO settings (read-only)",
        response: { 200: SSO_SETTINGS_SCHEMA, ...problemResponses(401) },
      },
    },
    async (request) => {
      const session = await context.session(request);
      const shown = await signIn.settings(session.account.id);
      if (shown === null) return { sso: null, redirectUri: signIn.redirectUri() };
      const { issuer, clientId, audience, orgClaim, orgValue, domains, updatedAt } = shown;
      return {
        sso: { issuer, clientId, audience, orgClaim, orgValue, domains, updatedAt },
        redirectUri: signIn.redirectUri(),
      };
    },
  );

  // No route changes SSO settings: members and owners alike get 403 here, not a silent 404 or 405.
  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/sso',
      schema: {
        ...ACCOUNT_ROUTE,
        summary: 'Refused: SSO settings are set by the operator',
        response: problemResponses(401, 403),
      },
      handler: async (request) => {
        const session = await context.session(request);
        const who = session.person.role === 'owner' ? 'the account owner' : 'a member';
        throw new ProblemError(
          'forbidden',
          `SSO settings are set by the operator (\`ussynth-server accounts sso set\`), who checks the account owns its domains; ${who} cannot change them here`,
        );
      },
    });
  }
}
