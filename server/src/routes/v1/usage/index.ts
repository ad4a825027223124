import type { FastifyInstance } from 'fastify';
import type { PlanService } from '../../../accounts/plan-service.js';
import { objectOf } from '../../../schemas/params.js';
import { problemResponses } from '../../../schemas/problem.js';
import { strictQueryFor } from '../../../validation/strict-query.js';
import { USAGE_SCHEMA } from '../../account/schemas.js';
import { API_ROUTE } from '../seeded-generator.js';

/**
 * GET /v1/usage: the key's account, its plan, this month's records against
 * the quota, the last 30 days and refused requests, for a CI job to check
 * its budget. Rate limited like every call; costs no quota.
 * @example await app.register(usageRoutes, { plans })
 */
export async function usageRoutes(app: FastifyInstance, { plans }: { plans: PlanService }): Promise<void> {
  app.get(
    '/usage',
    {
      ...strictQueryFor(),
      schema: {
        ...API_ROUTE,
        summary: "The account's usage this month and the last 30 days (costs no quota)",
        querystring: objectOf(),
        response: {
          200: { description: "Usage of the key's account", ...USAGE_SCHEMA },
          ...problemResponses(400, 401, 403, 429, 503),
        },
      },
    },
    async (request) => {
      const key = request.access!.key;
      // A key's planEndsAt already counts an account without a plan (from the time it had none).
      const [usage, quotaNotices] = await Promise.all([
        plans.usage({
          id: key.accountId,
          tier: key.tier,
          rate: key.rate,
          monthlyQuota: key.monthlyQuota,
          planEndsAt: key.planEndsAt,
          noPlanSince: null,
        }),
        app.ussynth.quotaNotices.status(key.accountId, request.access!.now),
      ]);
      return { ...usage, quotaNotices };
    },
  );
}
