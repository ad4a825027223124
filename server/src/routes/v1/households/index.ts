import { checkRange } from 'ussynth';
import { debitThenServe } from '../../../access/debit-then-serve.js';
import { relatedRecordUnits } from '../../../access/record-units.js';
import { objectOf } from '../../../schemas/params.js';
import { problemResponses } from '../../../schemas/problem.js';
import { strictQueryFor } from '../../../validation/strict-query.js';
import type { TypeBoxApp } from '../../typebox-app.js';
import { slicedRecords } from '../sliced-records.js';
import { API_ROUTE, checkGeneratableState, GENERATED_HEADERS, seededGenerator } from '../seeded-generator.js';

/**
 * GET /v1/households: `count` households (default 10, 1..1000), each with its members, from record `start` of the
 * seed's household stream of `state`; a household is 3 records of quota, whatever its size (record-units.ts).
 * @example await app.register(householdsRoutes)
 */
export async function householdsRoutes(app: TypeBoxApp): Promise<void> {
  app.get(
    '/households',
    {
      ...strictQueryFor('count', 'state', 'fictional', 'seed', 'start'),
      schema: {
        ...API_ROUTE,
        summary: 'A page of synthetic households with their members',
        description:
          "Records `start .. start+count-1` of the seeded household stream of `state` (the library's `households()`), each with its `members` nested; pages of any split give the same records. A household is 3 records of quota, whatever its size.",
        querystring: objectOf('count', 'state', 'fictional', 'seed', 'start'),
        response: {
          200: { description: 'A page of households', $ref: 'households#', headers: GENERATED_HEADERS },
          ...problemResponses(400, 401, 403, 429, 500, 503),
        },
      },
    },
    (request, reply) => {
      const { count, state, fictional, seed, start } = request.query;
      const generator = seededGenerator(seed, reply, fictional);
      checkGeneratableState(generator, state);
      checkRange(start, count);
      const units = relatedRecordUnits('household');
      return debitThenServe(request, reply, count * units, async () => ({
        count,
        households: await slicedRecords(start, count, units, (from, size) =>
          generator.households({ start: from, count: size, state }),
        ),
      }));
    },
  );
}
