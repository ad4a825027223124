import type { FastifyInstance } from 'fastify';
import { objectOf } from '../../../schemas/params.js';
import { problemResponses } from '../../../schemas/problem.js';
import type { SlaService } from '../../../sla/sla-service.js';
import { strictQueryFor } from '../../../validation/strict-query.js';
import { API_ROUTE } from '../seeded-generator.js';
import { ACCOUNT_SLA_SCHEMA } from './sla-schema.js';

/**
 * GET /v1/sla: the key's account's availability this month and last, as the
 * service measured it, its objective and the credit owed (docs/sla.md).
 * Rate limited like every call; costs no quota.
 * @example await app.register(slaRoutes, { sla })
 */
export async function slaRoutes(app: FastifyInstance, { sla }: { sla: SlaService }): Promise<void> {
  app.get(
    '/sla',
    {
      ...strictQueryFor(),
      schema: {
        ...API_ROUTE,
        summary:
          "The account's measured availability this month and last, its objective and the credit owed (costs no quota)",
        querystring: objectOf(),
        response: {
          200: { description: "The SLA of the key's account", ...ACCOUNT_SLA_SCHEMA },
          ...problemResponses(400, 401, 403, 429, 503),
        },
      },
    },
    async (request) => {
      const key = request.access!.key;
      return sla.accountSla(key.accountId, key.tier);
    },
  );
}
