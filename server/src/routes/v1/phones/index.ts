import { checkRange } from 'ussynth';
import { debitThenServe } from '../../../access/debit-then-serve.js';
import { objectOf } from '../../../schemas/params.js';
import { problemResponses } from '../../../schemas/problem.js';
import { strictQueryFor } from '../../../validation/strict-query.js';
import type { TypeBoxApp } from '../../typebox-app.js';
import { API_ROUTE, checkGeneratableState, GENERATED_HEADERS, seededGenerator } from '../seeded-generator.js';

/**
 * GET /v1/phones: `count` phone numbers (default 10, 1..1000) from record
 * `start` of the seed's phone stream of `state`, as /v1/batch pages
 * addresses; `count` records of quota. Record i is the library's
 * `phoneAt(i, { state, fictional })`.
 * @example await app.register(phonesRoutes)
 */
export async function phonesRoutes(app: TypeBoxApp): Promise<void> {
  app.get(
    '/phones',
    {
      ...strictQueryFor('count', 'state', 'fictional', 'seed', 'start'),
      schema: {
        ...API_ROUTE,
        summary: 'A page of synthetic phone numbers',
        description:
          'Records `start .. start+count-1` of the seeded phone stream of `state`; /v1/phone is record 0 of the same stream.',
        querystring: objectOf('count', 'state', 'fictional', 'seed', 'start'),
        response: {
          200: { description: 'A page of phone numbers', $ref: 'phones#', headers: GENERATED_HEADERS },
          ...problemResponses(400, 401, 403, 429, 500, 503),
        },
      },
    },
    (request, reply) => {
      const { count, state, fictional, seed, start } = request.query;
      const generator = seededGenerator(seed, reply);
      checkGeneratableState(generator, state);
      checkRange(start, count);
      return debitThenServe(request, reply, count, () => {
        const phones = new Array(count);
        for (let i = 0; i < count; i++) phones[i] = generator.phoneAt(start + i, { state, fictional });
        return { count, phones };
      });
    },
  );
}
