import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createGenerator, GENERATOR_VERSION } from 'ussynth';
import { DOCS_THEME } from './docs-theme.js';
import { shapeOperations } from '../../../openapi/operation-shape.js';
import { API_VERSION, SERVER_PACKAGE_VERSION } from '../../../openapi/versions.js';

/**
 * OpenAPI 3.1 from the route schemas at /v1/openapi.json and a human-readable page at /v1/docs (no key needed).
 * Registered before the API routes so it sees them. The app's security headers hook (hooks/security-headers.ts) gives everything under
 * /v1/docs the page security headers (CSP, no framing).
 * @example await app.register(docsRoutes)
 */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  const datasetVersion = createGenerator({ seed: 0 }).datasetVersion;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ussynth REST API',
        version: API_VERSION,
        description:
          `Versions: API ${API_VERSION} (this document, the \`/v1\` contract); server package ussynth-server ${SERVER_PACKAGE_VERSION}; ` +
          `generator ${GENERATOR_VERSION} and dataset ${datasetVersion} (what a seed gives; every generated response names them in its ` +
          '`X-Ussynth-Generator-Version` and `X-Ussynth-Dataset-Version` headers).\n\n' +
          'Synthetic US test data (addresses, EINs, phones, ZIP lookups, companies, households with their members, employees); never real. Every data request needs an `x-api-key` header. ' +
          'Enterprise accounts with SSO also send `Authorization: Bearer <access token>` from their OpenID Provider ([single sign-on](/docs/sso.html)). ' +
          'Errors are application/problem+json with a stable `code` ([error codes](/docs/errors.html)). Monthly quotas count records per calendar month in UTC. ' +
          'More: [the API guide](/docs/api.html), [the TypeScript client](/docs/client.html), [accounts and keys](/docs/accounts.html), [the free demo](/), [sign up](/signup).',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          ssoToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              "An access token of the Enterprise account's OpenID Provider, next to the key ([single sign-on](/docs/sso.html)).",
          },
        },
      },
    },
    // Only the OpenAPI 3 form is made here (openapi: above); its operations get their ids and headers.
    transformObject: (documentObject) =>
      'openapiObject' in documentObject ? shapeOperations(documentObject.openapiObject) : documentObject.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/v1/docs',
    theme: DOCS_THEME,
    uiHooks: {
      onRequest(request, reply, done) {
        // @fastify/swagger-ui 6 redirects /static/index.html to the docs page only when no query follows, else to
        // the very same URL, forever: answer that redirect here, with the query dropped.
        if (request.url.startsWith('/v1/docs/static/index.html?')) return void reply.redirect('/v1/docs/');
        done();
      },
    },
  });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
// Not encapsulated: @fastify/swagger must see the API routes registered next to it.
(docsRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
