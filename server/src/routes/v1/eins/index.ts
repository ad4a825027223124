import { checkRange } from 'ussynth';
import { debitThenServe } from '../../../access/debit-then-serve.js';
import { objectOf } from '../../../schemas/params.js';
import { problemResponses } from '../../../schemas/problem.js';
import { strictQueryFor } from '../../../validation/strict-query.js';
import type { TypeBoxApp } from '../../typebox-app.js';
import { API_ROUTE, GENERATED_HEADERS, seededGenerator } from '../seeded-generator.js';

/**
 * GET /v1/eins: `count` EINs (default 10, 1..1000) from record `start` of the
 * seed's EIN stream, as /v1/batch pages addresses; `count` records of quota.
 * Record i is the library's `einAt(i)`, so pages of any split join into the
 * stream a local run writes.
 * @example await app.register(einsRoutes)
 */
export async function einsRoutes(app: TypeBoxApp): Promise<void> {
  app.get(
    '/eins',
    {
      ...strictQueryFor('count', 'seed', 'start'),
      schema: {
        ...API_ROUTE,
        summary: 'A page of synthetic EINs',
        description:
          'Records `start .. start+count-1` of the seeded EIN stream; /v1/ein is record 0 of the same stream.',
        querystring: objectOf('count', 'seed', 'start'),
        response: {
          200: { description: 'A page of EINs', $ref: 'eins#', headers: GENERATED_HEADERS },
          ...problemResponses(400, 401, 403, 429, 500, 503),
        },
      },
    },
    (request, reply) => {
      const { count, seed, start } = request.query;
      const generator = seededGenerator(seed, reply);
      checkRange(start, count);
      return debitThenServe(request, reply, count, () => {
        const eins = new Array(count);
        for (let i = 0; i < count; i++) eins[i] = generator.einAt(start + i);
        return { count, eins };
      });
    },
  );
}
