import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../../problem/problem-error.js';
import { authenticate } from '../../access/authenticate.js';
import { problemResponses } from '../../schemas/problem.js';
import { allowCrossOrigin } from '../../access/cors.js';
import { requireSsoToken } from '../../access/require-sso-token.js';
import { withRateLimitHeaders } from '../../access/rate-limit-error-handler.js';
import { errorHandler } from '../../problem/error-handler.js';
import { addressRoutes } from './address/index.js';
import { batchRoutes } from './batch/index.js';
import { companiesRoutes } from './companies/index.js';
import { employeesRoutes } from './employees/index.js';
import { householdsRoutes } from './households/index.js';
import { einRoutes } from './ein/index.js';
import { einsRoutes } from './eins/index.js';
import { phoneRoutes } from './phone/index.js';
import { phonesRoutes } from './phones/index.js';
import { usageRoutes } from './usage/index.js';
import { slaRoutes } from './sla/index.js';
import { zipRoutes } from './zip/index.js';

/** Paths of the data endpoints (for 405 answers): the router matches them for GET/HEAD only. */
export const API_PATHS: readonly RegExp[] = [
  /^\/v1\/(?:address|batch|companies|ein|eins|households|phone|phones|sla|usage)$/,
  /^\/v1\/zip\/[^/]*$/,
  /^\/v1\/companies\/[^/]*\/employees$/,
];

/**
 * The authenticated data API, registered under /v1: every route needs a key,
 * is rate limited, and answers with the RateLimit headers (set by debitThenServe
 * on success and by this scope's error handler on every refusal or error
 * after authentication, so no onSend hook runs per request).
 * @example await app.register(apiRoutes, { prefix: '/v1', batchThreads: 1 })
 */
export async function apiRoutes(app: FastifyInstance, options: { batchThreads: number }): Promise<void> {
  app.decorateRequest('access', null);
  app.decorateRequest('keyClaim', null);
  app.setErrorHandler(withRateLimitHeaders(errorHandler));
  app.addHook('onRequest', allowCrossOrigin);
  app.decorateRequest('ssoSubject', null);
  app.addHook('onRequest', authenticate);
  app.addHook('onRequest', requireSsoToken);
  // The test-only fault switch (USSYNTH_TEST_FAULT_FILE, refused with NODE_ENV=production): 500 after authentication.
  const { faultFile } = app.ussynth.sla;
  if (faultFile !== null) {
    app.addHook('preHandler', (_request, _reply, done) =>
      done(
        existsSync(faultFile)
          ? new ProblemError('internal_error', 'injected fault (USSYNTH_TEST_FAULT_FILE exists)')
          : undefined,
      ),
    );
  }
  // Every key-authenticated route can answer 402 (the account has no paid plan): documented once, here.
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<number, unknown> | undefined;
    if (response && !(402 in response)) Object.assign(response, problemResponses(402));
  });
  await app.register(addressRoutes);
  await app.register(batchRoutes, { threads: options.batchThreads });
  await app.register(einRoutes);
  await app.register(einsRoutes);
  await app.register(phoneRoutes);
  await app.register(phonesRoutes);
  await app.register(zipRoutes);
  await app.register(companiesRoutes);
  await app.register(householdsRoutes);
  await app.register(employeesRoutes);
  await app.register(usageRoutes, { plans: app.ussynth.plans });
  await app.register(slaRoutes, { sla: app.ussynth.sla });
}
