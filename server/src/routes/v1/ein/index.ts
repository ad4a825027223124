import { debitThenServe } from '../../../access/debit-then-serve.js';
import { objectOf } from '../../../schemas/params.js';
import { problemResponses } from '../../../schemas/problem.js';
import { strictQueryFor } from '../../../validation/strict-query.js';
import type { TypeBoxApp } from '../../typebox-app.js';
import { API_ROUTE, GENERATED_HEADERS, seededGenerator, UNCOMPRESSED } from '../seeded-generator.js';

/**
 * GET /v1/ein: one synthetic EIN, 1 record of quota.
 * @example await app.register(einRoutes)
 */
export async function einRoutes(app: TypeBoxApp): Promise<void> {
  app.get(
    '/ein',
    {
      ...strictQueryFor('seed'),
      ...UNCOMPRESSED,
      schema: {
        ...API_ROUTE,
        summary: 'One synthetic EIN',
        querystring: objectOf('seed'),
        response: {
          200: { description: 'An EIN', $ref: 'ein#', headers: GENERATED_HEADERS },
          ...problemResponses(400, 401, 403, 429, 500, 503),
        },
      },
    },
    (request, reply) => {
      const { seed } = request.query;
      const generator = seededGenerator(seed, reply);
      return debitThenServe(request, reply, 1, () => generator.ein());
    },
  );
}
