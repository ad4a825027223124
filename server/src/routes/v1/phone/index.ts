import { debitThenServe } from '../../../access/debit-then-serve.js';
import { objectOf } from '../../../schemas/params.js';
import { problemResponses } from '../../../schemas/problem.js';
import { strictQueryFor } from '../../../validation/strict-query.js';
import type { TypeBoxApp } from '../../typebox-app.js';
import {
  API_ROUTE,
  checkGeneratableState,
  GENERATED_HEADERS,
  seededGenerator,
  UNCOMPRESSED,
} from '../seeded-generator.js';

/**
 * GET /v1/phone: one phone number of a state (or drawn by population), 1 record of quota.
 * @example await app.register(phoneRoutes)
 */
export async function phoneRoutes(app: TypeBoxApp): Promise<void> {
  app.get(
    '/phone',
    {
      ...strictQueryFor('state', 'fictional', 'seed'),
      ...UNCOMPRESSED,
      schema: {
        ...API_ROUTE,
        summary: 'One synthetic phone number',
        querystring: objectOf('state', 'fictional', 'seed'),
        response: {
          200: { description: 'A phone number', $ref: 'phone#', headers: GENERATED_HEADERS },
          ...problemResponses(400, 401, 403, 429, 500, 503),
        },
      },
    },
    (request, reply) => {
      const { state, fictional, seed } = request.query;
      const generator = seededGenerator(seed, reply);
      checkGeneratableState(generator, state);
      return debitThenServe(request, reply, 1, () => generator.phone({ state, fictional }));
    },
  );
}
